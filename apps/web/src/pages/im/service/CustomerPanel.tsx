// Beside an assigned conversation: who the customer is, their five most recent orders and prizes
// (the product store's orders and every campaign's awards), read again on each conversation.
import { api } from '../../../request/api.ts';
import { formatDateTime } from '../../campaign-kit/format.ts';
import { useRemote } from '../../campaign-kit/useRemote.ts';
import styles from './service.module.css';

const ORDER_STATES = {
  created: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  refunded: '已退款',
  closed: '已关闭',
} as const;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export function CustomerPanel({ id }: { id: number }) {
  const { remote } = useRemote(() => api.call('cs.customer', { id }), [id]);
  return (
    <aside className={styles.customer} aria-label="顾客信息">
      {remote.status === 'loading' && <p className={styles.muted}>加载中…</p>}
      {remote.status === 'failed' && <p className={styles.muted}>{remote.message}</p>}
      {remote.status === 'ready' && (
        <>
          <h2>
            {remote.data.customer}
            <small>{remote.data.mobile}</small>
          </h2>
          <h3>最近订单</h3>
          {remote.data.orders.length === 0 ? (
            <p className={styles.muted}>暂无订单</p>
          ) : (
            <ul className={styles.facts}>
              {remote.data.orders.map((order) => (
                <li key={order.orderNo}>
                  <strong>{order.subject}</strong>
                  <span>
                    {yuan(order.amount)} · {ORDER_STATES[order.state]}
                  </span>
                  <small>
                    {order.orderNo} · {formatDateTime(order.createdAt)}
                  </small>
                </li>
              ))}
            </ul>
          )}
          <h3>最近奖品</h3>
          {remote.data.prizes.length === 0 ? (
            <p className={styles.muted}>暂无奖品</p>
          ) : (
            <ul className={styles.facts}>
              {remote.data.prizes.map((prize) => (
                <li key={prize.id}>
                  <strong>{prize.name}</strong>
                  <span>
                    {prize.kind === 'goods'
                      ? prize.trackingNo
                        ? `已发货 ${prize.trackingNo}`
                        : '待发货'
                      : prize.kind === 'coupon'
                        ? '优惠券'
                        : '积分'}
                  </span>
                  <small>{formatDateTime(prize.wonAt)}</small>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </aside>
  );
}
