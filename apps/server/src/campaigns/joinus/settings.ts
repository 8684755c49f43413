// Settings of "加入我们" (served by src/forms): the franchise and supply tracks, each with its
// pitch, whether a company name is needed and the one choice its form asks (budget, category).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

const Track = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 16 }),
    summary: Type.String({ maxLength: 120 }),
    points: Type.Array(Type.String({ maxLength: 120 }), { maxItems: 10 }),
    companyRequired: Type.Boolean(),
    choiceLabel: Type.String({ minLength: 1, maxLength: 16 }),
    choices: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
      minItems: 1,
      maxItems: 20,
    }),
  },
  { additionalProperties: false },
);

export const JoinusSettings = Type.Object(
  { ...CampaignCopy, merchant: Track, supplier: Track },
  { additionalProperties: false },
);
export type JoinusSettings = Static<typeof JoinusSettings>;
