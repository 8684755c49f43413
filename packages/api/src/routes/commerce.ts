// Orders and payment (docs/commerce.md): the bank card top-up a shopper orders, the cashier that
// starts a payment with a provider, the providers' notifies, and the operator's order view.
// Amounts are integer fen; `…Text` fields are the same amounts in yuan with 2 decimals.
import { Type } from '@sinclair/typebox';
import { FormInteger, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView } from '../schemas/views.ts';
import { ADMIN, CAMPAIGN, defineRoutes, LOGGED_IN, LOGGED_IN_READ, UNREADABLE } from './define.ts';

/** An order number: 14 digits of Asia/Shanghai time and 6 random digits. */
export const OrderNo = Type.String({ pattern: '^\\d{20}$', description: 'order number' });
const OrderParams = Type.Object({ orderNo: OrderNo });
/** A bank channel code as the bank_channel cookie carries it. */
const ChannelCode = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });

export const OrderState = StringEnum(['created', 'paid', 'fulfilled', 'refunded', 'closed']);
export const PaymentMethod = StringEnum(['sandbox', 'wechat', 'alipay']);
export const RefundState = StringEnum(['pending', 'processing', 'succeeded', 'failed']);

/** What a cross-border order delivers (docs/crossborder.md). */
const OrderGoods = Type.Object({
  productId: Type.String(),
  name: Type.String(),
  image: Type.String(),
  origin: Type.String(),
  quantity: Type.Integer(),
  priceText: Type.String({ description: 'one piece' }),
  goodsText: Type.String({ description: 'price × quantity' }),
  taxText: Type.String(),
});

export const OrderView = Type.Object({
  orderNo: Type.String(),
  kind: StringEnum(['bank_topup', 'xborder', 'orange_card']),
  subject: Type.String(),
  amount: Type.Integer({ description: 'fen' }),
  amountText: Type.String({ description: 'yuan, 2 decimals' }),
  state: OrderState,
  method: Nullable(PaymentMethod),
  channel: Nullable(Type.Object({ code: Type.String(), name: Type.String() })),
  /** A top-up: the card credited and by how much; orange cards: '' and their face value; null for other kinds. */
  cardNo: Nullable(Type.String({ description: "masked card number ('' for orange cards)" })),
  credit: Nullable(
    Type.Integer({ description: 'fen credited to the card (orange cards: their face value)' }),
  ),
  creditText: Nullable(Type.String()),
  /** A cross-border order: the goods (null for other kinds). */
  goods: Nullable(OrderGoods),
  createdAt: Millis,
  expiresAt: Millis,
  paidAt: Nullable(Millis),
  fulfilledAt: Nullable(Millis),
  refundedAt: Nullable(Millis),
  closedAt: Nullable(Millis),
  serverTime: Millis,
});

const Card = Type.Object({
  cardNo: Type.String({ description: 'masked' }),
  balance: Type.Integer(),
  balanceText: Type.String(),
});

const TopUpOption = Type.Object({
  id: Type.String(),
  amount: Type.Integer({ description: 'fen to pay' }),
  amountText: Type.String(),
  credit: Type.Integer({ description: 'fen credited (amount plus the channel bonus)' }),
  creditText: Type.String(),
  bonusText: Type.String({ description: "'' without a bonus" }),
});

/** How the page continues a payment. */
const PaymentStart = Type.Union([
  Type.Object({
    kind: Type.Literal('sandbox'),
    /** The signed notify the sandbox cashier posts back to payment.sandboxNotify. */
    notify: Type.Object({
      orderNo: Type.String(),
      tradeNo: Type.String(),
      amount: Type.Integer(),
      notifyId: Type.String(),
      paidAt: Millis,
      sign: Type.String(),
    }),
  }),
  Type.Object({ kind: Type.Literal('redirect'), url: Type.String() }),
  Type.Object({
    kind: Type.Literal('jsapi'),
    params: Type.Object({
      appId: Type.String(),
      timeStamp: Type.String(),
      nonceStr: Type.String(),
      package: Type.String(),
      signType: Type.String(),
      paySign: Type.String(),
    }),
  }),
]);

const Text = (max: number) => Type.String({ maxLength: max });

const AdminOrder = Type.Object({
  ...OrderView.properties,
  id: Type.Integer(),
  userId: Type.Integer(),
  mobile: Type.String({ description: 'the shopper (masked)' }),
  tradeNo: Nullable(Type.String()),
  refund: Nullable(
    Type.Object({
      refundNo: Type.String(),
      amount: Type.Integer(),
      reason: Type.String(),
      state: RefundState,
      attempts: Type.Integer(),
      lastError: Type.String(),
      createdAt: Millis,
      doneAt: Nullable(Millis),
    }),
  ),
});

/** A WeChat Pay API v3 notify: the event and its encrypted resource. */
const WechatNotifyBody = Type.Object({
  id: Text(64),
  create_time: Type.Optional(Text(64)),
  event_type: Text(64),
  resource_type: Type.Optional(Text(64)),
  summary: Type.Optional(Text(256)),
  resource: Type.Object({
    algorithm: Text(32),
    ciphertext: Text(16_000),
    associated_data: Type.Optional(Text(256)),
    nonce: Text(64),
    original_type: Type.Optional(Text(64)),
  }),
});

const ORDER_OWNED = [...LOGGED_IN, 'orderNotFound'] as const;

