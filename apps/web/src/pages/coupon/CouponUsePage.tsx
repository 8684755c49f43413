// /activity/coupon/use "优惠券": with ?id= one claimed coupon's redemption code as a QR code
// and a barcode for the store's scanner, turning to 已核销 when the till redeems it; without, my
// coupons by status (each tab with its count, 即将过期 on the ones that run out soon), each card
// opening its code (store) or its online use, and a form that turns an exchange code into a coupon.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { couponUsePath, paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Tabs } from '../campaign-kit/Tabs.tsx';
import { api } from '../../request/api.ts';
import { type Coupon } from '../campaign-kit/api.ts';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import { formatDateTime, formatDotDay } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Empty, Failed, Loading, LoginPrompt } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import cardStyles from '../campaign-kit/coupon.module.css';
import { barRuns, code128Modules, groupCode, qrDataUrl } from './codes.ts';
import { ExchangeCodeForm } from './ExchangeCodeForm.tsx';
import { useRedemptionWatch } from './useRedemptionWatch.ts';
import styles from './CouponUsePage.module.css';

const STATUS_TABS = [
  { key: 'unused', title: '未使用' },
  { key: 'used', title: '已使用' },
  { key: 'expired', title: '已过期' },
] as const;

const STAMP = { unused: undefined, used: '已使用', expired: '已过期' } as const;

export const validityOf = (c: Coupon) =>
  `${formatDotDay(c.claimedAt)} - ${formatDotDay(c.expiresAt)}`;

