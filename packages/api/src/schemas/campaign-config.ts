// The format of campaign configuration: one JSON file per campaign in apps/server/seed/campaigns
// (read at first start), and the bodies of the admin API (routes/admin.ts). docs/campaigns.md
// describes it.
import { Type, type Static } from '@sinclair/typebox';
import { Instant, Key } from './primitives.ts';

const Lines = Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 });
/**
 * Where a coupon is used online; the page makes it a link (review L9). Empty, a path of this site
 * (`/…`, not `//` or `/\`, which browsers read as another host) or an http(s) URL; never
 * `javascript:`, `data:` or anything with spaces or backslashes.
 */
const OnlinePath = Type.String({
  maxLength: 256,
  pattern: '^(|/(?![/\\\\])[^\\s\\\\]*|https?://[^\\s\\\\/?#@]+([/?#][^\\s\\\\]*)?)$',
});

export const PrizeConfig = Type.Object(
  {
    key: Key,
    name: Type.String({ minLength: 1, maxLength: 128 }),
    image: Type.String({ maxLength: 512 }),
    kind: Type.Union([
      Type.Literal('thanks'),
      Type.Literal('points'),
      Type.Literal('coupon'),
      Type.Literal('goods'),
    ]),
    /** Points for `points`, a coupon template key for `coupon`, empty otherwise. */
    value: Type.Optional(Type.String({ maxLength: 64 })),
    weight: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    /** Units left; null or absent: unlimited. */
    stock: Type.Optional(
      Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 100_000_000 })]),
    ),
    /** Position on the wheel or nine-grid; -1 not shown there. */
    slot: Type.Integer({ minimum: -1, maximum: 99 }),
    usage: Type.Optional(Lines),
  },
  { additionalProperties: false },
);
export type PrizeConfig = Static<typeof PrizeConfig>;

export const PasswordConfig = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 32 }),
    prize: Key,
    startsAt: Instant,
    endsAt: Instant,
    useLimit: Type.Optional(
      Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 100_000_000 })]),
    ),
  },
  { additionalProperties: false },
);
export type PasswordConfig = Static<typeof PasswordConfig>;

export const CouponTemplateConfig = Type.Object(
  {
    key: Key,
    name: Type.String({ minLength: 1, maxLength: 128 }),
    category: Type.String({ minLength: 1, maxLength: 32 }),
    /** Amount off, in fen. */
    value: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
    /** Minimum order, in fen; 0 none. */
    threshold: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    validDays: Type.Integer({ minimum: 1, maximum: 3650 }),
    stock: Type.Optional(
      Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 100_000_000 })]),
    ),
    perUserLimit: Type.Integer({ minimum: 1, maximum: 1000 }),
    claimable: Type.Boolean(),
    channels: Type.Array(Type.Union([Type.Literal('store'), Type.Literal('online')]), {
      minItems: 1,
      maxItems: 2,
      uniqueItems: true,
    }),
    scope: Type.String({ maxLength: 256 }),
    onlinePath: Type.Optional(OnlinePath),
  },
  { additionalProperties: false },
);
export type CouponTemplateConfig = Static<typeof CouponTemplateConfig>;

export const ExchangeCodeConfig = Type.Object(
  { code: Type.String({ pattern: '^[A-Z0-9]{4,32}$' }), template: Key, expiresAt: Instant },
  { additionalProperties: false },
);

export const CampaignFile = Type.Object(
  {
    id: Key,
    kind: Type.String({ minLength: 1, maxLength: 32 }),
    title: Type.String({ minLength: 1, maxLength: 128 }),
    rules: Lines,
    startsAt: Instant,
    endsAt: Instant,
    settings: Type.Unknown(),
    prizes: Type.Optional(Type.Array(PrizeConfig, { maxItems: 100 })),
    passwords: Type.Optional(Type.Array(PasswordConfig, { maxItems: 1000 })),
    couponTemplates: Type.Optional(Type.Array(CouponTemplateConfig, { maxItems: 100 })),
    exchangeCodes: Type.Optional(Type.Array(ExchangeCodeConfig, { maxItems: 10000 })),
  },
  { additionalProperties: false },
);
export type CampaignFile = Static<typeof CampaignFile>;
