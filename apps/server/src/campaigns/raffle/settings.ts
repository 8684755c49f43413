// Settings of a raffle (prize wheel or nine-grid).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const RaffleSettings = Type.Object(
  {
    ...CampaignCopy,
    /** How the page draws the prizes: a wheel or a nine-grid (8 slots around a button). */
    layout: Type.Union([Type.Literal('wheel'), Type.Literal('grid')]),
    /** Draws every shopper has each Asia/Shanghai day. */
    dailyChances: Type.Integer({ minimum: 0, maximum: 1000000 }),
    /** Draws over the whole campaign; absent: no total limit. */
    totalChances: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    /** Extra draws a day earned by sharing and by friends' assists, together at most this many. */
    bonusChancesPerDay: Type.Integer({ minimum: 0, maximum: 1000 }),
    /** Awarded when the drawn prize is out of stock; must have unlimited stock. */
    fallbackPrize: Type.String({ minLength: 1, maxLength: 64 }),
    /** Recent winners shown under the wheel. */
    winnersShown: Type.Integer({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type RaffleSettings = Static<typeof RaffleSettings>;

export const rafflePrizeKeys = (settings: RaffleSettings): string[] => [settings.fallbackPrize];