function CodePanel({ coupon }: { coupon: Coupon & { code: string } }) {
  const [qr, setQr] = useState('');
  const modules = code128Modules(coupon.code);
  useEffect(() => {
    let live = true;
    void qrDataUrl(coupon.code).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [coupon.code]);
  const usable = coupon.status === 'unused';
  return (
    <section className={styles.codeCard} aria-label="券码">
      {usable ? (
        <p className={styles.codeTip}>结账时请出示此码，由店员扫码核销</p>
      ) : (
        <p className={styles.codeDone} role="status">
          {coupon.status === 'expired'
            ? '该券已过期'
            : coupon.usedChannel === 'store'
              ? '已核销'
              : '该券已使用'}
        </p>
      )}
      <div className={usable ? styles.codes : styles.codesVoid}>
        <svg
          className={styles.barcode}
          role="img"
          aria-label="条形码"
          viewBox={`0 0 ${modules.length} 1`}
          preserveAspectRatio="none"
        >
          {barRuns(modules).map(([x, width]) => (
            <rect key={x} x={x} y={0} width={width} height={1} fill="#000" />
          ))}
        </svg>
        {qr && <img className={styles.qr} src={qr} alt="二维码" />}
        <p className={styles.digits} aria-label="券码数字">
          {groupCode(coupon.code)}
        </p>
      </div>
      {coupon.status === 'used' && coupon.usedAt && (
        <p className={styles.codeTip}>使用时间：{formatDateTime(coupon.usedAt)}</p>
      )}
    </section>
  );
}

function OneCoupon({ id }: { id: string }) {
  const { remote, retry, setData } = useRemote(() => api.call('coupon.mineDetail', { id }), [id]);
  // While the code is up, the page follows the coupon: the till's scan turns it to 已核销.
  useRedemptionWatch(
    id,
    remote.status === 'ready' &&
      remote.data.status === 'unused' &&
      remote.data.channels.includes('store'),
    (fresh) => setData(() => fresh),
  );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <Failed message={remote.message} onRetry={remote.code === -500 ? retry : undefined} />;
  const coupon = remote.data;
  return (
    <>
      <div className={styles.list}>
        <CouponCard
          coupon={coupon}
          validity={validityOf(coupon)}
          dimmed={coupon.status !== 'unused'}
          stamp={STAMP[coupon.status]}
          warning={coupon.expiresSoon ? '即将过期' : undefined}
        />
      </div>
      {coupon.channels.includes('store') ? (
        <CodePanel coupon={coupon} />
      ) : (
        <section className={styles.codeCard}>
          <p className={styles.codeTip}>该券仅限线上商城使用</p>
        </section>
      )}
      <section className={styles.info} aria-label="使用说明">
        <h2>使用说明</h2>
        <p>适用范围：{coupon.scope}</p>
        <p>使用门槛：{coupon.thresholdText}</p>
        <p>有效期：{validityOf(coupon)}</p>
        {coupon.channels.includes('online') && coupon.status === 'unused' && (
          <Link className={styles.online} to={paths.couponOnline(coupon.id)}>
            线上使用 ›
          </Link>
        )}
      </section>
      <Link className={styles.back} to={paths.coupons()}>
        查看全部优惠券
      </Link>
    </>
  );
}

function MyCoupons() {
  const [status, setStatus] = useState<(typeof STATUS_TABS)[number]['key']>('unused');
  const { remote, retry, refresh } = useRemote(() => api.call('coupon.mine', { status }), [status]);
  // The tabs' counts (and how many run out soon) come in their own call, so a tab opens at once.
  const counts = useRemote(() => api.call('coupon.mineCounts'), []);
  const showExchanged = () => {
    // A new coupon is unused: show that list, reloaded whether or not the tab changes.
    if (status === 'unused') refresh();
    else setStatus('unused');
    counts.refresh();
  };
  const count = counts.remote.status === 'ready' ? counts.remote.data : null;
  return (
    <>
      <ExchangeCodeForm onExchanged={showExchanged} />
      <div className={styles.tabs}>
        <Tabs
          label="优惠券状态"
          block
          tabs={STATUS_TABS.map((tab) => ({
            key: tab.key,
            title: count ? `${tab.title}(${count[tab.key]})` : tab.title,
          }))}
          active={status}
          onChange={setStatus}
        />
      </div>
      {status === 'unused' && count !== null && count.expiringSoon > 0 && (
        <p className={styles.expiring} role="note">
          {count.expiringSoon}张优惠券将在{count.expiryWarningDays}天内过期，记得尽快使用
        </p>
      )}
      {remote.status === 'loading' && <Loading />}
      {remote.status === 'failed' && <Failed message={remote.message} onRetry={retry} />}
      {remote.status === 'ready' && remote.data.length === 0 && (
        <Empty
          title={
            status === 'unused'
              ? '暂无可用优惠券'
              : status === 'used'
                ? '暂无已使用的优惠券'
                : '暂无过期优惠券'
          }
          description="去领券中心看看，好券天天有"
          action={
            <Link className={styles.centre} to={paths.couponCentre()}>
              去领券
            </Link>
          }
        />
      )}
      {remote.status === 'ready' && remote.data.length > 0 && (
        <div className={styles.list} aria-label="我的优惠券">
          {remote.data.map((coupon) => (
            <CouponCard
              key={coupon.id}
              coupon={coupon}
              validity={validityOf(coupon)}
              dimmed={coupon.status !== 'unused'}
              stamp={STAMP[coupon.status]}
              warning={coupon.expiresSoon ? '即将过期' : undefined}
              to={couponUsePath(coupon)}
              action={
                coupon.status === 'unused' && (
                  <>
                    {coupon.channels.includes('store') && (
                      <Link className={cardStyles.linkButton} to={paths.coupons({ id: coupon.id })}>
                        门店使用
                      </Link>
                    )}
                    {coupon.channels.includes('online') && (
                      <Link className={cardStyles.linkButton} to={paths.couponOnline(coupon.id)}>
                        线上使用
                      </Link>
                    )}
                  </>
                )
              }
            />
          ))}
        </div>
      )}
    </>
  );
}

export default function CouponUsePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  usePageShare({
    path: paths.couponCentre(),
    title: '零食优惠券免费领',
    description: '坚果、果干、饼干、饮品优惠券一站领，满减叠加更划算',
    image: '/api/campaign/assets/coupon.png',
  });
  return (
    <main className={styles.page}>
      {!isLoggedIn() ? (
        <LoginPrompt title="登录后查看我的优惠券" description="领到的优惠券都在这里" />
      ) : id && /^[1-9]\d*$/.test(id) ? (
        <OneCoupon id={id} />
      ) : (
        <MyCoupons />
      )}
    </main>
  );
}
