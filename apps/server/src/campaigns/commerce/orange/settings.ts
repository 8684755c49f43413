// Settings of the orange gift card campaign (kind `orangeCard`): the cities the card is sold in
// and each city's face values, how many cards one order may hold, the daily limits per shopper,
// how long an unpaid order stays open and a gift waits for its friend, and the blessings offered.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../../schemas.ts';
import { repeatedValues, type Problem } from '../../settings-problems.ts';

const Face = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
    /** Fen: what one card costs and holds. */
    amount: Type.Integer({ minimum: 100, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);

export const OrangeCardSettings = Type.Object(
  {
    ...CampaignCopy,
    /** The card's name on the pages, in order subjects and gifts. */
    cardName: Type.String({ minLength: 1, maxLength: 20 }),
    cities: Type.Array(
      Type.Object(
        {
          code: Type.String({ pattern: '^[a-z0-9-]{1,32}$' }),
          name: Type.String({ minLength: 1, maxLength: 16 }),
          faces: Type.Array(Face, { minItems: 1, maxItems: 12 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200 },
    ),
    /** Cards in one order (the API allows at most 20). */
    maxQuantity: Type.Integer({ minimum: 1, maximum: 20 }),
    /** Orders a shopper may place a day (each costs a provider call). */
    ordersPerDay: Type.Integer({ minimum: 1, maximum: 100 }),
    /** Gift links a shopper may create a day. */
    giftsPerDay: Type.Integer({ minimum: 1, maximum: 100 }),
    /** An unpaid order closes after this. */
    orderMinutes: Type.Integer({ minimum: 1, maximum: 120 }),
    /** A gift not claimed within this returns to the giver. */
    giftHours: Type.Integer({ minimum: 1, maximum: 720 }),
    /** Blessings the give page offers (the giver may write their own). */
    blessings: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 12 }),
  },
  { additionalProperties: false },
);
export type OrangeCardSettings = Static<typeof OrangeCardSettings>;
export type OrangeCity = OrangeCardSettings['cities'][number];

/** Two cities with one code, or two faces of a city with one id, would make choices ambiguous. */
export function orangeCardProblems(settings: OrangeCardSettings): Problem[] {
  const problems: Problem[] = repeatedValues(settings.cities.map((c) => c.code)).map((code) => ({
    field: 'settings.cities',
    expects: `城市代码 ${code} 重复`,
  }));
  for (const city of settings.cities) {
    for (const id of repeatedValues(city.faces.map((f) => f.id)))
      problems.push({
        field: `settings.cities.${city.code}.faces`,
        expects: `卡面编号 ${id} 重复`,
      });
  }
  return problems;
}

export function findCity(settings: OrangeCardSettings, code: string | undefined) {
  return code ? settings.cities.find((c) => c.code === code) : undefined;
}
