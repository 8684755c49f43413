// One content page (docs/content.md): the hero in the page's accent colour, its blocks in order,
// and — for a partner zone — its own coupons, claimed with the coupon centre's rules (login asked
// then, the claim completed when login returns, the reward popup with the coupon's real expiry).
// The five content routes are this page with their own id.
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { couponUsePath, paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES, codeOf, type Coupon } from '../campaign-kit/api.ts';
import { couponReward } from '../campaign-kit/awardReward.ts';
import { countClaim } from '../campaign-kit/countClaim.ts';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { usePageShare } from '../campaign-kit/share.ts';
import {
  askLogin,
  CampaignNotice,
  Empty,
  Hero,
  Loading,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import cardStyles from '../campaign-kit/coupon.module.css';
import { ContentBlock } from './Blocks.tsx';
import styles from './content.module.css';

type PageCoupon = DataOf<'content.page'>['coupons'][number];

const RESUME = 'content.claim';

export interface ContentPageProps {
  /** The content page's id (a campaign of kind `content`). */
  page: string;
  /** This page's own path, for shares. */
  path: string;
}

export function ContentPage({ page, path }: ContentPageProps) {
  const { remote, retry, refresh, setData } = useRemote(
    () => api.call('content.page', { page }),
    [page],
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<Record<string, Coupon>>({});
  const [reward, setReward] = useState<Reward | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  const firstImage = view?.blocks.find((b) => b.type === 'image');
  const share = usePageShare(
    view
      ? {
          path,
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: firstImage?.type === 'image' ? firstImage.src : '/api/campaign/assets/gift.png',
        }
      : null,
  );

  const claim = async (coupon: PageCoupon) => {
    if (busy) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可领取专区优惠券', { action: RESUME, payload: coupon.templateKey });
      return;
    }
    setBusy(coupon.templateKey);
    const reply = await runAction(
      () => api.call('content.claim', { page, templateKey: coupon.templateKey }),
      toast,
    );
    setBusy(null);
    if (!reply) return;
    if (isSuccess(reply)) {
      const key = coupon.templateKey;
      setReward(couponReward(reply.data, '领取成功'));
      setClaimed((done) => ({ ...done, [key]: reply.data }));
      setData((current) => ({
        ...current,
        coupons: countClaim(current.coupons, key),
      }));
      return;
    }
    toast(reply.message);
    const code = codeOf(reply);
    if (code === CODES.couponSoldOut.code || code === CODES.couponLimitReached.code) refresh();
  };
  useResumeAction(
    RESUME,
    view !== null && view.loggedIn && view.campaign.state === 'running',
    (templateKey) => {
      const coupon = view?.coupons.find((c) => c.templateKey === templateKey);
      if (coupon && coupon.state === 'claimable') void claim(coupon);
    },
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const running = v.campaign.state === 'running';

  const actionOf = (coupon: PageCoupon) => {
    if (coupon.state === 'sold_out') return <span className={styles.soldOut}>已抢光</span>;
    if (coupon.state === 'claimed') {
      const mine = claimed[coupon.templateKey];
      return (
        <>
          <span className={styles.claimed}>已领取</span>
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
        onClick={() => void claim(coupon)}
      >
        {v.loggedIn ? '立即领取' : '登录领取'}
      </Button>
    );
  };
  const coupons =
    v.coupons.length === 0 ? (
      <Empty title="专区优惠券已发完" description="新一期优惠即将上线，敬请期待" />
    ) : (
      <div className={styles.coupons}>
        {v.coupons.map((coupon) => (
          <CouponCard
            key={coupon.templateKey}
            coupon={coupon}
            dimmed={coupon.state === 'sold_out'}
            action={actionOf(coupon)}
          />
        ))}
      </div>
    );

  return (
    <main className={styles.page} style={{ '--morsel-brand': v.theme } as CSSProperties}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline}
        rules={v.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      {v.blocks.length === 0 ? (
        <Empty title="内容正在准备中" description="敬请期待" />
      ) : (
        <article className={styles.article}>
          {v.blocks.map((block, index) => (
            <ContentBlock key={index} block={block} coupons={coupons} />
          ))}
        </article>
      )}
      <RewardPopup reward={reward} onClose={() => setReward(null)} />
    </main>
  );
}
