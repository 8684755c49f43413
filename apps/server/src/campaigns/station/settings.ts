// Settings of the store stations (kind `station`): the stores with their positions, the cities
// a shopper without location picks from (each with its centre), the official account to follow
// and the share copy. Operators change them with the admin API (PATCH /admin/api/campaigns/station).
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';

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
export function stationProblems(settings: StationSettings): string[] {
  const cities = new Set(settings.cities.map((c) => c.code));
  const problems: string[] = [];
  if (!cities.has(settings.defaultCity))
    problems.push(`settings/defaultCity ${settings.defaultCity} is not in settings/cities`);
  const ids = new Set<string>();
  const codes = new Set<string>();
  for (const store of settings.stores) {
    if (ids.has(store.id)) problems.push(`settings/stores has id ${store.id} twice`);
    if (codes.has(store.code)) problems.push(`settings/stores has code ${store.code} twice`);
    if (!cities.has(store.cityCode))
      problems.push(`settings/stores ${store.id} is in ${store.cityCode}, not in cities`);
    ids.add(store.id);
    codes.add(store.code);
  }
  return problems.slice(0, 5);
}
