// /activity/cmsPage/index, /appCoupon and /appCouponOnly: a page an operator assembles from
// blocks (banner, coupons, products, rich text, countdown) in the `cms` settings, for the
// shopper's city (docs/cms-and-stations.md). `?id=` names the page (index: `index`, the coupon
// pages: `appCoupon`); `?city=` or the city chosen last picks the city; appCouponOnly shows the
// page's coupon blocks alone (the app's own coupon entry, without the promotion around it).
import { useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { paths } from '../../routes/paths.ts';
import { CODES, codeOf, type Coupon } from '../campaign-kit/api.ts';
import { couponReward } from '../campaign-kit/awardReward.ts';
import { countClaim } from '../campaign-kit/countClaim.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { Banner } from './Banner.tsx';
import { cityFor } from './city.ts';
import { Countdown } from './Countdown.tsx';
import { CouponBlock, type BlockCoupon } from './CouponBlock.tsx';
import { Products } from './Products.tsx';
import styles from './CmsPage.module.css';

type PageData = DataOf<'cms.page'>;
type Block = PageData['blocks'][number];

const MODES = {
  index: { defaultId: 'index', couponsOnly: false, link: paths.cmsPage },
  appCoupon: { defaultId: 'appCoupon', couponsOnly: false, link: paths.cmsAppCoupon },
  appCouponOnly: { defaultId: 'appCoupon', couponsOnly: true, link: paths.cmsAppCouponOnly },
} as const;

const RESUME = 'cms.coupon.claim';
const PAGE_ID = /^[A-Za-z0-9_-]{1,40}$/;

function modeOf(pathname: string) {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return Object.hasOwn(MODES, last) ? MODES[last as keyof typeof MODES] : MODES.index;
}

export default function CmsPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = modeOf(pathname);
  const query = new URLSearchParams(search);
  const id = query.get('id') || mode.defaultId;
  const city = cityFor(query.get('city'));
  const { remote, retry, refresh, setData } = useRemote(
    () =>
      PAGE_ID.test(id)
        ? api.call('cms.page', { page: id, ...(city ? { city } : {}) })
        : // A malformed id can name no page: the not-found state without asking.
          Promise.resolve({ ...CODES.cmsPageNotFound, data: null as unknown as PageData }),
    [id, city],
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<Record<string, Coupon>>({});
  const [reward, setReward] = useState<Reward | null>(null);
  const loaded = remote.status === 'ready' ? remote.data : null;
  const selfLink = mode.link({ id: query.get('id'), city: loaded?.city.code ?? city });
  const share = usePageShare(
    loaded
      ? {
          path: selfLink,
          title: loaded.title,
          description: loaded.campaign.shareText || loaded.campaign.tagline,
          image: '/api/campaign/assets/coupon.png',
        }
      : null,
  );

  const claim = async (coupon: BlockCoupon) => {
    if (busy) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可领取优惠券', { action: RESUME, payload: coupon.templateKey });
      return;
    }
    setBusy(coupon.templateKey);
    const reply = await runAction(
      () => api.call('coupon.claim', { templateKey: coupon.templateKey }),
      toast,
    );
    setBusy(null);
    if (!reply) return;
    if (isSuccess(reply)) {
      setReward(couponReward(reply.data, '领取成功'));
      setClaimed((c) => ({ ...c, [coupon.templateKey]: reply.data }));
      const key = coupon.templateKey;
      setData((page) => ({
        ...page,
        blocks: page.blocks.map((b) =>
          b.type !== 'coupons'
            ? b
            : {
                ...b,
                coupons: countClaim(b.coupons, key),
              },
        ),
      }));
      return;
    }
    toast(reply.message);
    const code = codeOf(reply);
    if (code === CODES.couponSoldOut.code || code === CODES.couponLimitReached.code) refresh();
  };

  useResumeAction(
    RESUME,
    loaded !== null && loaded.loggedIn && loaded.campaign.state === 'running',
    (templateKey) => {
      const coupon = loaded?.blocks
        .flatMap((b) => (b.type === 'coupons' ? b.coupons : []))
        .find((t) => t.templateKey === templateKey);
      if (coupon && coupon.state === 'claimable') void claim(coupon);
    },
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '去领券中心看看', to: paths.couponCentre() }}
      />
    );
  const page = remote.data;
  const blocks = mode.couponsOnly ? page.blocks.filter((b) => b.type === 'coupons') : page.blocks;
  const running = page.campaign.state === 'running';
  const chooseCity = paths.cmsChooseCity({
    returnTo: mode.link({ id: query.get('id') }),
    city: page.city.code,
  });

  // A rich-text link to a page of this site opens in the app, without reloading it.
  const followInApp = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href?.startsWith('/') || href.startsWith('//') || link.target) return;
    event.preventDefault();
    void navigate(href);
  };

  const render = (block: Block, i: number) => {
    switch (block.type) {
      case 'banner':
        return <Banner key={i} items={block.items} />;
      case 'coupons':
        return (
          <CouponBlock
            key={i}
            title={block.title}
            coupons={block.coupons}
            busy={busy}
            claimed={claimed}
            running={running}
            onClaim={(c) => void claim(c)}
          />
        );
      case 'products':
        return <Products key={i} title={block.title} columns={block.columns} items={block.items} />;
      case 'richText':
        return (
          <section
            key={i}
            className={styles.richText}
            onClick={followInApp}
            // Sanitised on the server (apps/server/src/campaigns/cms/sanitize.ts): an allow-list
            // of formatting tags, https or same-site links, no scripts or handlers.
            dangerouslySetInnerHTML={{ __html: block.html }}
          />
        );
      case 'countdown':
        return (
          <Countdown
            key={i}
            title={block.title}
            endsAt={block.endsAt}
            endedText={block.endedText}
            serverTime={page.campaign.serverTime}
          />
        );
    }
  };

  return (
    <main className={styles.page} style={{ background: page.background }}>
      <header className={styles.header}>
        <h1 className={styles.title}>{page.title}</h1>
        <div className={styles.headerActions}>
          {page.byCity && (
            <Link
              className={styles.city}
              to={chooseCity}
              aria-label={`当前城市${page.city.name}，切换城市`}
            >
              {page.city.name} ▾
            </Link>
          )}
          <button type="button" className={styles.shareButton} onClick={share}>
            分享
          </button>
        </div>
      </header>
      <CampaignNotice campaign={page.campaign} />
      {blocks.length === 0 ? (
        <Empty
          title={mode.couponsOnly ? '暂无可领取的优惠券' : `${page.city.name}暂无活动内容`}
          description={page.byCity ? '换个城市看看，或稍后再来' : '新内容即将上线，敬请期待'}
          action={
            <Link
              className={styles.emptyAction}
              to={page.byCity ? chooseCity : paths.couponCentre()}
            >
              {page.byCity ? '切换城市' : '去领券中心'}
            </Link>
          }
        />
      ) : (
        blocks.map(render)
      )}
      <RewardPopup reward={reward} onClose={() => setReward(null)} />
    </main>
  );
}
