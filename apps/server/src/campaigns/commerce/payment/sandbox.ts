// The sandbox: the development default, so the order state machine runs for real without a
// merchant account. Starting a payment answers a notify signed with this install's sandbox
// secret (HMAC-SHA256); the cashier page posts it back to the notify route, which verifies it
// exactly as it verifies a provider's. Production refuses the sandbox (config/production.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NotifyRejected,
  type NotifyRequest,
  type PaymentNotice,
  type PaymentProvider,
  type SandboxNotify,
} from './provider.ts';

function signature(secret: string, n: Omit<SandboxNotify, 'sign'>): string {
  return createHmac('sha256', secret)
    .update(`${n.orderNo}\n${n.tradeNo}\n${n.amount}\n${n.notifyId}\n${n.paidAt}`)
    .digest('hex');
}

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    method: 'sandbox',
    title: '模拟支付（开发环境）',
    async start(order, options) {
      const unsigned = {
        orderNo: order.orderNo,
        tradeNo: `SBX${randomBytes(12).toString('hex')}`,
        amount: order.amount,
        notifyId: randomBytes(16).toString('hex'),
        paidAt: options.now,
      };
      return { kind: 'sandbox', notify: { ...unsigned, sign: signature(secret, unsigned) } };
    },
    async verifyNotify(request: NotifyRequest): Promise<PaymentNotice> {
      const f = request.fields;
      const notify = {
        orderNo: String(f.orderNo),
        tradeNo: String(f.tradeNo),
        amount: Number(f.amount),
        notifyId: String(f.notifyId),
        paidAt: Number(f.paidAt),
      };
      const expected = Buffer.from(signature(secret, notify), 'hex');
      const given = Buffer.from(String(f.sign), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new NotifyRejected('sandbox signature does not match');
      return { ...notify, paid: true };
    },
    async refund() {
      // The sandbox holds no money: a refund is done at once.
      return 'done' as const;
    },
    async close() {
      // The sandbox cashier asks the server for every payment: a closed order is refused there.
    },
  };
}
