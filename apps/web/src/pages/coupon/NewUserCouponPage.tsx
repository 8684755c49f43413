// /activity/newuser/coupon "新人专享券": the new-user pack, claimed once per account by accounts
// registered within `withinDays`; logged-out visitors see it and 登录领取 takes them to login, the
// claim completing when login returns (pendingAction). A claim shows the coupons with their real
// expiry in the reward popup.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import { ClaimButton } from '../campaign-kit/ClaimButton.tsx';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import { price } from '../campaign-kit/format.ts';
import { couponPackReward } from '../campaign-kit/packReward.tsx';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Failed, Hero, Loading, loginThen } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import styles from './NewUserCouponPage.module.css';

const RESUME = 'coupon.newUser';

export default function NewUserCouponPage() {
  const { remote, retry, refresh, setData } = useRemote(() => api.call('coupon.newUser'), []);
  const [claiming, setClaiming] = useState(false);
  const [reward, setReward] = useState<Reward | null>(null);
  const loaded = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare({
    path: paths.newUserPack(),
    title: '新人专享零食礼包',
    description: '新用户注册即领多张满减券，第一单就省钱',
    image: '/api/campaign/assets/gift.png',
  });

  const claim = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) {
      // The button says 登录领取: straight to login, the claim completing when it returns.
      loginThen(RESUME);
      return;
    }
    setClaiming(true);
    const reply = await runAction(() => api.call('coupon.newUserClaim'), toast);
    setClaiming(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      setReward(couponPackReward(loaded?.title ?? '新人礼包', reply.data));
      setData((v) => ({ ...v, claimed: true }));
      return;
    }
    toast(reply.message);
    const code = codeOf(reply);
    if (code === CODES.newUserPackClaimed.code || code === CODES.newUserPackNotEligible.code)
      refresh();
  });

  useResumeAction(
    RESUME,
    loaded !== null &&
      loaded.loggedIn &&
      !loaded.claimed &&
      loaded.eligible !== false &&
      loaded.campaign.state === 'running',
    claim,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  const view = remote.data;
  const running = view.campaign.state === 'running';

  let action;
  if (view.claimed) {
    action = (
      <Link className={styles.primaryLink} to={paths.coupons()}>
        已领取，去使用
      </Link>
    );
  } else if (view.eligible === false) {
    action = (
      <>
        <Button block shape="rounded" disabled>
          仅限新用户领取
        </Button>
        <p className={styles.note}>
          新人礼包仅限注册{view.withinDays}天内的新用户领取，去领券中心看看更多好券吧
        </p>
        <Link className={styles.more} to={paths.couponCentre()}>
          去领券中心 ›
        </Link>
      </>
    );
  } else {
    action = (
      <ClaimButton
        running={running}
        campaignState={view.campaign.state}
        loggedIn={view.loggedIn}
        claiming={claiming}
        label="一键领取"
        onClick={claim}
      />
    );
  }

  return (
    <main className={styles.page}>
      <Hero
        title={view.title}
        subtitle={`价值${price(view.totalValue)}优惠券，注册${view.withinDays}天内专享`}
        rules={view.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={view.campaign} />
      </Hero>
      <section className={styles.pack} aria-label="新人礼包">
        <p className={styles.total}>
          共 <strong>{view.coupons.length}</strong> 张，合计{' '}
          <strong>{price(view.totalValue)}</strong>
        </p>
        {view.coupons.map((coupon) => (
          <CouponCard
            key={coupon.templateKey}
            coupon={coupon}
            stamp={view.claimed ? '已领取' : undefined}
          />
        ))}
        <div className={styles.action}>{action}</div>
      </section>
      <RewardPopup reward={reward} onClose={() => setReward(null)} />
    </main>
  );
}
