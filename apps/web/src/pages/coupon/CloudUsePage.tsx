// /activity/coupon/cloudUse "优惠券": using a coupon online — where it applies (scope, threshold,
// validity, the mall section) and paying an order with it (POST use: discount and amount due).
// The amount field takes only amounts; the page says how much is missing below the threshold and
// previews the discount before the shopper confirms (onlineUse.ts).
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog, Input } from '../../ui/index.ts';
import { api, type DataOf } from '../../request/api.ts';
import { CouponCard } from '../campaign-kit/CouponCard.tsx';
import { amountInput, formatDotDay, price } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Failed, Loading, LoginPrompt } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { previewOnlineUse, type OnlinePreview } from './onlineUse.ts';
import styles from './CloudUsePage.module.css';
import { paths } from '../../routes/paths.ts';

type UseResult = DataOf<'coupon.use'>;

/** Under the amount: what is missing, or what the coupon takes off (live, as the shopper types). */
function PreviewLine({ preview }: { preview: OnlinePreview }) {
  let text: ReactNode = '输入订单金额，预览优惠';
  let tone = styles.hint;
  if (preview.kind === 'invalid') {
    text = '请输入正确的订单金额';
    tone = styles.warn;
  } else if (preview.kind === 'below') {
    text = `还差 ${price(preview.shortfall)} 可用此券`;
    tone = styles.warn;
  } else if (preview.kind === 'ok') {
    text = (
      <>
        优惠 <strong className={styles.money}>{price(preview.discount)}</strong>，实付{' '}
        <strong className={styles.money}>{price(preview.payable)}</strong>
      </>
    );
  }
  return (
    <p className={tone} aria-live="polite" aria-label="优惠预览">
      {text}
    </p>
  );
}

function Online({ id }: { id: string }) {
  const { remote, retry, setData } = useRemote(() => api.call('coupon.mineDetail', { id }), [id]);
  const [amount, setAmount] = useState('');
  const [result, setResult] = useState<UseResult | null>(null);

  const pay = useDoubleClickGuard(async (preview: OnlinePreview) => {
    if (preview.kind !== 'ok') {
      toast(preview.kind === 'below' ? '订单金额未满使用门槛' : '请输入正确的订单金额');
      return;
    }
    const confirmed = await Dialog.confirm({
      title: '确认使用优惠券',
      content: `订单金额 ${price(preview.order)}，优惠 ${price(preview.discount)}，实付 ${price(preview.payable)}。使用后优惠券将失效`,
      confirmText: '确认使用',
    });
    if (!confirmed) return;
    const reply = await runAction(
      () => api.call('coupon.use', { id, orderAmount: preview.order }),
      toast,
    );
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    setResult(reply.data);
    setData((c) => ({ ...c, status: 'used', usedAt: reply.data.usedAt, usedChannel: 'online' }));
  });

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <Failed message={remote.message} onRetry={remote.code === -500 ? retry : undefined} />;
  const coupon = remote.data;
  const online = coupon.channels.includes('online');
  const preview = previewOnlineUse(coupon, amount);
  return (
    <>
      <div className={styles.list}>
        <CouponCard
          coupon={coupon}
          validity={`${formatDotDay(coupon.claimedAt)} - ${formatDotDay(coupon.expiresAt)}`}
          dimmed={coupon.status !== 'unused'}
        />
      </div>
      <section className={styles.card} aria-label="适用范围">
        <h2>适用范围</h2>
        <p>{coupon.scope}</p>
        <p>使用门槛：{coupon.thresholdText}</p>
        <p>有效期至：{formatDotDay(coupon.expiresAt)}</p>
        {!online && <p className={styles.warn}>该券仅限门店使用，请到店出示券码</p>}
        {online && coupon.onlinePath && (
          <a className={styles.mall} href={coupon.onlinePath}>
            去商城选购适用商品 ›
          </a>
        )}
      </section>
      {online && coupon.status === 'unused' && !result && (
        <section className={styles.card} aria-label="线上使用">
          <h2>线上使用</h2>
          <p>使用门槛：{coupon.thresholdText}</p>
          <div className={styles.amount}>
            <span>¥</span>
            <Input
              aria-label="订单金额"
              type="text"
              inputMode="decimal"
              placeholder="订单金额（元）"
              value={amount}
              onChange={(typed) => setAmount(amountInput(typed))}
            />
          </div>
          <PreviewLine preview={preview} />
          <Button
            block
            color="primary"
            shape="rounded"
            disabled={preview.kind !== 'ok'}
            onClick={() => pay(preview)}
          >
            使用优惠券
          </Button>
        </section>
      )}
      {result && (
        <section className={styles.card} role="status" aria-label="使用结果">
          <h2>使用成功</h2>
          <p>
            已优惠 <strong className={styles.money}>{price(result.discount)}</strong>，实付{' '}
            <strong className={styles.money}>{price(result.payable)}</strong>
          </p>
        </section>
      )}
      {coupon.status !== 'unused' && !result && (
        <section className={styles.card}>
          <p className={styles.warn}>{coupon.status === 'used' ? '该券已使用' : '该券已过期'}</p>
        </section>
      )}
      <Link className={styles.back} to={paths.coupons()}>
        查看全部优惠券
      </Link>
    </>
  );
}

export default function CloudUsePage() {
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
        <LoginPrompt title="登录后使用优惠券" />
      ) : id && /^[1-9]\d*$/.test(id) ? (
        <Online id={id} />
      ) : (
        <Failed message="优惠券不存在" />
      )}
    </main>
  );
}
