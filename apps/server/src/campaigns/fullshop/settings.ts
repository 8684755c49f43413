// Settings of the outlet declaration ("门店申报", served by src/forms): the shop types a shopper
// picks from, how many shop photos a declaration carries and the review time the pages promise.
// A campaign kind, so an operator edits them with the title, rules and window (admin API).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

const ShopType = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
    name: Type.String({ minLength: 1, maxLength: 32 }),
    description: Type.String({ maxLength: 120 }),
    image: Type.String({
      maxLength: 512,
      description: 'empty: the page shows the first character',
    }),
  },
  { additionalProperties: false },
);

export const FullshopSettings = Type.Object(
  {
    ...CampaignCopy,
    shopTypes: Type.Array(ShopType, { minItems: 1, maxItems: 20 }),
    photos: Type.Object(
      {
        min: Type.Integer({ minimum: 0, maximum: 9 }),
        max: Type.Integer({ minimum: 1, maximum: 9 }),
      },
      { additionalProperties: false },
    ),
    /** Working days an operator takes to review, as the pages promise it. */
    reviewDays: Type.Integer({ minimum: 1, maximum: 30 }),
  },
  { additionalProperties: false },
);
export type FullshopSettings = Static<typeof FullshopSettings>;
