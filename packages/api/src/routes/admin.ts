// The campaigns' admin API (/admin/api/…): an operator lists, reads and changes a campaign's
// configuration and stock; a cashier redeems coupons. Bodies refuse unknown fields.
import { Type } from '@sinclair/typebox';
import { CouponTemplateConfig, PasswordConfig, PrizeConfig } from '../schemas/campaign-config.ts';
import { Instant, Key, Millis, Nullable } from '../schemas/primitives.ts';
import { CampaignState, Channel, PrizeKind, TemplateView } from '../schemas/views.ts';
import { ADMIN, defineRoutes, UNREADABLE } from './define.ts';

const CampaignParams = Type.Object({ id: Key });
const PrizeParams = Type.Object({ id: Key, key: Key });
const TemplateParams = Type.Object({ key: Key });
const StockBody = Type.Object(
  { add: Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 }) },
  { additionalProperties: false },
);
const Lines = Type.Array(Type.String());

export const AdminCampaign = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  rules: Lines,
  startsAt: Millis,
  endsAt: Millis,
  state: CampaignState,
  settings: Type.Unknown({ description: "the kind's settings (docs/campaigns.md)" }),
  updatedAt: Millis,
});

export const AdminTemplate = Type.Object({
  key: Type.String(),
  campaignId: Type.String(),
  name: Type.String(),
  category: Type.String(),
  value: Type.Integer(),
  threshold: Type.Integer(),
  validDays: Type.Integer(),
  stock: Nullable(Type.Integer()),
  issued: Type.Integer(),
  perUserLimit: Type.Integer(),
  claimable: Type.Boolean(),
  channels: Type.Array(Channel),
  scope: Type.String(),
  onlinePath: Type.String(),
});

const CampaignDetail = Type.Object({
  ...AdminCampaign.properties,
  prizes: Type.Array(
    Type.Object({
      key: Type.String(),
      name: Type.String(),
      image: Type.String(),
      kind: PrizeKind,
      value: Type.String(),
      weight: Type.Integer(),
      stock: Nullable(Type.Integer()),
      awarded: Type.Integer(),
      slot: Type.Integer(),
      usage: Lines,
    }),
  ),
  passwords: Type.Array(
    Type.Object({
      password: Type.String(),
      prize: Type.String(),
      startsAt: Millis,
      endsAt: Millis,
      useLimit: Nullable(Type.Integer()),
      used: Type.Integer(),
    }),
  ),
  couponTemplates: Type.Array(AdminTemplate),
});

const BAD_CONFIG = [...UNREADABLE, 'adminBadConfig'] as const;

export const ADMIN_ROUTES = defineRoutes({
  'admin.campaigns': {
    summary: 'Every campaign',
    data: Type.Array(AdminCampaign),
    errors: [...ADMIN],
  },
  'admin.campaign': {
    summary: 'One campaign with its prizes, passwords and coupon templates',
    params: CampaignParams,
    data: CampaignDetail,
    errors: [...ADMIN, ...UNREADABLE, 'campaignNotFound'],
  },
  'admin.patchCampaign': {
    summary: "Change a campaign's title, rules, window or settings",
    params: CampaignParams,
    body: Type.Object(
      {
        title: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
        rules: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
        startsAt: Type.Optional(Instant),
        endsAt: Type.Optional(Instant),
        settings: Type.Optional(Type.Unknown()),
      },
      { additionalProperties: false },
    ),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'campaignNotFound'],
  },
  'admin.putPrize': {
    summary: 'Create or replace a prize',
    params: PrizeParams,
    body: Type.Omit(PrizeConfig, ['key'], { additionalProperties: false }),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'campaignNotFound'],
  },
  'admin.restockPrize': {
    summary: "Add to (or take from) a prize's stock, atomically",
    params: PrizeParams,
    body: StockBody,
    data: Type.Object({ key: Type.String(), stock: Type.Integer(), awarded: Type.Integer() }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
  },
  'admin.putPassword': {
    summary: 'Create or replace a password of the password campaign',
    params: Type.Object({ id: Key, password: Type.String({ minLength: 1, maxLength: 32 }) }),
    body: Type.Omit(PasswordConfig, ['password'], { additionalProperties: false }),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'campaignNotFound'],
  },
  'admin.putTemplate': {
    summary: 'Create or replace a coupon template',
    params: TemplateParams,
    body: Type.Composite(
      [Type.Omit(CouponTemplateConfig, ['key']), Type.Object({ campaignId: Key })],
      { additionalProperties: false },
    ),
    data: AdminTemplate,
    errors: [...ADMIN, ...UNREADABLE, 'campaignNotFound'],
  },
  'admin.restockTemplate': {
    summary: "Add to (or take from) a coupon template's stock, atomically",
    params: TemplateParams,
    body: StockBody,
    data: Type.Object({ key: Type.String(), stock: Type.Integer(), issued: Type.Integer() }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
  },
  'admin.exchangeCodes': {
    summary: 'Issue exchange codes of a coupon template',
    params: TemplateParams,
    body: Type.Object(
      { count: Type.Integer({ minimum: 1, maximum: 1000 }), expiresAt: Instant },
      { additionalProperties: false },
    ),
    data: Type.Object({
      template: Type.String(),
      expiresAt: Millis,
      codes: Type.Array(Type.String()),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
  },
  'admin.redeem': {
    summary: 'Redeem a coupon in store by the code the shopper shows (admin or cashier key)',
    body: Type.Object(
      { code: Type.String({ pattern: '^\\d{16}$' }) },
      { additionalProperties: false },
    ),
    data: Type.Object({ couponId: Type.Integer(), template: TemplateView, usedAt: Millis }),
    errors: [
      ...ADMIN,
      ...UNREADABLE,
      'couponNotFound',
      'couponNotOnline',
      'couponUsed',
      'couponExpired',
    ],
  },
});
