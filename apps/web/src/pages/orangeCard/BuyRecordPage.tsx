// /activity/orangeCard/buyRecord "购买记录" (login): the shopper's card orders, newest first,
// with their state, the cards still theirs and how many were given; an open order can be paid
// from here, a paid one's cards given. Twenty at a time, 加载更多 for older ones.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Empty, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { ORDER_STATE_TEXT, type OrangeOrder } from './api.ts';
import styles from './orange.module.css';

/** 持有 2 张（1 张赠送中） · 已送出 1 张: what became of the order's cards. */
function holding(order: OrangeOrder): string {
  const held = order.cards.filter((c) => c.state !== 'void');
  const giving = held.filter((c) => c.state === 'giving').length;
  const parts = [
    held.length > 0 ? `持有 ${held.length} 张${giving > 0 ? `（${giving} 张赠送中）` : ''}` : '',
    order.givenCount > 0 ? `已送出 ${order.givenCount} 张` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '已退款作废';
}

function Record({ order }: { order: OrangeOrder }) {
  const open = order.state === 'created' && order.expiresAt > order.serverTime;
  return (
    <li className={styles.record}>
      <div className={styles.recordTop}>
        <strong>
          {order.city.name} ¥{order.face.amountText} × {order.quantity}
        </strong>
        <span className={styles.recordState}>
          {order.state === 'created' && !open ? '已超时' : ORDER_STATE_TEXT[order.state]}
        </span>
      </div>
      <p className={styles.recordMeta}>
        实付 ¥{order.amountText} · {formatDateTime(order.createdAt)}
      </p>
      <p className={styles.recordMeta}>订单号 {order.orderNo}</p>
      {order.state === 'fulfilled' && <p className={styles.recordMeta}>{holding(order)}</p>}
      <div className={styles.recordActions}>
        {open && (
          <Link className={styles.pill} to={paths.orangeOrderSubmit({ orderNo: order.orderNo })}>
            继续支付
          </Link>
        )}
        {order.state === 'fulfilled' && order.cards.some((c) => c.state !== 'void') && (
          <Link className={styles.pill} to={paths.orangeGive()}>
            赠送好友
          </Link>
        )}
        {order.state !== 'created' && (
          <Link className={styles.pill} to={paths.orangePayResult(order.orderNo)}>
            订单详情
          </Link>
        )}
      </div>
    </li>
  );
}

export default function BuyRecordPage() {
  const loggedIn = isLoggedIn();
  const { remote, retry, setData } = useRemote(
    () => (loggedIn ? api.call('orangeCard.records') : new Promise<never>(() => undefined)),
    [loggedIn],
  );
  const [more, setMore] = useState(false);

  const loadMore = async () => {
    if (remote.status !== 'ready' || !remote.data.next) return;
    setMore(true);
    const reply = await runAction(
      () => api.call('orangeCard.records', { before: remote.data.next! }),
      toast,
    );
    setMore(false);
    if (!reply) return;
    if (!isSuccess(reply)) return toast(reply.message);
    setData((d) => ({ orders: [...d.orders, ...reply.data.orders], next: reply.data.next }));
  };

  if (!loggedIn)
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后查看购买记录" description="购买的小橙卡和订单都在这里" />
      </main>
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回小橙卡', to: paths.orangeCard() }}
      />
    );
  const { orders, next } = remote.data;

  return (
    <main className={styles.page}>
      {orders.length === 0 ? (
        <div className={styles.panel}>
          <Empty
            title="还没有购买记录"
            description="买一张小橙卡送给好友吧"
            action={
              <Link className={styles.pill} to={paths.orangeCard()}>
                去购买
              </Link>
            }
          />
        </div>
      ) : (
        <ul className={styles.cardList} aria-label="购买记录">
          {orders.map((order) => (
            <Record key={order.orderNo} order={order} />
          ))}
        </ul>
      )}
      {next && (
        <div className={styles.footer}>
          <Button block shape="rounded" loading={more} onClick={() => void loadMore()}>
            加载更多
          </Button>
        </div>
      )}
    </main>
  );
}
