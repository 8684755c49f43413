// Winners and fulfilment, exchange codes and prize images (issue #26, decision 0038): an operator
// lists a campaign's awards with masked numbers and addresses, exports them as CSV, marks a goods
// prize shipped; the winner confirms receipt. Exchange codes are issued named or random with a
// window and listed used or unused; prize pictures are uploaded or picked from the built-in art.
import { Type } from '@sinclair/typebox';
import { Instant, Key, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { AwardKind, AwardSource, DeliveryAddress, Shipment } from '../schemas/views.ts';
import { ADMIN, CAMPAIGN, defineRoutes, LOGGED_IN, UNREADABLE } from './define.ts';

/** Where a prize is on its way: goods move unclaimed → address_given → shipped → received. */
export const FulfilmentState = StringEnum([
  'issued',
  'unclaimed',
  'address_given',
  'shipped',
  'received',
]);

const WinnerParams = Type.Object({ id: Key });
const AwardId = Type.String({ pattern: '^[1-9][0-9]{0,15}$' });
/** A page size as a query string: 1-200. */
const Limit = Type.String({ pattern: '^(?:[1-9]\\d?|1\\d\\d|200)$' });

export const Winner = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  /** The account's number masked (138****1234); the CSV export carries the recipient's in full. */
  mobile: Type.String(),
  prizeKey: Type.String(),
  prizeName: Type.String(),
  kind: AwardKind,
  source: AwardSource,
  state: FulfilmentState,
  createdAt: Millis,
  /** The delivery address with its recipient's number masked; null until given. */
  address: Nullable(DeliveryAddress),
  shipment: Nullable(Shipment),
});

/** Named codes: what a page accepts after dropping spaces and dashes and upper-casing. */
const NamedCode = Type.String({ minLength: 4, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' });

export const ExchangeCodeRow = Type.Object({
  code: Type.String(),
  template: Type.String(),
  startsAt: Millis,
  expiresAt: Millis,
  status: StringEnum(['unused', 'used', 'expired', 'not_started']),
  usedBy: Nullable(Type.Integer()),
  usedAt: Nullable(Millis),
  createdAt: Millis,
});

export const ADMIN_FULFILMENT_ROUTES = defineRoutes({
  'awards.confirmReceipt': {
    summary: 'The winner confirms a shipped goods prize arrived',
    params: Type.Object({ campaign: Key, id: AwardId }),
    data: Type.Object({
      id: Type.Integer(),
      state: StringEnum(['received']),
      receivedAt: Millis,
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN, 'awardNotFound', 'awardNotShipped'],
  },
  'admin.winners': {
    summary: "A campaign's awards, newest first, with masked numbers and fulfilment state",
    params: WinnerParams,
    querystring: Type.Object(
      {
        state: Type.Optional(FulfilmentState),
        before: Type.Optional(AwardId),
        limit: Type.Optional(Limit),
      },
      { additionalProperties: false },
    ),
    data: Type.Object({
      winners: Type.Array(Winner),
      /** The `before` of the next page; null on the last. */
      next: Nullable(Type.Integer()),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
  },
  'admin.winnersCsv': {
    summary:
      "Exports a campaign's awards as CSV for shipping (UTF-8 with BOM; recipient's number in full)",
    params: WinnerParams,
    querystring: Type.Object(
      { state: Type.Optional(FulfilmentState) },
      { additionalProperties: false },
    ),
    reply: 'text/csv',
    data: Type.String({ description: 'CSV, one row per award, newest first' }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'consoleExportOperatorOnly'],
  },
  'admin.shipAward': {
    summary: 'Marks a goods prize shipped with its carrier and tracking number (or corrects them)',
    params: Type.Object({ id: Key, award: AwardId }),
    body: Type.Object(
      {
        carrier: Type.String({ minLength: 1, maxLength: 32, pattern: '\\S' }),
        trackingNo: Type.String({ pattern: '^[A-Za-z0-9-]{6,40}$' }),
      },
      { additionalProperties: false },
    ),
    data: Winner,
    errors: [
      ...ADMIN,
      ...UNREADABLE,
      'adminNotFound',
      'adminAwardNotFound',
      'adminAwardNotGoods',
      'adminAwardNoAddress',
      'adminAwardReceived',
    ],
  },
  'admin.issueExchangeCodes': {
    summary:
      'Issues exchange codes of a coupon template: named (`codes`) or random (`count`), working from startsAt until expiresAt',
    body: Type.Object(
      {
        template: Key,
        codes: Type.Optional(Type.Array(NamedCode, { minItems: 1, maxItems: 100 })),
        count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        startsAt: Type.Optional(Instant),
        expiresAt: Instant,
      },
      { additionalProperties: false },
    ),
    data: Type.Object({
      template: Type.String(),
      startsAt: Millis,
      expiresAt: Millis,
      codes: Type.Array(Type.String()),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'adminExchangeCodesInvalid'],
  },
  'admin.listExchangeCodes': {
    summary: "A coupon template's exchange codes, used or unused, in code order",
    querystring: Type.Object(
      {
        template: Key,
        status: Type.Optional(StringEnum(['used', 'unused'])),
        after: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{1,32}$' })),
        limit: Type.Optional(Limit),
      },
      { additionalProperties: false },
    ),
    data: Type.Object({
      codes: Type.Array(ExchangeCodeRow),
      /** The `after` of the next page; null on the last. */
      next: Nullable(Type.String()),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
  },
  'admin.uploadPrizeImage': {
    summary:
      'Uploads a prize picture (multipart, field `file`: JPEG, PNG or WebP, at most 5 MB); kept as a PNG of at most 480 px a side',
    data: Type.Object({
      url: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
      size: Type.Integer(),
    }),
    errors: [
      // No schema: the body is multipart.
      'badRequest',
      ...ADMIN,
      'adminImageMissing',
      'adminImageType',
      'adminImageTooLarge',
      'adminImageQuota',
    ],
  },
  'admin.prizeAssets': {
    summary: 'The built-in prize pictures an operator may pick',
    data: Type.Array(
      Type.Object({
        name: Type.String(),
        png: Type.String(),
        webp: Type.String(),
        svg: Type.String(),
      }),
    ),
    errors: [...ADMIN],
  },
});
