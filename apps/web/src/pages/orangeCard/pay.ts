// Starting the payment of an order through the commerce cashier (orders.pay): the sandbox asks
// for a confirmation as a payment app would and posts the signed notify the server handed back;
// WeChat Pay (H5) and Alipay go to their own page, which returns to payResult. Answers where the
// page goes next: the result, or nowhere (stay and let the shopper choose again).
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { Dialog } from '../../ui/index.ts';
import { CODES } from '../campaign-kit/api.ts';
import { runAction } from '../campaign-kit/useRemote.ts';
import type { OrangeHome } from './api.ts';

export type MethodId = OrangeHome['methods'][number]['id'];

export async function payOrder(
  orderNo: string,
  amountText: string,
  method: MethodId,
): Promise<'result' | 'stay'> {
  const reply = await runAction(() => api.call('orders.pay', { orderNo, method }), toast);
  if (!reply) return 'stay';
  if (!isSuccess(reply)) {
    toast(reply.message);
    // A method that failed may work again or another may; a closed or paid order is settled.
    return reply.code === CODES.paymentMethodUnavailable.code ||
      reply.code === CODES.paymentProviderFailed.code
      ? 'stay'
      : 'result';
  }
  const start = reply.data.start;
  if (start.kind === 'redirect') {
    window.location.assign(start.url);
    return 'stay';
  }
  if (start.kind === 'sandbox') {
    const confirmed = await Dialog.confirm({
      title: '模拟支付',
      content: `开发环境的模拟收银台：确认支付 ¥${amountText}？不会产生真实扣款。`,
      confirmText: '确认付款',
      cancelText: '取消',
    });
    if (!confirmed) return 'stay';
    const posted = await runAction(() => api.call('payment.sandboxNotify', start.notify), toast);
    if (posted && !isSuccess(posted)) toast(posted.message);
  }
  return 'result';
}
