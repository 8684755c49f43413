// The outcome of the order a shopper just paid (or came back to from WeChat Pay or Alipay with
// `?orderNo=`): the server learns of a payment from the provider's notify, so the card polls
// the order every 2 s until it settles, for at most a minute, then offers 刷新. An open order
// can be paid again from here until it closes.
import { useEffect, useState } from 'react';
import { api } from '../../request/api.ts';
import { Button } from '../../ui/index.ts';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { isSettled, type Order } from './api.ts';
import styles from './crossborder.module.css';

const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

const TITLES: Record<Order['state'], string> = {
  created: '订单待支付',
  paid: '支付成功，正在处理',
  fulfilled: '支付成功',
  closed: '订单已关闭',
  refunded: '订单已退款',
};

function note(order: Order): string {
  switch (order.state) {
    case 'created':
      return '如已完成支付，请稍候，结果确认中；未支付的订单15分钟后自动关闭';
    case 'paid':
    case 'fulfilled':
      return '商品将由保税仓尽快发出，请留意物流信息';
    case 'closed':
      return '订单超时未支付已关闭，如需购买请重新下单';
    case 'refunded':
      return '款项已原路退回';
  }
}

export function OrderOutcome({
  orderNo,
  onPayAgain,
}: {
  orderNo: string;
  onPayAgain: (order: Order) => void;
}) {
  const { remote, refresh, retry } = useRemote(
    () => api.call('orders.detail', { orderNo }),
    [orderNo],
  );
  const [startedAt] = useState(() => performance.now());
  const [gaveUp, setGaveUp] = useState(false);
  const order = remote.status === 'ready' ? remote.data : null;

  useEffect(() => {
    if (!order || isSettled(order) || gaveUp) return;
    const timer = setTimeout(() => {
      if (performance.now() - startedAt > POLL_FOR_MS) setGaveUp(true);
      else refresh();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [order, gaveUp, refresh, startedAt]);

  if (remote.status === 'loading')
    return (
      <section className={styles.outcome} role="status" aria-label="订单结果">
        <p className={styles.outcomeTitle}>正在查询订单…</p>
      </section>
    );
  if (remote.status === 'failed')
    return (
      <section className={styles.outcome} role="alert" aria-label="订单结果">
        <p className={styles.outcomeTitle}>{remote.message}</p>
        {remote.retryable && (
          <Button size="small" shape="rounded" onClick={retry}>
            重新查询
          </Button>
        )}
      </section>
    );
  const o = remote.data;
  const good = o.state === 'paid' || o.state === 'fulfilled';
  return (
    <section
      className={good ? styles.outcomeGood : styles.outcome}
      role="status"
      aria-label="订单结果"
    >
      <p className={styles.outcomeTitle}>{TITLES[o.state]}</p>
      <p className={styles.outcomeNote}>{note(o)}</p>
      <dl className={styles.outcomeLines}>
        {o.goods && (
          <>
            <dt>商品</dt>
            <dd>
              {o.goods.name} ×{o.goods.quantity}
            </dd>
            <dt>税费</dt>
            <dd>¥{o.goods.taxText}</dd>
          </>
        )}
        <dt>订单金额</dt>
        <dd>¥{o.amountText}</dd>
        <dt>订单号</dt>
        <dd>{o.orderNo}</dd>
      </dl>
      {o.state === 'created' && (
        <div className={styles.outcomeActions}>
          <Button size="small" shape="rounded" color="primary" onClick={() => onPayAgain(o)}>
            继续支付
          </Button>
          {gaveUp && (
            <Button
              size="small"
              shape="rounded"
              onClick={() => {
                setGaveUp(false);
                refresh();
              }}
            >
              刷新
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
