// Settings of the store stations (kind `station`): the stores with their positions, the cities
// a shopper without location picks from (each with its centre), the official account to follow
// and the share copy. Operators change them with the admin API (PATCH /admin/api/campaigns/station).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import { repeatedValues, type Problem } from '../settings-problems.ts';

// https, or a path of this site ("//host" would be another site).
const Url = Type.String({ maxLength: 1024, pattern: '^(https://|/(?![/\\\\]))' });
const CityCode = Type.String({ pattern: '^\\d{6}$' });
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const StoreConfig = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
    /** The store's code on its till and in its exclusive QR code (download attribution). */
    code: Type.String({ pattern: '^[A-Z0-9]{4,16}$' }),
    name: Type.String({ minLength: 1, maxLength: 40 }),
    cityCode: CityCode,
    address: Type.String({ minLength: 1, maxLength: 120 }),
    phone: Type.String({ maxLength: 20, pattern: '^[0-9-]*$' }),
    hours: Type.String({ maxLength: 40 }),
    /** GCJ-02 coordinates, as the maps service and WeChat's location answer them. */
    lat: Latitude,
    lng: Longitude,
    /** A closed store stays configured (its code page says so) but leaves the lists. */
    closed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StoreConfig = Static<typeof StoreConfig>;

export const StationSettings = Type.Object(
  {
    ...CampaignCopy,
    shareTitle: Type.String({ minLength: 1, maxLength: 40 }),
    shareDescription: Type.String({ maxLength: 80 }),
    officialAccount: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 30 }),
        qrImage: Url,
        intro: Type.String({ maxLength: 200 }),
        benefits: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 6 }),
      },
      { additionalProperties: false },
    ),
    cities: Type.Array(
      Type.Object(
        {
          code: CityCode,
          name: Type.String({ minLength: 1, maxLength: 20 }),
          lat: Latitude,
          lng: Longitude,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 400 },
    ),
    defaultCity: CityCode,
    codeHint: Type.String({ maxLength: 60 }),
    // Distance is computed over the list in memory (station/nearby.ts): 5,000 stores take well
    // under a millisecond. A chain past that moves stores to a table of their own (decision 0032).
    stores: Type.Array(StoreConfig, { maxItems: 5000 }),
  },
  { additionalProperties: false },
);
export type StationSettings = Static<typeof StationSettings>;

/** What the schema cannot say: ids unique, the default city and each store's city configured. */
export function stationProblems(settings: StationSettings): Problem[] {
  const cities = new Set(settings.cities.map((c) => c.code));
  const problems: Problem[] = [];
  if (!cities.has(settings.defaultCity))
    problems.push({
      field: 'settings.defaultCity',
      expects: `应为 settings.cities 中的城市（${settings.defaultCity} 不在其中）`,
    });
  for (const id of repeatedValues(settings.stores.map((s) => s.id)))
    problems.push({ field: 'settings.stores', expects: `门店编号 id ${id} 重复` });
  for (const code of repeatedValues(settings.stores.map((s) => s.code)))
    problems.push({ field: 'settings.stores', expects: `门店代码 code ${code} 重复` });
  for (const store of settings.stores) {
    if (!cities.has(store.cityCode))
      problems.push({
        field: `settings.stores.${store.id}.cityCode`,
        expects: `应为 settings.cities 中的城市（${store.cityCode} 不在其中）`,
      });
  }
  return problems;
}
