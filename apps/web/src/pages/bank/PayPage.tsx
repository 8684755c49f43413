// /activity/bank/pay "收银台": the order to pay, a countdown to its close, the methods this install
// runs, and 确认支付. The sandbox (development) asks for a confirmation as a payment app would and
// posts the signed notify the server handed back; inside WeChat, WeChat Pay opens its JSAPI cashier
// (WeixinJSBridge); elsewhere WeChat Pay (H5) and Alipay go to their own page and come back to the
// result page. An order that is paid or closed leaves for the result page.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { environment } from '../../env/detect.ts';
import { api } from '../../request/api.ts';
import { isSuccess, type ApiEnvelope } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { payInWechat } from '../../wechat/pay.ts';
import { CODES } from '../campaign-kit/api.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { countdown, METHOD_NAMES, type BankCard, type Order, type PaymentMethodId } from './api.ts';
import styles from './bank.module.css';

const ORDER_NO = /^\d{20}$/;

interface Cashier {
  order: Order;
  methods: BankCard['methods'];
}

/** The order and the methods this install runs, read together. */
async function loadCashier(orderNo: string): Promise<ApiEnvelope<Cashier>> {
  const [order, card] = await Promise.all([
    api.call('orders.detail', { orderNo }),
    api.call('bank.card'),
  ]);
  if (!isSuccess(order)) return { code: order.code, message: order.message, data: null as never };
  if (!isSuccess(card)) return { code: card.code, message: card.message, data: null as never };
  return {
    code: 0,
    message: order.message,
    data: { order: order.data, methods: card.data.methods },
  };
}

export default function PayPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const valid = ORDER_NO.test(orderNo);
  const { remote, retry } = useRemote(
    () => (valid ? loadCashier(orderNo) : new Promise<never>(() => undefined)),
    [orderNo],
  );
  const [method, setMethod] = useState<PaymentMethodId | null>(null);
  const [paying, setPaying] = useState(false);
  // Seconds since the order was read, to count down from the server's time.
  const [tick, setTick] = useState(0);
  const [readAt] = useState(() => performance.now());

  useEffect(() => {
    const timer = setInterval(() => setTick(Math.floor((performance.now() - readAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [readAt]);

  const ready = remote.status === 'ready' ? remote.data : null;
  const order = ready?.order;
  useEffect(() => {
    // Paid, closed or refunded already (a back button, a second tab): show the result.
    if (order && order.state !== 'created')
      navigate(paths.bankResult(order.orderNo), { replace: true });
  }, [order, navigate]);

  const pay = useDoubleClickGuard(async () => {
    if (!ready || !order) return;
    const chosen = method ?? ready.methods[0]?.id;
    if (!chosen) return;
    setPaying(true);
    try {
      // WeChat Pay: JSAPI inside WeChat's browser, H5 elsewhere.
      const scene = chosen === 'wechat' ? (environment().wechat ? 'jsapi' : 'h5') : undefined;
      const reply = await runAction(
        () =>
          api.call('orders.pay', {
            orderNo: order.orderNo,
            method: chosen,
            ...(scene ? { scene } : {}),
          }),
        toast,
      );
      if (!reply) return;
      if (!isSuccess(reply)) {
        // JSAPI needs the shopper's WeChat: authorise silently and come back to this cashier.
        const authorize = (reply.data as { authorize?: unknown } | null)?.authorize;
        if (
          Number(reply.code) === CODES.wechatIdentityRequired.code &&
          typeof authorize === 'string'
        ) {
          window.location.assign(authorize);
          return;
        }
        toast(reply.message);
        if (
          reply.code !== CODES.paymentMethodUnavailable.code &&
          reply.code !== CODES.paymentProviderFailed.code
        )
          navigate(paths.bankResult(order.orderNo), { replace: true });
        return;
      }
      const start = reply.data.start;
      if (start.kind === 'redirect') {
        window.location.assign(start.url);
        return;
      }
      if (start.kind === 'sandbox') {
        const confirmed = await Dialog.confirm({
          title: '模拟支付',
          content: `开发环境的模拟收银台：确认支付 ¥${order.amountText}？不会产生真实扣款。`,
          confirmText: '确认付款',
          cancelText: '取消',
        });
        if (!confirmed) return;
        const posted = await runAction(
          () => api.call('payment.sandboxNotify', start.notify),
          toast,
        );
        if (posted && !isSuccess(posted)) toast(posted.message);
      }
      if (start.kind === 'jsapi') {
        const outcome = await payInWechat(start.params);
        // Cancelled: stay at the cashier; otherwise the result page waits for the notify.
        if (outcome === 'cancel') {
          toast('已取消支付');
          return;
        }
      }
      navigate(paths.bankResult(order.orderNo), { replace: true });
    } finally {
      setPaying(false);
    }
  });

  if (!valid)
    return (
      <Failed
        message="订单号不正确，请从充值页重新下单"
        exit={{ label: '返回充值', to: paths.bankRecharge() }}
      />
    );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回充值', to: paths.bankRecharge() }}
      />
    );
  if (!order || order.state !== 'created') return <Loading />;

  const left = countdown(order.expiresAt, order.serverTime + tick * 1000);
  const expired = left === '00:00';
  const chosen = method ?? ready!.methods[0]?.id ?? null;

  return (
    <main className={styles.page}>
      <section className={styles.cashier} aria-label="订单信息">
        <p className={styles.payLabel}>需支付</p>
        <p className={styles.payAmount}>
          <small>¥</small>
          {order.amountText}
        </p>
        <p className={styles.paySubject}>{order.subject}</p>
        <p className={expired ? styles.deadlineOver : styles.deadline} role="timer">
          {expired ? '订单已超时，请重新下单' : `请在 ${left} 内完成支付`}
        </p>
      </section>
      <section className={styles.panel}>
        <dl className={styles.facts}>
          <div>
            <dt>充值卡号</dt>
            <dd>{order.cardNo}</dd>
          </div>
          <div>
            <dt>到账金额</dt>
            <dd>¥{order.creditText}</dd>
          </div>
          {order.channel && (
            <div>
              <dt>银行渠道</dt>
              <dd>{order.channel.name}</dd>
            </div>
          )}
          <div>
            <dt>订单号</dt>
            <dd>{order.orderNo}</dd>
          </div>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="methods-heading">
        <h2 id="methods-heading" className={styles.heading}>
          选择支付方式
        </h2>
        <div role="radiogroup" aria-labelledby="methods-heading">
          {ready!.methods.map((m) => (
            <button
              key={m.id}
              type="button"
              role="radio"
              aria-checked={chosen === m.id}
              className={styles.method}
              onClick={() => setMethod(m.id)}
            >
              <span className={styles[`icon_${m.id}`]} aria-hidden="true">
                {METHOD_NAMES[m.id].slice(0, 1)}
              </span>
              <span className={styles.methodName}>{m.name}</span>
              <span
                className={chosen === m.id ? styles.radioOn : styles.radio}
                aria-hidden="true"
              />
            </button>
          ))}
        </div>
      </section>
      <div className={styles.footer}>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={paying}
          disabled={expired || !chosen}
          onClick={pay}
        >
          {expired ? '订单已超时' : `确认支付 ¥${order.amountText}`}
        </Button>
        {expired && (
          <Link className={styles.again} to={paths.bankRecharge()}>
            重新下单
          </Link>
        )}
      </div>
    </main>
  );
}
