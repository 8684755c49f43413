// Settings of the bank card top-up campaign (kind `bank`): the amounts a shopper can top up
// the prepaid card with, the bank channels (the bank_channel cookie) and the bonus each adds,
// and how long an unpaid order stays open.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../../schemas.ts';

export const BankSettings = Type.Object(
  {
    ...CampaignCopy,
    /** The card's name on the page and in order subjects. */
    cardName: Type.String({ minLength: 1, maxLength: 20 }),
    options: Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
          /** Fen. */
          amount: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 12 },
    ),
    channels: Type.Array(
      Type.Object(
        {
          code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
          name: Type.String({ minLength: 1, maxLength: 20 }),
          /** Extra credit in percent of the amount for shoppers from this bank (0: none). */
          bonusPercent: Type.Integer({ minimum: 0, maximum: 50 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
    /** An unpaid order closes after this. */
    orderMinutes: Type.Integer({ minimum: 1, maximum: 120 }),
  },
  { additionalProperties: false },
);
export type BankSettings = Static<typeof BankSettings>;

export type BankChannel = BankSettings['channels'][number];

/** The channel of a code, matched without regard to case; undefined for an unknown one. */
export function findChannel(settings: BankSettings, code: string | undefined) {
  if (!code) return undefined;
  return settings.channels.find((c) => c.code.toLowerCase() === code.toLowerCase());
}

/** What the card receives for `amount`: the amount plus the channel's bonus (rounded down). */
export function creditFor(amount: number, channel: BankChannel | undefined): number {
  return amount + Math.floor((amount * (channel?.bonusPercent ?? 0)) / 100);
}
