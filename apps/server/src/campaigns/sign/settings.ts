// Settings of a daily sign-in campaign (the `settings` object of its seed file or admin update).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const SignSettings = Type.Object(
  {
    ...CampaignCopy,
    /** Points credited for every day signed. */
    dailyPoints: Type.Integer({ minimum: 0, maximum: 100000 }),
    /** Prizes at consecutive-day milestones, once per streak. */
    streakRewards: Type.Array(
      Type.Object(
        {
          days: Type.Integer({ minimum: 2, maximum: 366 }),
          prize: Type.String({ minLength: 1, maxLength: 64 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    /** Prize key awarded instead of a milestone prize that ran out. */
    fallbackPrize: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type SignSettings = Static<typeof SignSettings>;

/** Prize keys the settings name, checked against the campaign's prizes. */
export function signPrizeKeys(settings: SignSettings): string[] {
  return [
    ...settings.streakRewards.map((r) => r.prize),
    ...(settings.fallbackPrize ? [settings.fallbackPrize] : []),
  ];
}
