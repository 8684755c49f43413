// /activity/bank/success "交易结果": the order's outcome. A payment confirms asynchronously (the
// provider's notify), so the page polls the order every 2 s until it settles; after a minute it
// stops and offers 刷新 rather than polling for ever.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Spinner } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { isSettled, METHOD_NAMES, type Order } from './api.ts';
import styles from './bank.module.css';

const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;
const ORDER_NO = /^\d{20}$/;

function Outcome({ order, waiting }: { order: Order; waiting: boolean }) {
  if (order.state === 'fulfilled')
    return (
      <div className={styles.outcome}>
        <span className={styles.tickOk} aria-hidden="true">
          ✓
        </span>
        <h1 className={styles.outcomeTitle}>充值成功</h1>
        <p className={styles.outcomeText}>¥{order.creditText} 已存入您的储值卡</p>
      </div>
    );
  if (order.state === 'refunded')
    return (
      <div className={styles.outcome}>
        <span className={styles.tickMuted} aria-hidden="true">
          ↺
        </span>
        <h1 className={styles.outcomeTitle}>已退款</h1>
        <p className={styles.outcomeText}>¥{order.amountText} 已原路退回，请留意到账通知</p>
      </div>
    );
  if (order.state === 'closed')
    return (
      <div className={styles.outcome}>
        <span className={styles.tickMuted} aria-hidden="true">
          ×
        </span>
        <h1 className={styles.outcomeTitle}>订单已关闭</h1>
        <p className={styles.outcomeText}>订单超时未支付，已自动关闭，未产生扣款</p>
      </div>
    );
  return (
    <div className={styles.outcome} role="status">
      {waiting ? (
        <Spinner />
      ) : (
        <span className={styles.tickMuted} aria-hidden="true">
          …
        </span>
      )}
      <h1 className={styles.outcomeTitle}>{waiting ? '正在确认支付结果' : '暂未收到支付结果'}</h1>
      <p className={styles.outcomeText}>
        {waiting ? '请稍候，支付结果通常几秒内到达' : '如已付款，请稍后刷新查看；未付款可继续支付'}
      </p>
    </div>
  );
}

export default function ResultPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const valid = ORDER_NO.test(orderNo);
  const { remote, retry, refresh } = useRemote(
    () => (valid ? api.call('orders.detail', { orderNo }) : new Promise<never>(() => undefined)),
    [orderNo],
  );
  const started = useRef(performance.now());
  const order = remote.status === 'ready' ? remote.data : null;
  const waiting = !!order && !isSettled(order) && performance.now() - started.current < POLL_FOR_MS;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, order, refresh]);

  if (!valid)
    return <Failed message="订单号不正确" exit={{ label: '返回充值', to: paths.bankRecharge() }} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回充值', to: paths.bankRecharge() }}
      />
    );
  const o = remote.data;

  return (
    <main className={styles.page}>
      <section className={styles.panel}>
        <Outcome order={o} waiting={waiting} />
        <dl className={styles.facts}>
          <div>
            <dt>订单金额</dt>
            <dd>¥{o.amountText}</dd>
          </div>
          <div>
            <dt>到账金额</dt>
            <dd>¥{o.creditText}</dd>
          </div>
          <div>
            <dt>充值卡号</dt>
            <dd>{o.cardNo}</dd>
          </div>
          {o.method && (
            <div>
              <dt>支付方式</dt>
              <dd>{METHOD_NAMES[o.method]}</dd>
            </div>
          )}
          {o.channel && (
            <div>
              <dt>银行渠道</dt>
              <dd>{o.channel.name}</dd>
            </div>
          )}
          {o.paidAt !== null && (
            <div>
              <dt>支付时间</dt>
              <dd>{formatDateTime(o.paidAt)}</dd>
            </div>
          )}
          <div>
            <dt>订单号</dt>
            <dd>{o.orderNo}</dd>
          </div>
        </dl>
      </section>
      <div className={styles.footer}>
        {o.state === 'created' && !waiting && (
          <>
            <Button block color="primary" shape="rounded" size="large" onClick={refresh}>
              刷新支付结果
            </Button>
            <Link className={styles.again} to={paths.bankPay(o.orderNo)}>
              继续支付
            </Link>
          </>
        )}
        {o.state !== 'created' && (
          <Link className={styles.done} to={paths.bankRecharge()}>
            {o.state === 'fulfilled' ? '完成' : '重新充值'}
          </Link>
        )}
      </div>
    </main>
  );
}