export const COMMERCE_ROUTES = defineRoutes({
  'bank.card': {
    summary: "The shopper's prepaid card, the top-up amounts and the bank channel's bonus",
    querystring: Type.Object({ channel: Type.Optional(ChannelCode) }),
    data: Type.Object({
      campaign: CampaignView,
      card: Card,
      options: Type.Array(TopUpOption),
      channel: Nullable(Type.Object({ code: Type.String(), name: Type.String() })),
      methods: Type.Array(Type.Object({ id: PaymentMethod, name: Type.String() })),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ],
  },
  'bank.order': {
    summary: 'Order a top-up; the amount is computed here and must equal what the page showed',
    body: Type.Object({
      optionId: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
      amount: FormInteger(
        { minimum: 1, maximum: 100_000_000 },
        '^([1-9]\\d{0,7}|100000000)$',
        'the amount the page showed, fen',
      ),
      channel: Type.Optional(ChannelCode),
    }),
    data: OrderView,
    errors: [
      ...UNREADABLE,
      'campaignNotFound',
      'campaignNotStarted',
      'campaignEnded',
      ...LOGGED_IN,
      'topUpOptionInvalid',
      'orderAmountChanged',
    ],
  },
  'orders.detail': {
    summary: "One of the shopper's orders (the result page polls it)",
    params: OrderParams,
    data: OrderView,
    errors: [...UNREADABLE, ...LOGGED_IN_READ, 'orderNotFound'],
  },
  'orders.pay': {
    summary: 'Start paying an order with a method: the sandbox, WeChat Pay or Alipay',
    params: OrderParams,
    body: Type.Object({
      method: PaymentMethod,
      /**
       * WeChat: `jsapi` inside WeChat (the payer is the WeChat identity bound to the shopper;
       * 50018 with the authorise path when there is none), `h5` in other browsers.
       */
      scene: Type.Optional(StringEnum(['jsapi', 'h5', 'wap'])),
    }),
    data: Type.Object({ order: OrderView, start: PaymentStart }),
    errors: [
      ...UNREADABLE,
      ...ORDER_OWNED,
      'orderClosed',
      'orderAlreadyPaid',
      'paymentMethodUnavailable',
      'paymentProviderFailed',
      'wechatIdentityRequired',
    ],
  },
  'payment.sandboxNotify': {
    summary: "The sandbox cashier's signed payment notify (development only)",
    body: Type.Object({
      orderNo: OrderNo,
      tradeNo: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }),
      amount: FormInteger({ minimum: 0, maximum: 100_000_000 }, '^\\d{1,9}$'),
      notifyId: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }),
      paidAt: FormInteger({ minimum: 0, maximum: 9_999_999_999_999 }, '^\\d{1,13}$'),
      sign: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    }),
    data: Type.Object({ orderNo: Type.String(), state: OrderState }),
    errors: [
      ...UNREADABLE,
      'paymentMethodUnavailable',
      'paymentNotifyInvalid',
      'paymentAmountMismatch',
      'orderNotFound',
    ],
  },
  'payment.wechatNotify': {
    summary: 'WeChat Pay API v3 payment notify (signed by the platform key, resource AES-256-GCM)',
    body: WechatNotifyBody,
    data: Type.Null(),
    errors: [
      ...UNREADABLE,
      'paymentMethodUnavailable',
      'paymentNotifyInvalid',
      'paymentAmountMismatch',
      'orderNotFound',
    ],
  },
  'payment.wechatRefundNotify': {
    summary:
      'WeChat Pay API v3 refund notify (REFUND.SUCCESS/ABNORMAL/CLOSED; signed, resource AES-256-GCM)',
    body: WechatNotifyBody,
    data: Type.Null(),
    errors: [
      ...UNREADABLE,
      'paymentMethodUnavailable',
      'paymentNotifyInvalid',
      'orderNotFound',
      'refundNotifyRefused',
    ],
  },
  'payment.alipayNotify': {
    summary: 'Alipay asynchronous notify (RSA2); answers the text success',
    body: Type.Object({
      notify_id: Text(128),
      app_id: Text(32),
      out_trade_no: Text(64),
      trade_status: Text(32),
      total_amount: Text(16),
      sign: Text(1024),
      sign_type: Type.Optional(Text(16)),
    }),
    reply: 'text/plain',
    data: Type.String({ description: 'success' }),
    errors: [
      ...UNREADABLE,
      'paymentMethodUnavailable',
      'paymentNotifyInvalid',
      'paymentAmountMismatch',
      'orderNotFound',
    ],
  },
  'admin.orders': {
    summary: 'Orders, newest first: by state, order number or shopper mobile',
    querystring: Type.Object(
      {
        state: Type.Optional(OrderState),
        orderNo: Type.Optional(OrderNo),
        mobile: Type.Optional(Type.String({ pattern: '^1[3-9]\\d{9}$' })),
        before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$' })),
        limit: Type.Optional(Type.String({ pattern: '^([1-9]|[1-9][0-9]|100)$' })),
      },
      { additionalProperties: false },
    ),
    data: Type.Object({ orders: Type.Array(AdminOrder), next: Nullable(Type.String()) }),
    errors: [...ADMIN, ...UNREADABLE],
  },
  'admin.order': {
    summary: 'One order with its refund',
    params: OrderParams,
    data: AdminOrder,
    errors: [...ADMIN, ...UNREADABLE, 'orderNotFound'],
  },
  'admin.refundOrder': {
    summary: 'Refund a paid order in full: the card is debited now, the provider refunds by job',
    params: OrderParams,
    body: Type.Object(
      { reason: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }) },
      { additionalProperties: false },
    ),
    data: AdminOrder,
    errors: [
      ...ADMIN,
      ...UNREADABLE,
      'orderNotFound',
      'orderNotRefundable',
      'refundBalanceInsufficient',
    ],
  },
});
