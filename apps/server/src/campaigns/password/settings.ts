// Settings of a password ("口令") campaign: how many attempts a shopper and an address get.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

export const PasswordSettings = Type.Object(
  {
    ...CampaignCopy,
    /** Attempts per shopper in each window. */
    attemptsPerUser: Type.Integer({ minimum: 1, maximum: 10000 }),
    /** Attempts per client address in each window (many shoppers share an office network). */
    attemptsPerAddress: Type.Integer({ minimum: 1, maximum: 1000000 }),
    attemptWindowMinutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  },
  { additionalProperties: false },
);
export type PasswordSettings = Static<typeof PasswordSettings>;

/** Passwords as shoppers type them: spaces dropped, Latin letters upper case. */
export function normalisePassword(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}
