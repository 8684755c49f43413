// The campaigns' admin API (/admin/api/…): an operator lists, reads and changes a campaign's
// configuration and stock; a cashier redeems coupons. Bodies refuse unknown fields.
import { Type } from '@sinclair/typebox';
import { CouponTemplateConfig, PasswordConfig, PrizeConfig } from '../schemas/campaign-config.ts';
import { Instant, Key, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import {
  CampaignState,
  CampaignStatus,
  Channel,
  PrizeKind,
  TemplateView,
} from '../schemas/views.ts';
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
  /** The operator's lifecycle with the window applied (decision 0037). */
  status: CampaignStatus,
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

/**
 * A prize as PUT takes it: what GET answers (with `key` and `awarded`, both read-only) is
 * accepted back as it is. `stock` with `awarded` reads as the total stock + awarded, which draws
 * do not change, so a GET–edit–PUT round trip passes while shoppers draw (decision 0037).
 */
const PrizeBody = Type.Composite(
  [
    Type.Omit(PrizeConfig, ['key']),
    Type.Object({
      key: Type.Optional(Key),
      awarded: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    }),
  ],
  { additionalProperties: false },
);
const PrizePatch = Type.Partial(Type.Omit(PrizeConfig, ['key']), { additionalProperties: false });
const CampaignWindow = { startsAt: Instant, endsAt: Instant };

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
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound'],
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
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound'],
  },
  'admin.putPrize': {
    summary: 'Create or replace a prize',
    params: PrizeParams,
    body: PrizeBody,
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminStockIsLive'],
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
    // What GET answers is taken back: `password` and `used` are read-only.
    body: Type.Composite(
      [
        Type.Omit(PasswordConfig, ['password']),
        Type.Object({
          password: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
          used: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
      ],
      { additionalProperties: false },
    ),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound'],
  },
  'admin.putTemplate': {
    summary: 'Create or replace a coupon template',
    params: TemplateParams,
    // What GET answers is taken back (`key`, `issued` read-only); a published campaign's
    // limited stock is compared as stock + issued and moves only by /stock (decision 0037).
    body: Type.Composite(
      [
        Type.Omit(CouponTemplateConfig, ['key']),
        Type.Object({
          campaignId: Key,
          key: Type.Optional(Key),
          issued: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
        }),
      ],
      { additionalProperties: false },
    ),
    data: AdminTemplate,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminStockIsLive'],
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
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'adminExchangeCodesInvalid'],
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

  'admin.createCampaign': {
    summary: 'Create a campaign of any kind with its own id (a draft unless `status: live`)',
    body: Type.Object(
      {
        id: Key,
        kind: Type.String({ minLength: 1, maxLength: 32 }),
        title: Type.String({ minLength: 1, maxLength: 128 }),
        rules: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 })),
        ...CampaignWindow,
        settings: Type.Unknown(),
        prizes: Type.Optional(Type.Array(PrizeConfig, { maxItems: 100 })),
        status: Type.Optional(StringEnum(['draft', 'live'])),
      },
      { additionalProperties: false },
    ),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminCampaignExists'],
  },
  'admin.copyCampaign': {
    summary: 'Copy a campaign (settings and prizes, nothing awarded) as a new draft',
    // `source` is the campaign copied; the body's `id` is the copy's, as in admin.createCampaign.
    params: Type.Object({ source: Key }),
    body: Type.Object(
      {
        id: Key,
        title: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
        startsAt: Type.Optional(Instant),
        endsAt: Type.Optional(Instant),
      },
      { additionalProperties: false },
    ),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminCampaignExists'],
  },
  'admin.campaignStatus': {
    summary: 'Publish (or schedule), pause, resume, end or archive a campaign',
    params: CampaignParams,
    body: Type.Object(
      { status: StringEnum(['live', 'paused', 'ended', 'archived']) },
      { additionalProperties: false },
    ),
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminStatusChange'],
  },
  'admin.patchPrize': {
    summary: "Change some of a prize's fields (stock only in a draft: use the stock route)",
    params: PrizeParams,
    body: PrizePatch,
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminStockIsLive'],
  },
  'admin.deletePrize': {
    summary: 'Delete a prize nobody has won and the settings do not name',
    params: PrizeParams,
    data: CampaignDetail,
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'adminPrizeAwarded', 'adminPrizeInUse'],
  },

  'admin.createPrize': {
    summary: 'Add a prize to a campaign (61160 when its key is taken)',
    params: CampaignParams,
    body: PrizeConfig,
    data: CampaignDetail,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminPrizeExists'],
  },
  'admin.createTemplate': {
    summary: 'Add a coupon template to a campaign (61161 when its key is taken)',
    body: Type.Composite([CouponTemplateConfig, Type.Object({ campaignId: Key })], {
      additionalProperties: false,
    }),
    data: AdminTemplate,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminTemplateExists'],
  },
  'admin.patchTemplate': {
    summary:
      "Change some of a coupon template's fields (stock only in a draft: use the stock route)",
    params: TemplateParams,
    body: Type.Partial(Type.Omit(CouponTemplateConfig, ['key']), { additionalProperties: false }),
    data: AdminTemplate,
    errors: [...ADMIN, ...BAD_CONFIG, 'adminNotFound', 'adminStockIsLive'],
  },
  'admin.retireTemplate': {
    summary: 'Stop a coupon template being claimed or won; coupons already issued stay valid',
    params: TemplateParams,
    data: AdminTemplate,
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'adminTemplateInUse'],
  },
  'admin.campaignKinds': {
    summary: 'Every campaign kind the server runs, with what an instance of it needs',
    data: Type.Array(
      Type.Object({
        kind: Type.String(),
        name: Type.String(),
        /** `many`: several instances side by side (?campaign=); `one`: one per site. */
        instances: StringEnum(['many', 'one']),
        /** `board`: prizes on slots (raffle); `list`: prizes drawn or given; `none`. */
        prizes: StringEnum(['board', 'list', 'none']),
        couponTemplates: Type.Boolean(),
        passwords: Type.Boolean(),
        /** What an instance needs, one line each, in Chinese. */
        needs: Lines,
        /** A working configuration to start from (the kind's shipped one), or null. */
        example: Nullable(
          Type.Object({
            title: Type.String(),
            rules: Lines,
            settings: Type.Unknown(),
            prizes: Type.Array(PrizeConfig),
          }),
        ),
      }),
    ),
    errors: [...ADMIN],
  },
});
