// Settings of the wine corner (kind `wine`): the age confirmation shown before the page, the
// polite exit for a visitor who declines, the legal notice and the wines. Operators change them
// with the admin API (PATCH /admin/api/campaigns/wine).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

const Url = Type.String({ maxLength: 1024, pattern: '^(https://|/)' });

export const WineSettings = Type.Object(
  {
    ...CampaignCopy,
    minimumAge: Type.Integer({ minimum: 16, maximum: 25 }),
    rememberDays: Type.Integer({ minimum: 0, maximum: 365 }),
    gate: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 24 }),
        message: Type.String({ minLength: 1, maxLength: 200 }),
        confirmText: Type.String({ minLength: 1, maxLength: 16 }),
        declineText: Type.String({ minLength: 1, maxLength: 16 }),
      },
      { additionalProperties: false },
    ),
    exit: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 24 }),
        message: Type.String({ maxLength: 200 }),
      },
      { additionalProperties: false },
    ),
    notice: Type.String({ maxLength: 60 }),
    products: Type.Array(
      Type.Object(
        {
          key: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
          name: Type.String({ minLength: 1, maxLength: 40 }),
          spec: Type.String({ maxLength: 40 }),
          /** Fen. */
          price: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
          image: Url,
          tag: Type.Optional(Type.String({ maxLength: 8 })),
          url: Type.Optional(Url),
        },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);
export type WineSettings = Static<typeof WineSettings>;
