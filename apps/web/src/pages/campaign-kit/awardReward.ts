// A campaign award as the reward popup shows it; a coupon prize reads its coupon first (value,
// threshold, the real expiry) through the award's detail.
import { isSuccess } from '../../request/types.ts';
import { api } from '../../request/api.ts';
import { type Award, type AwardCampaign, type Coupon } from './api.ts';
import type { Reward } from './RewardPopup.tsx';

export function couponReward(coupon: Coupon, title?: string): Reward {
  return {
    title,
    name: coupon.name,
    kind: 'coupon',
    value: `${coupon.valueText} ${coupon.thresholdText}`,
    expiresAt: coupon.expiresAt,
    coupon,
    image: '/api/campaign/assets/coupon.png',
  };
}

export function rewardOfAward(award: Award, coupon?: Coupon | null): Reward {
  if (award.kind === 'coupon' && coupon) return { ...couponReward(coupon), image: award.image };
  return {
    name: award.name,
    image: award.image,
    kind: award.kind,
    value: award.kind === 'points' ? `+${award.value} 积分` : undefined,
  };
}

/** The reward of an award just won; a coupon's detail is read, and left out if it cannot be. */
export async function loadAwardReward(award: Award): Promise<Reward> {
  if (award.kind !== 'coupon') return rewardOfAward(award);
  try {
    const reply = await api.call('awards.detail', {
      campaign: award.campaignId as AwardCampaign,
      id: award.id,
    });
    return rewardOfAward(award, isSuccess(reply) ? reply.data.coupon : null);
  } catch {
    return rewardOfAward(award);
  }
}
