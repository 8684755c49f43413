// /activity/coupon/core "领券中心": the centre's coupons by category; claim (login asked then),
// claimed and sold-out states; a claimed coupon opens its code. A claim tapped logged out completes
// when login returns (pendingAction, the template as payload); a claim shows the reward popup with
// the coupon's real expiry (the claim's reply).
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { Tabs } from '../campaign-kit/Tabs.tsx';
import { api } from '../../request/api.ts';
import { CODES, codeOf, type Coupon, type Template } from '../campaign-kit/api.ts';
import { couponReward } from '../campaign-kit/awardReward.ts';
import { countClaim } from '../campaign-kit/countClaim.ts';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { couponUsePath, paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { askLogin, CampaignNotice, Empty, Failed, Hero, Loading } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import cardStyles from '../campaign-kit/coupon.module.css';
import styles from './CouponCorePage.module.css';

type CentreCoupon = Template & {
  perUserLimit: number;
  claimedByMe: number;
  soldOut: boolean;
  state: 'claimable' | 'claimed' | 'sold_out';
};

const RESUME = 'coupon.claim';

export default function CouponCorePage() {
  // Which coupon centre: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, refresh, setData } = useRemote(
    () => api.call('coupon.centre', which),
    [which],
  );
  const [category, setCategory] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** Coupons claimed on this visit: 去使用 opens the coupon directly. */
  const [claimedCoupons, setClaimedCoupons] = useState<Record<string, Coupon>>({});
  const [reward, setReward] = useState<Reward | null>(null);
  // Shared under the campaign's configured title and text once read (these stand in before).
  const read = remote.status === 'ready' ? remote.data.campaign : null;
  const share = usePageShare({
    path: paths.couponCentre({ campaign: campaignId }),
    title: read?.title || '零食优惠券免费领',
    description: read?.shareText || '坚果、果干、饼干、饮品优惠券一站领，满减叠加更划算',
    image: '/api/campaign/assets/coupon.png',
  });

  const claim = async (coupon: CentreCoupon) => {
    if (busy) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可领取优惠券', { action: RESUME, payload: coupon.templateKey });
      return;
    }
    setBusy(coupon.templateKey);
    const reply = await runAction(
      () => api.call('coupon.claim', { ...which, templateKey: coupon.templateKey }),
      toast,
    );
    setBusy(null);
    if (!reply) return;
    if (isSuccess(reply)) {
      setReward(couponReward(reply.data, '领取成功'));
      setClaimedCoupons((claimed) => ({ ...claimed, [coupon.templateKey]: reply.data }));
      const key = coupon.templateKey;
      setData((centre) => ({
        ...centre,
        categories: centre.categories.map((c) => ({
          ...c,
          coupons: countClaim(c.coupons, key),
        })),
      }));
      return;
    }
    toast(reply.message);
    const code = codeOf(reply);
    if (code === CODES.couponSoldOut.code || code === CODES.couponLimitReached.code) refresh();
  };

  // The claim tapped before login: that coupon, if it can still be claimed.
  const loaded = remote.status === 'ready' ? remote.data : null;
  useResumeAction(
    RESUME,
    loaded !== null && loaded.loggedIn && loaded.campaign.state === 'running',
    (templateKey) => {
      const coupon = loaded?.categories
        .flatMap((c) => c.coupons)
        .find((t) => t.templateKey === templateKey);
      if (coupon && coupon.state === 'claimable') void claim(coupon);
    },
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  const { campaign, categories } = remote.data;
  // Operator-listed categories come even when empty; the first tab with coupons opens first.
  const current =
    categories.find((c) => c.name === category) ??
    categories.find((c) => c.coupons.length > 0) ??
    categories[0];
  const nothingOn = categories.every((c) => c.coupons.length === 0);
  const running = campaign.state === 'running';

  const actionOf = (coupon: CentreCoupon) => {
    if (coupon.state === 'sold_out') return <span className={styles.soldOut}>已抢光</span>;
    if (coupon.state === 'claimed') {
      const claimed = claimedCoupons[coupon.templateKey];
      return (
        <>
          <span className={styles.claimed}>已领取</span>
          <Link
            className={cardStyles.linkButton}
            to={claimed ? couponUsePath(claimed) : paths.coupons()}
          >
            去使用
          </Link>
        </>
      );
    }
    return (
      <Button
        size="mini"
        color="primary"
        shape="rounded"
        loading={busy === coupon.templateKey}
        disabled={!running}
        onClick={() => void claim(coupon)}
      >
        {coupon.claimedByMe > 0 ? '再领一张' : '立即领取'}
      </Button>
    );
  };

  return (
    <main className={styles.page}>
      <Hero
        title={campaign.title}
        subtitle={campaign.tagline || '好券天天领，吃货省钱有妙招'}
        rules={campaign.rules}
        onShare={share}
      >
        <Link className={styles.mine} to={paths.coupons()}>
          我的优惠券 ›
        </Link>
        <CampaignNotice campaign={campaign} />
      </Hero>
      <div className={styles.panel}>
        {nothingOn || !current ? (
          <Empty title="暂无可领取的优惠券" description="新券即将上架，敬请期待" />
        ) : (
          <>
            <Tabs
              label="优惠券分类"
              tabs={categories.map((c) => ({ key: c.name, title: c.name }))}
              active={current.name}
              onChange={setCategory}
            />
            <div className={styles.list} aria-label={`${current.name}优惠券`}>
              {current.coupons.length === 0 ? (
                <Empty title="该分类暂无优惠券" description="看看其他分类的好券吧" />
              ) : (
                current.coupons.map((coupon) => (
                  <CouponCard
                    key={coupon.templateKey}
                    coupon={coupon}
                    dimmed={coupon.state === 'sold_out'}
                    action={actionOf(coupon)}
                  />
                ))
              )}
            </div>
          </>
        )}
      </div>
      <RewardPopup reward={reward} onClose={() => setReward(null)} />
    </main>
  );
}
