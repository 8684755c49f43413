// Settings of the open-bag prize: the prize a bag without a win holds, and how many codes a
// shopper may try a day (every attempt counts, so guessing codes is slow).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const BagSettings = Type.Object(
  {
    ...CampaignCopy,
    /** Opened when nothing else is drawn or the drawn prize ran out; unlimited stock. */
    fallbackPrize: Type.String({ minLength: 1, maxLength: 64 }),
    /** Codes a shopper may try each Asia/Shanghai day, right or wrong. */
    attemptsPerDay: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  { additionalProperties: false },
);
export type BagSettings = Static<typeof BagSettings>;

export const bagPrizeKeys = (settings: BagSettings): string[] => [settings.fallbackPrize];

/** A code as stored: Latin letters upper-cased, spaces and dashes gone. */
export const normaliseBagCode = (code: string): string => code.replace(/[\s-]+/g, '').toUpperCase();
