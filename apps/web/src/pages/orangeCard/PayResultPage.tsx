// /activity/orangeCard/payResult "支付结果" (login): the order's outcome. The payment confirms
// asynchronously (the provider's notify), so the page polls every 2 s until the order settles,
// for a minute at most; once paid it shows the cards issued, each ready to give to a friend.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Spinner } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Failed, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { METHOD_NAMES } from '../bank/api.ts';
import { ORDER_NO, type OrangeOrder } from './api.ts';
import { CardList } from './CardList.tsx';
import styles from './orange.module.css';

const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;
const BACK = { label: '返回小橙卡', to: paths.orangeCard() };

const settled = (order: OrangeOrder) => order.state !== 'created' && order.state !== 'paid';

function Outcome({ order, waiting }: { order: OrangeOrder; waiting: boolean }) {
  const [mark, title, text] =
    order.state === 'fulfilled'
      ? ['✓', '支付成功', `${order.quantity} 张小橙卡已放入您的账户`]
      : order.state === 'refunded'
        ? ['↺', '已退款', `¥${order.amountText} 已原路退回，请留意到账通知`]
        : order.state === 'closed'
          ? ['×', '订单已关闭', '订单超时未支付，已自动关闭，未产生扣款']
          : waiting
            ? [null, '正在确认支付结果', '请稍候，支付结果通常几秒内到达']
            : ['…', '暂未收到支付结果', '如已付款，请稍后刷新查看；未付款可继续支付'];
  return (
    <div className={styles.outcome} role="status">
      {mark === null ? (
        <Spinner />
      ) : (
        <span
          className={order.state === 'fulfilled' ? styles.outcomeMark : styles.outcomeMuted}
          aria-hidden="true"
        >
          {mark}
        </span>
      )}
      <h1 className={styles.outcomeTitle}>{title}</h1>
      <p className={styles.outcomeText}>{text}</p>
    </div>
  );
}

export default function PayResultPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const valid = ORDER_NO.test(orderNo);
  const loggedIn = isLoggedIn();
  const { remote, retry, refresh } = useRemote(
    () =>
      valid && loggedIn
        ? api.call('orangeCard.orderDetail', { orderNo })
        : new Promise<never>(() => undefined),
    [orderNo],
  );
  const started = useRef(performance.now());
  const order = remote.status === 'ready' ? remote.data : null;
  const waiting = !!order && !settled(order) && performance.now() - started.current < POLL_FOR_MS;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, order, refresh]);

  if (!loggedIn)
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后查看支付结果" description="请使用下单时的账号登录" />
      </main>
    );
  if (!valid) return <Failed message="订单号不正确" exit={BACK} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={BACK} />;
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
            <dt>小橙卡</dt>
            <dd>
              {o.city.name} ¥{o.face.amountText} × {o.quantity}
            </dd>
          </div>
          {o.method && (
            <div>
              <dt>支付方式</dt>
              <dd>{METHOD_NAMES[o.method]}</dd>
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
      {o.state === 'fulfilled' && o.cards.length > 0 && (
        <section className={styles.panel} aria-labelledby="cards-heading">
          <h2 id="cards-heading" className={styles.heading}>
            本单的小橙卡
          </h2>
          <CardList
            cards={o.cards}
            action={(card) =>
              card.state === 'active' ? (
                <Link className={styles.pill} to={paths.orangeGive(card.id)}>
                  赠送好友
                </Link>
              ) : (
                <span className={styles.badge}>
                  {card.state === 'giving' ? '赠送中' : '已作废'}
                </span>
              )
            }
          />
        </section>
      )}
      <div className={styles.footer}>
        {o.state === 'created' && !waiting && (
          <>
            <Button block color="primary" shape="rounded" size="large" onClick={refresh}>
              刷新支付结果
            </Button>
            <Link className={styles.secondary} to={paths.orangeOrderSubmit({ orderNo: o.orderNo })}>
              继续支付
            </Link>
          </>
        )}
        {o.state !== 'created' && (
          <>
            <Link className={styles.secondary} to={paths.orangeBuyRecord()}>
              查看购买记录
            </Link>
            <Link className={styles.secondary} to={paths.orangeCard()}>
              {o.state === 'fulfilled' ? '继续购买' : '重新下单'}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
