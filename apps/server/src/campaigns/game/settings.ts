// Settings of the game centre (/activity/game/index): the catalogue of games it lists (each the
// campaign it opens, whose window says whether it is running) and the rules of its own skill game.
import { Type, type Static } from '@sinclair/typebox';
import { Key } from '@morsel/api';
import { CampaignCopy } from '../schemas.ts';

export const GameCentreSettings = Type.Object(
  {
    ...CampaignCopy,
    catalogue: Type.Array(
      Type.Object(
        {
          key: Key,
          /** The campaign the entry opens; its window is the entry's. */
          campaignId: Key,
          /** The web page the entry links to (a key of the web app's paths). */
          page: Type.String({ pattern: '^[a-zA-Z]{1,32}$' }),
          title: Type.String({ minLength: 1, maxLength: 32 }),
          description: Type.String({ maxLength: 64 }),
          image: Type.String({ minLength: 1, maxLength: 300 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    tap: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 32 }),
        targets: Type.Integer({ minimum: 3, maximum: 30 }),
        intervalMs: Type.Integer({ minimum: 500, maximum: 5000 }),
        windowMs: Type.Integer({ minimum: 400, maximum: 5000 }),
        roundsPerDay: Type.Integer({ minimum: 1, maximum: 50 }),
        /** Score for one point (points = score / scorePerPoint, rounded down, capped). */
        scorePerPoint: Type.Integer({ minimum: 1, maximum: 10_000 }),
        maxPointsPerRound: Type.Integer({ minimum: 0, maximum: 10_000 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type GameCentreSettings = Static<typeof GameCentreSettings>;
