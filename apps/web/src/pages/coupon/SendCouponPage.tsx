// /activity/sendCoupon/index "领取优惠券": a coupon a friend sent through a share link
// (?shareCode=); one gift coupon per receiver in all, never one's own. 登录领取 goes to login and the
// claim completes when it returns; the reward popup shows the coupon with its real expiry.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { CODES, codeOf, type Coupon } from '../campaign-kit/api.ts';
import { couponReward } from '../campaign-kit/awardReward.ts';
import { ClaimButton } from '../campaign-kit/ClaimButton.tsx';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { couponUsePath, paths } from '../../routes/paths.ts';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Failed, Hero, Loading, loginThen } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import styles from './SendCouponPage.module.css';

const RESUME = 'coupon.gift';

function Gift({ shareCode }: { shareCode: string }) {
  const { remote, retry, refresh, setData } = useRemote(
    () => api.call('coupon.gift', { shareCode }),
    [shareCode],
  );
  const [claiming, setClaiming] = useState(false);
  const [claimedCoupon, setClaimedCoupon] = useState<Coupon | null>(null);
  const [reward, setReward] = useState<Reward | null>(null);
  const share = usePageShare({
    path: paths.couponGift(shareCode),
    title: '好友送你一张零食优惠券',
    description: '满39减8，坚果果干饼干都能用，快来领取',
    image: '/api/campaign/assets/coupon.png',
  });

  const claim = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) {
      loginThen(RESUME);
      return;
    }
    setClaiming(true);
    const reply = await runAction(() => api.call('coupon.giftClaim', { shareCode }), toast);
    setClaiming(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      setClaimedCoupon(reply.data);
      setReward(couponReward(reply.data, '领取成功'));
      setData((v) => ({ ...v, claimed: true }));
      return;
    }
    toast(reply.message);
    const code = codeOf(reply);
    if (
      code === CODES.giftAlreadyClaimed.code ||
      code === CODES.couponSoldOut.code ||
      code === CODES.giftSelfClaim.code
    )
      refresh();
  });

  const loaded = remote.status === 'ready' ? remote.data : null;
  useResumeAction(
    RESUME,
    loaded !== null &&
      loaded.loggedIn &&
      !loaded.isSelf &&
      !loaded.claimed &&
      !loaded.soldOut &&
      loaded.campaign.state === 'running',
    claim,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') {
    const invalid = remote.code === CODES.shareCodeInvalid.code;
    return (
      <Failed
        message={invalid ? '分享链接无效或已失效，请让好友重新分享' : remote.message}
        onRetry={invalid ? undefined : retry}
      />
    );
  }
  const view = remote.data;
  const running = view.campaign.state === 'running';
  let action;
  if (view.isSelf) {
    action = (
      <>
        <p className={styles.note}>这是你分享的优惠券，快邀请好友来领取吧</p>
        <Button block color="primary" shape="rounded" onClick={share}>
          分享给好友
        </Button>
      </>
    );
  } else if (view.claimed) {
    action = (
      <Link
        className={styles.primaryLink}
        to={claimedCoupon ? couponUsePath(claimedCoupon) : paths.coupons()}
      >
        已领取，去使用
      </Link>
    );
  } else if (view.soldOut) {
    action = (
      <Button block shape="rounded" disabled>
        优惠券已抢光
      </Button>
    );
  } else {
    action = (
      <ClaimButton
        running={running}
        campaignState={view.campaign.state}
        loggedIn={view.loggedIn}
        claiming={claiming}
        label="立即领取"
        onClick={claim}
      />
    );
  }
  return (
    <>
      <Hero
        title={`${view.sharer.nickname || '好友'} 送你一张优惠券`}
        subtitle={`来自好友 ${view.sharer.mobile}`}
        onShare={share}
      >
        <CampaignNotice campaign={view.campaign} />
      </Hero>
      <section className={styles.gift} aria-label="好友赠券">
        <CouponCard
          coupon={view.coupon}
          stamp={view.claimed ? '已领取' : view.soldOut ? '已抢光' : undefined}
          dimmed={view.soldOut && !view.claimed}
        />
        <p className={styles.scope}>适用范围：{view.coupon.scope}</p>
        <div className={styles.action}>{action}</div>
        <p className={styles.note}>每位用户限领1张好友赠券</p>
      </section>
      <Link className={styles.more} to={paths.couponCentre()}>
        去领券中心领更多好券 ›
      </Link>
      <RewardPopup reward={reward} onClose={() => setReward(null)} />
    </>
  );
}

export default function SendCouponPage() {
  const [params] = useSearchParams();
  const shareCode = params.get('shareCode') ?? '';
  return (
    <main className={styles.page}>
      {/^[A-Za-z0-9]{4,16}$/.test(shareCode) ? (
        <Gift shareCode={shareCode} />
      ) : (
        <Failed message="分享链接无效或已失效，请让好友重新分享" />
      )}
    </main>
  );
}
