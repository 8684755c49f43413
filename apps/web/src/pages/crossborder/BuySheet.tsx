// The buy-now sheet: how many (1 up to the per-order limit and the stock left), what it costs
// (goods, cross-border tax, total — the server computes the same and refuses a different
// total), and the payment method this install runs.
import { useState } from 'react';
import { Button } from '../../ui/index.ts';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import {
  lineTotal,
  METHOD_NAMES,
  yuanText,
  type PaymentMethodId,
  type ProductDetail,
} from './api.ts';
import styles from './crossborder.module.css';

export interface BuyChoice {
  quantity: number;
  total: number;
  method: PaymentMethodId;
}

export function BuySheet({
  product,
  methods,
  visible,
  busy,
  onClose,
  onBuy,
}: {
  product: ProductDetail;
  methods: readonly { id: PaymentMethodId; name: string }[];
  visible: boolean;
  busy: boolean;
  onClose: () => void;
  onBuy: (choice: BuyChoice) => void;
}) {
  const most = Math.max(1, Math.min(product.perOrderLimit, product.stockLeft));
  const [quantity, setQuantity] = useState(1);
  const [method, setMethod] = useState<PaymentMethodId | null>(null);
  const count = Math.min(quantity, most);
  const chosen = method ?? methods[0]?.id ?? null;
  const price = lineTotal(product, count);
  return (
    <Sheet visible={visible} onClose={onClose} label="立即购买">
      <div className={styles.buySheet}>
        <div className={styles.buyHead}>
          <img src={product.image} alt="" width={72} height={72} />
          <div>
            <p className={styles.buyName}>{product.name}</p>
            <p className={styles.price}>¥{product.priceText}</p>
            <p className={styles.buyHint}>
              每单限购{product.perOrderLimit}件 · 剩余{product.stockLeft}件
            </p>
          </div>
        </div>
        <div className={styles.stepperRow}>
          <span id="xb-qty">购买数量</span>
          <div className={styles.stepper} role="group" aria-labelledby="xb-qty">
            <button
              type="button"
              aria-label="减少数量"
              disabled={count <= 1}
              onClick={() => setQuantity(count - 1)}
            >
              −
            </button>
            <output aria-live="polite" aria-label="购买数量">
              {count}
            </output>
            <button
              type="button"
              aria-label="增加数量"
              disabled={count >= most}
              onClick={() => setQuantity(count + 1)}
            >
              +
            </button>
          </div>
        </div>
        {count >= product.perOrderLimit && (
          <p className={styles.buyHint}>已达每单限购数量，如需更多请分次下单</p>
        )}
        <dl className={styles.bill}>
          <dt>商品金额</dt>
          <dd>¥{yuanText(price.goods)}</dd>
          <dt>跨境综合税（{product.taxRateText}）</dt>
          <dd>¥{yuanText(price.tax)}</dd>
          <dt>运费</dt>
          <dd>包邮</dd>
          <dt className={styles.billTotal}>应付合计</dt>
          <dd className={styles.billTotal}>¥{yuanText(price.total)}</dd>
        </dl>
        <fieldset className={styles.methods}>
          <legend>支付方式</legend>
          {methods.map((m) => (
            <label key={m.id} className={styles.method}>
              <input
                type="radio"
                name="xb-method"
                value={m.id}
                checked={chosen === m.id}
                onChange={() => setMethod(m.id)}
              />
              {METHOD_NAMES[m.id]}
            </label>
          ))}
          {methods.length === 0 && <p className={styles.buyHint}>暂无可用的支付方式</p>}
        </fieldset>
        <Button
          block
          color="primary"
          shape="rounded"
          loading={busy}
          disabled={!chosen || busy}
          onClick={() => {
            if (chosen) onBuy({ quantity: count, total: price.total, method: chosen });
          }}
        >
          提交订单 ¥{yuanText(price.total)}
        </Button>
      </div>
    </Sheet>
  );
}
