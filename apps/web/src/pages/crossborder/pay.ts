// Paying a cross-border order from its product page: the method's way, then back to the page,
// which polls the order. WeChat Pay is JSAPI inside WeChat (the server answers 50018 with the
// authorisation path when the shopper's WeChat is not bound yet: the browser authorises and
// comes back to pay again) and H5 elsewhere; Alipay is its own page; the sandbox (development)
// asks for a confirmation as a payment app would, then posts the signed notify.
import { environment } from '../../env/detect.ts';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { Dialog } from '../../ui/index.ts';
import { CODES } from '../campaign-kit/api.ts';
import { runAction } from '../campaign-kit/useRemote.ts';
import { payInWechat, type PaymentMethodId } from './api.ts';

/** `poll`: the page shows the order's outcome; `stay`: nothing happened; `left`: the page is leaving. */
export type PayOutcome = 'poll' | 'stay' | 'left';

export async function payOrder(
  order: { orderNo: string; amountText: string },
  method: PaymentMethodId,
): Promise<PayOutcome> {
  const scene = method === 'wechat' ? (environment().wechat ? 'jsapi' : 'h5') : undefined;
  const reply = await runAction(
    () => api.call('orders.pay', { orderNo: order.orderNo, method, ...(scene ? { scene } : {}) }),
    toast,
  );
  if (!reply) return 'stay';
  if (!isSuccess(reply)) {
    const authorize = (reply.data as { authorize?: unknown } | null)?.authorize;
    if (Number(reply.code) === CODES.wechatIdentityRequired.code && typeof authorize === 'string') {
      location.assign(authorize);
      return 'left';
    }
    toast(reply.message);
    // Closed or paid meanwhile: the order's outcome is the news.
    return Number(reply.code) === CODES.orderClosed.code ||
      Number(reply.code) === CODES.orderAlreadyPaid.code
      ? 'poll'
      : 'stay';
  }
  const start = reply.data.start;
  if (start.kind === 'redirect') {
    location.assign(start.url);
    return 'left';
  }
  if (start.kind === 'jsapi') {
    const outcome = await payInWechat(start.params);
    if (outcome === 'cancel') toast('已取消支付，可在15分钟内继续支付');
    if (outcome === 'fail') toast('支付未完成，请稍后再试');
    return 'poll';
  }
  const confirmed = await Dialog.confirm({
    title: '模拟支付',
    content: `开发环境的模拟收银台：确认支付 ¥${order.amountText}？不会产生真实扣款。`,
    confirmText: '确认付款',
    cancelText: '取消',
  });
  if (!confirmed) return 'poll';
  const posted = await runAction(() => api.call('payment.sandboxNotify', start.notify), toast);
  if (posted && !isSuccess(posted)) toast(posted.message);
  return 'poll';
}
