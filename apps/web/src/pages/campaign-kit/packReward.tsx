// The reward popup of several coupons claimed at once (the new-user pack).
import { paths } from '../../routes/paths.ts';
import type { Coupon } from './api.ts';
import { formatDotDay, price } from './format.ts';
import type { Reward } from './RewardPopup.tsx';
import styles from './reward.module.css';

/**
 * Several coupons claimed at once (the new-user pack): their total, each with its real expiry
 * from the claim's reply, and 去使用 to "我的优惠券".
 */
export function couponPackReward(name: string, coupons: readonly Coupon[]): Reward {
  const total = coupons.reduce((sum, c) => sum + c.value, 0);
  return {
    title: '领取成功',
    name,
    kind: 'coupon',
    value: `${coupons.length}张优惠券 共${price(total)}`,
    expiresAt: coupons.length ? Math.min(...coupons.map((c) => c.expiresAt)) : null,
    note: (
      <ul className={styles.packList} aria-label="领到的优惠券">
        {coupons.map((c) => (
          <li key={c.id}>
            {c.name}，有效期至 {formatDotDay(c.expiresAt)}
          </li>
        ))}
      </ul>
    ),
    useTo: paths.coupons(),
    image: '/api/campaign/assets/gift.svg',
  };
}
