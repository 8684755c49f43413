// A coupon-list block: the coupon centre's templates drawn with the kit's CouponCard and claimed
// as the centre claims them (`coupon.claim`): login asked first (the claim completes when login
// returns), the reward popup with the coupon's real expiry, 去使用 once claimed, 已抢光 when gone.
import { Link } from 'react-router';
import { couponUsePath, paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import type { Coupon, Template } from '../campaign-kit/api.ts';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import cardStyles from '../campaign-kit/coupon.module.css';
import styles from './CmsPage.module.css';

export type BlockCoupon = Template & {
  perUserLimit: number;
  claimedByMe: number;
  soldOut: boolean;
  state: 'claimable' | 'claimed' | 'sold_out';
};

export function CouponBlock({
  title,
  coupons,
  busy,
  claimed,
  running,
  onClaim,
}: {
  title: string;
  coupons: BlockCoupon[];
  /** The template being claimed. */
  busy: string | null;
  /** Coupons claimed on this visit, by template: 去使用 opens the coupon itself. */
  claimed: Record<string, Coupon>;
  running: boolean;
  onClaim: (coupon: BlockCoupon) => void;
}) {
  const actionOf = (coupon: BlockCoupon) => {
    if (coupon.state === 'sold_out') return <span className={styles.muted}>已抢光</span>;
    if (coupon.state === 'claimed') {
      const mine = claimed[coupon.templateKey];
      return (
        <>
          <span className={styles.muted}>已领取</span>
          <Link className={cardStyles.linkButton} to={mine ? couponUsePath(mine) : paths.coupons()}>
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
        onClick={() => onClaim(coupon)}
      >
        {coupon.claimedByMe > 0 ? '再领一张' : '立即领取'}
      </Button>
    );
  };
  return (
    <section className={styles.block} aria-label={title}>
      <h2 className={styles.blockTitle}>{title}</h2>
      <div className={styles.coupons}>
        {coupons.map((coupon) => (
          <CouponCard
            key={coupon.templateKey}
            coupon={coupon}
            dimmed={coupon.state === 'sold_out'}
            action={actionOf(coupon)}
          />
        ))}
      </div>
    </section>
  );
}
