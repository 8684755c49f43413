// Settings of the free-meal shake: shakes a day, the prize a losing shake gives (谢谢参与) and
// how hard the phone must be shaken (the page reads it; the server draws whatever the motion).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const FreeSettings = Type.Object(
  {
    ...CampaignCopy,
    /** Shakes every shopper has each Asia/Shanghai day. */
    dailyChances: Type.Integer({ minimum: 0, maximum: 1000 }),
    /** Awarded when nothing else is drawn or the drawn prize ran out; unlimited stock. */
    fallbackPrize: Type.String({ minLength: 1, maxLength: 64 }),
    /** Change of acceleration (m/s², gravity included) between readings that counts as a shake. */
    shakeThreshold: Type.Number({ minimum: 5, maximum: 60 }),
  },
  { additionalProperties: false },
);
export type FreeSettings = Static<typeof FreeSettings>;

export const freePrizeKeys = (settings: FreeSettings): string[] => [settings.fallbackPrize];
