// /activity/newuser/coupon "新人专享券": the new-user pack, claimed once per account by accounts
// registered within `withinDays`; logged-out visitors see it and are asked to log in to claim.
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
import { yuan } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Failed, Hero, Loading } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import styles from './NewUserCouponPage.module.css';

export default function NewUserCouponPage() {
  const { remote, retry, refresh, setData } = useRemote(() => api.call('coupon.newUser'), []);
  const [claiming, setClaiming] = useState(false);
  const share = usePageShare({
    path: '/activity/newuser/coupon',
    title: '新人专享零食礼包',
    description: '新用户注册即领多张满减券，第一单就省钱',
    image: '/api/campaign/assets/gift.png',
  });

  const claim = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) {
      askLogin('登录或注册后即可领取新人礼包');
      return;
    }
    setClaiming(true);
    const reply = await runAction(() => api.call('coupon.newUserClaim'), toast);
    setClaiming(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      toast(`领取成功，${reply.data.length}张优惠券已放入“我的优惠券”`);
      setData((v) => ({ ...v, claimed: true }));
      return;
    }
    toast(reply.message);
    const code = codeOf(reply);
    if (code === CODES.newUserPackClaimed.code || code === CODES.newUserPackNotEligible.code)
      refresh();
  });

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  const view = remote.data;
  const running = view.campaign.state === 'running';

  let action;
  if (view.claimed) {
    action = (
      <Link className={styles.primaryLink} to="/activity/coupon/use">
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
        <Link className={styles.more} to="/activity/coupon/core">
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
        subtitle={`价值${yuan(view.totalValue)}元优惠券，注册${view.withinDays}天内专享`}
        rules={view.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={view.campaign} />
      </Hero>
      <section className={styles.pack} aria-label="新人礼包">
        <p className={styles.total}>
          共 <strong>{view.coupons.length}</strong> 张，合计{' '}
          <strong>¥{yuan(view.totalValue)}</strong>
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
    </main>
  );
}
