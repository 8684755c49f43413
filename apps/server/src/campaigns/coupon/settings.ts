// Settings of the coupon campaign: the centre's category order, the new-user pack and the coupon
// shoppers send to friends with a share link.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

const Key = Type.String({ minLength: 1, maxLength: 64 });

export const CouponSettings = Type.Object(
  {
    ...CampaignCopy,
    /** Category order in the coupon centre; categories not listed follow. */
    categories: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 20 }),
    /** An unused coupon expiring within this many days reads 即将过期 (3 when left out). */
    expiryWarningDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
    newUserPack: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 64 }),
        templates: Type.Array(Key, { minItems: 1, maxItems: 10 }),
        /** Accounts registered within this many days may claim it. */
        withinDays: Type.Integer({ minimum: 1, maximum: 3650 }),
      },
      { additionalProperties: false },
    ),
    gift: Type.Object(
      {
        template: Key,
        posterTitle: Type.String({ minLength: 1, maxLength: 64 }),
        posterSubtitle: Type.String({ maxLength: 128 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type CouponSettings = Static<typeof CouponSettings>;

export const couponTemplateKeys = (settings: CouponSettings): string[] => [
  ...settings.newUserPack.templates,
  settings.gift.template,
];
