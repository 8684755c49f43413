// /activity/crossBorder/detail "商品详情" (and /activity/wechat_pass/crossborderDetail): the
// product's picture, price and tax, origin, per-order limit and stock, and 立即购买 — a logged-out
// shopper logs in first and comes back to the sheet; the order is priced by the server and paid
// by the method's way (pay.ts). Back from a payment (`?orderNo=`), the page shows its outcome.
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES } from '../campaign-kit/api.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import {
  askLogin,
  CampaignNotice,
  Failed,
  Loading,
  RemoteFailed,
  RulesSheet,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { METHOD_NAMES, ORDER_NO, PRODUCT_ID, type Order, type PaymentMethodId } from './api.ts';
import { BuySheet, type BuyChoice } from './BuySheet.tsx';
import { OrderOutcome } from './OrderOutcome.tsx';
import { payOrder } from './pay.ts';
import styles from './crossborder.module.css';

const BUY_ACTION = 'xborder.buy';
/** The refusals after which the product's price, limit or stock is read again. */
const STALE = new Set<number>([
  CODES.orderAmountChanged.code,
  CODES.purchaseLimitExceeded.code,
  CODES.outOfStock.code,
]);

export function ProductPage({ wechatPass = false }: { wechatPass?: boolean }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const orderParam = params.get('orderNo') ?? '';
  const orderNo = ORDER_NO.test(orderParam) ? orderParam : null;
  const valid = PRODUCT_ID.test(id);
  const { remote, retry, refresh } = useRemote(
    () =>
      valid ? api.call('xborder.product', { productId: id }) : new Promise<never>(() => undefined),
    [id],
  );
  const [buying, setBuying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [payAgain, setPayAgain] = useState<Order | null>(null);
  // Bumped to read the order afresh (a new outcome card) after paying again.
  const [round, setRound] = useState(0);

  const ready = remote.status === 'ready' ? remote.data : null;
  const showOutcome = useCallback(
    (no: string) => setParams({ id, orderNo: no }, { replace: true }),
    [id, setParams],
  );

  const openSheet = () => {
    if (!isLoggedIn()) {
      askLogin('登录后即可购买跨境好物', { action: BUY_ACTION });
      return;
    }
    setBuying(true);
  };
  useResumeAction(BUY_ACTION, ready !== null, () => setBuying(true));

  const buy = useDoubleClickGuard(async (choice: BuyChoice) => {
    if (!ready) return;
    setBusy(true);
    try {
      const reply = await runAction(
        () =>
          api.call('xborder.order', {
            productId: ready.product.id,
            quantity: choice.quantity,
            amount: choice.total,
          }),
        toast,
      );
      if (!reply) return;
      if (!isSuccess(reply)) {
        toast(reply.message);
        if (STALE.has(Number(reply.code))) refresh();
        return;
      }
      setBuying(false);
      const outcome = await payOrder(reply.data, choice.method);
      // The order exists either way: its card says whether it is paid and lets it be paid.
      if (outcome !== 'left') {
        showOutcome(reply.data.orderNo);
        refresh();
      }
    } finally {
      setBusy(false);
    }
  });

  const payWith = useDoubleClickGuard(async (order: Order, method: PaymentMethodId) => {
    setPayAgain(null);
    const outcome = await payOrder(order, method);
    if (outcome === 'poll') setRound((n) => n + 1);
  });

  const exit = { label: '返回跨境馆', to: paths.crossBorder(wechatPass) };
  if (!valid) return <Failed message="商品链接不正确，请从跨境馆重新进入" exit={exit} />;
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={exit} />;

  const { campaign, product, methods } = remote.data;
  const running = campaign.state === 'running';
  const cta = !running
    ? campaign.state === 'ended'
      ? '活动已结束'
      : '活动未开始'
    : product.soldOut
      ? '已售罄'
      : '立即购买';

  return (
    <main className={styles.detailPage}>
      {orderNo && (
        <OrderOutcome key={`${orderNo}:${round}`} orderNo={orderNo} onPayAgain={setPayAgain} />
      )}
      <CampaignNotice campaign={campaign} />
      <div className={styles.detailPicture}>
        <img src={product.image} alt={product.name} width={240} height={240} />
        {product.soldOut && <span className={styles.soldOut}>已售罄</span>}
      </div>
      <section className={styles.detailCard} aria-label="价格">
        <p className={styles.detailPriceRow}>
          <span className={styles.detailPrice}>¥{product.priceText}</span>
          {product.marketPriceText && (
            <s className={styles.marketPrice}>¥{product.marketPriceText}</s>
          )}
          <span className={styles.taxTag}>税费 ¥{product.unitTaxText}/件</span>
        </p>
        <h1 className={styles.detailName}>
          <span className={styles.origin}>{product.origin}</span> {product.name}
        </h1>
        <p className={styles.detailSpec}>
          {product.brand} · {product.spec}
        </p>
      </section>
      <section className={styles.detailCard} aria-label="购买须知">
        <dl className={styles.facts}>
          <dt>产地</dt>
          <dd>{product.origin}</dd>
          <dt>发货</dt>
          <dd>保税仓直发 · 包邮</dd>
          <dt>税率</dt>
          <dd>跨境综合税 {product.taxRateText}，结算时支付</dd>
          <dt>限购</dt>
          <dd>每单限购{product.perOrderLimit}件</dd>
          <dt>库存</dt>
          <dd>{product.stockLeft > 0 ? `剩余${product.stockLeft}件` : '已售罄'}</dd>
        </dl>
        <button type="button" className={styles.rulesLink} onClick={() => setRulesOpen(true)}>
          跨境购物须知
        </button>
      </section>
      <section className={styles.detailCard} aria-labelledby="xb-desc">
        <h2 id="xb-desc" className={styles.sectionTitle}>
          商品介绍
        </h2>
        <p className={styles.description}>{product.description}</p>
      </section>
      <div className={styles.buyBar}>
        <Link className={styles.buyBarLink} to={paths.crossBorder(wechatPass)}>
          跨境馆
        </Link>
        <Button
          color="primary"
          shape="rounded"
          className={styles.buyButton}
          disabled={!running || product.soldOut}
          onClick={openSheet}
        >
          {cta}
        </Button>
      </div>
      {buying && (
        <BuySheet
          product={product}
          methods={methods}
          visible={buying}
          busy={busy}
          onClose={() => setBuying(false)}
          onBuy={buy}
        />
      )}
      <Sheet visible={payAgain !== null} onClose={() => setPayAgain(null)} label="选择支付方式">
        <div className={styles.buySheet}>
          <h2 className={styles.sectionTitle}>选择支付方式</h2>
          {methods.map((m) => (
            <Button
              key={m.id}
              block
              shape="rounded"
              className={styles.methodButton}
              onClick={() => {
                if (payAgain) payWith(payAgain, m.id);
              }}
            >
              {METHOD_NAMES[m.id]}
            </Button>
          ))}
        </div>
      </Sheet>
      <RulesSheet rules={campaign.rules} visible={rulesOpen} onClose={() => setRulesOpen(false)} />
    </main>
  );
}

export default function DetailPage() {
  return <ProductPage />;
}
