// /activity/orangeCard/orderSubmit "提交订单" (login): the cards to buy (city, face value,
// quantity, total), the methods this install runs, and 提交订单并支付, which makes the order (the
// server computes the total; a changed one is refused and the page reloads) and starts the
// payment. With ?orderNo= it is the cashier of an open order, with a countdown to its close.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess, type ApiEnvelope } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES } from '../campaign-kit/api.ts';
import { Failed, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { countdown, METHOD_NAMES } from '../bank/api.ts';
import { ORDER_NO, type OrangeHome, type OrangeOrder } from './api.ts';
import { payOrder, type MethodId } from './pay.ts';
import styles from './orange.module.css';

const FACE = /^[a-z0-9-]{1,32}$/;
const BACK = { label: '返回小橙卡', to: paths.orangeCard() };

interface Submit {
  home: OrangeHome;
  order: OrangeOrder | null;
}

async function loadSubmit(city: string, orderNo: string | null): Promise<ApiEnvelope<Submit>> {
  const [home, order] = await Promise.all([
    api.call('orangeCard.home', city ? { city } : undefined),
    orderNo ? api.call('orangeCard.orderDetail', { orderNo }) : Promise.resolve(null),
  ]);
  if (!isSuccess(home)) return { code: home.code, message: home.message, data: null as never };
  if (order && !isSuccess(order))
    return { code: order.code, message: order.message, data: null as never };
  return { code: 0, message: home.message, data: { home: home.data, order: order?.data ?? null } };
}

export default function OrderSubmitPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo');
  const city = params.get('city') ?? '';
  const faceId = params.get('faceId') ?? '';
  const quantity = Number(params.get('quantity') ?? '1');
  const valid = orderNo
    ? ORDER_NO.test(orderNo)
    : FACE.test(city) && FACE.test(faceId) && Number.isInteger(quantity) && quantity >= 1;
  const loggedIn = isLoggedIn();
  const { remote, retry, refresh } = useRemote(
    () => (valid && loggedIn ? loadSubmit(city, orderNo) : new Promise<never>(() => undefined)),
    [orderNo, city, faceId, quantity],
  );
  const [method, setMethod] = useState<MethodId | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const [readAt] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Math.floor((performance.now() - readAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [readAt]);

  const ready = remote.status === 'ready' ? remote.data : null;
  const existing = ready?.order ?? null;
  useEffect(() => {
    // Paid, closed or refunded already (a back button, a second tab): show the result.
    if (existing && existing.state !== 'created')
      navigate(paths.orangePayResult(existing.orderNo), { replace: true });
  }, [existing, navigate]);

  const face = ready?.home.faces.find((f) => f.id === faceId);
  const cityMatches = ready ? ready.home.city.code === city : false;

  const submit = useDoubleClickGuard(async () => {
    if (!ready) return;
    const chosen = method ?? ready.home.methods[0]?.id;
    if (!chosen) return;
    setBusy(true);
    try {
      let target = existing;
      if (!target) {
        if (!face) return;
        const made = await runAction(
          () =>
            api.call('orangeCard.order', {
              city,
              faceId: face.id,
              quantity,
              amount: face.amount * quantity,
            }),
          toast,
        );
        if (!made) return;
        if (!isSuccess(made)) {
          toast(made.message);
          if (made.code === CODES.orderAmountChanged.code) refresh();
          return;
        }
        target = made.data;
        // A reload or a back from the payment app finds the order, not a second one.
        navigate(paths.orangeOrderSubmit({ orderNo: target.orderNo }), { replace: true });
      }
      const next = await payOrder(target.orderNo, target.amountText, chosen);
      if (next === 'result') navigate(paths.orangePayResult(target.orderNo), { replace: true });
    } finally {
      setBusy(false);
    }
  });

  if (!loggedIn)
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后提交订单" description="小橙卡支付成功后立即发放到您的账户" />
      </main>
    );
  if (!valid) return <Failed message="订单信息不完整，请从小橙卡页重新选择" exit={BACK} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={BACK} />;
  const { home } = remote.data;
  if (existing && existing.state !== 'created') return <Loading />;
  if (!existing && (!face || !cityMatches))
    return <Failed message="所选城市或面值已下架，请重新选择" exit={BACK} />;
  if (!existing && quantity > home.maxQuantity)
    return <Failed message={`每单最多购买${home.maxQuantity}张，请重新选择`} exit={BACK} />;

  const summary = existing
    ? {
        cityName: existing.city.name,
        faceText: existing.face.amountText,
        quantity: existing.quantity,
        amountText: existing.amountText,
      }
    : {
        cityName: home.city.name,
        faceText: face!.amountText,
        quantity,
        amountText: ((face!.amount * quantity) / 100).toFixed(2),
      };
  const left = existing ? countdown(existing.expiresAt, existing.serverTime + tick * 1000) : null;
  const expired = left === '00:00';
  const running = home.campaign.state === 'running';
  const chosen = method ?? home.methods[0]?.id ?? null;

  return (
    <main className={styles.page}>
      <section className={styles.panel} aria-label="订单信息">
        <div className={styles.cardFaceFlat}>
          <div className={styles.cardTop}>
            <span className={styles.cardName}>{home.cardName}</span>
            <span className={styles.cityTag}>{summary.cityName}通用</span>
          </div>
          <p className={styles.cardValue}>
            <small>¥</small>
            {summary.faceText}
          </p>
          <p className={styles.cardNo}>× {summary.quantity} 张</p>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>使用城市</dt>
            <dd>{summary.cityName}</dd>
          </div>
          <div>
            <dt>面值 × 数量</dt>
            <dd>
              ¥{summary.faceText} × {summary.quantity}
            </dd>
          </div>
          <div>
            <dt>应付金额</dt>
            <dd>¥{summary.amountText}</dd>
          </div>
          {existing && (
            <div>
              <dt>订单号</dt>
              <dd>{existing.orderNo}</dd>
            </div>
          )}
        </dl>
        {left && (
          <p className={expired ? styles.deadlineOver : styles.deadline} role="timer">
            {expired ? '订单已超时，请重新下单' : `请在 ${left} 内完成支付`}
          </p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="methods-heading">
        <h2 id="methods-heading" className={styles.heading}>
          选择支付方式
        </h2>
        {home.methods.length === 0 ? (
          <p className={styles.muted}>暂无可用的支付方式，请稍后再试</p>
        ) : (
          <div role="radiogroup" aria-labelledby="methods-heading">
            {home.methods.map((m) => (
              <button
                key={m.id}
                type="button"
                role="radio"
                aria-checked={chosen === m.id}
                className={styles.method}
                onClick={() => setMethod(m.id)}
              >
                <span className={styles.methodName}>{m.name || METHOD_NAMES[m.id]}</span>
                <span className={chosen === m.id ? styles.radioOn : styles.radio} aria-hidden />
              </button>
            ))}
          </div>
        )}
      </section>
      <div className={styles.footer}>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={busy}
          disabled={expired || !chosen || (!existing && !running)}
          onClick={submit}
        >
          {expired
            ? '订单已超时'
            : existing
              ? `确认支付 ¥${summary.amountText}`
              : running
                ? `提交订单并支付 ¥${summary.amountText}`
                : '活动未在进行中'}
        </Button>
        <Link
          className={styles.secondary}
          to={expired ? paths.orangeCard() : paths.orangeBuyRecord()}
        >
          {expired ? '重新下单' : '查看购买记录'}
        </Link>
      </div>
    </main>
  );
}
