// Settings of the CMS pages (kind `cms`): the cities pages are shown for and, per page id, its
// blocks. A block with `cities` shows only in those cities; one without shows everywhere. Rich
// text is stored as the operator wrote it and sanitised on the way out (sanitize.ts). Operators
// change it all with the admin API (PATCH /admin/api/campaigns/cms), as every campaign's settings.
import { Type, type Static } from '@sinclair/typebox';
import { Instant } from '@morsel/api';
import { CampaignCopy } from '../schemas.ts';
import { repeatedValues, type Problem } from '../settings-problems.ts';

// https, or a path of this site ("//host" would be another site).
const Url = Type.String({ maxLength: 1024, pattern: '^(https://|/(?![/\\\\]))' });
const OptionalLink = Type.Optional(Url);
const CityCode = Type.String({ pattern: '^\\d{6}$' });
const Cities = Type.Optional(Type.Array(CityCode, { minItems: 1, maxItems: 400 }));
const Title = Type.String({ minLength: 1, maxLength: 40 });
const Fen = Type.Integer({ minimum: 0, maximum: 100_000_000 });

const Banner = Type.Object(
  {
    type: Type.Literal('banner'),
    cities: Cities,
    items: Type.Array(
      Type.Object(
        { image: Url, alt: Type.String({ minLength: 1, maxLength: 60 }), link: OptionalLink },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 8 },
    ),
  },
  { additionalProperties: false },
);

const Coupons = Type.Object(
  {
    type: Type.Literal('coupons'),
    cities: Cities,
    title: Title,
    /** Templates of the coupon centre (campaign `coupon`); claimed through `coupon.claim`. */
    templates: Type.Array(Type.String({ pattern: '^[a-z0-9-]{1,64}$' }), {
      minItems: 1,
      maxItems: 20,
    }),
  },
  { additionalProperties: false },
);

const Products = Type.Object(
  {
    type: Type.Literal('products'),
    cities: Cities,
    title: Title,
    columns: Type.Optional(Type.Union([Type.Literal(2), Type.Literal(3)])),
    items: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 40 }),
          image: Url,
          price: Fen,
          originalPrice: Type.Optional(Fen),
          tag: Type.Optional(Type.String({ maxLength: 8 })),
          link: OptionalLink,
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 40 },
    ),
  },
  { additionalProperties: false },
);

const RichText = Type.Object(
  {
    type: Type.Literal('richText'),
    cities: Cities,
    html: Type.String({ minLength: 1, maxLength: 20_000 }),
  },
  { additionalProperties: false },
);

const Countdown = Type.Object(
  {
    type: Type.Literal('countdown'),
    cities: Cities,
    title: Title,
    endsAt: Instant,
    endedText: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

export const CmsBlockConfig = Type.Union([Banner, Coupons, Products, RichText, Countdown]);
export type CmsBlockConfig = Static<typeof CmsBlockConfig>;

export const CmsPageConfig = Type.Object(
  {
    title: Title,
    /** The page's background colour behind the blocks. */
    background: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
    /** An operator takes a page offline without deleting it (the page then says 63300). */
    enabled: Type.Optional(Type.Boolean()),
    blocks: Type.Array(CmsBlockConfig, { maxItems: 30 }),
  },
  { additionalProperties: false },
);
export type CmsPageConfig = Static<typeof CmsPageConfig>;

export const CmsSettings = Type.Object(
  {
    ...CampaignCopy,
    cities: Type.Array(
      Type.Object(
        { code: CityCode, name: Type.String({ minLength: 1, maxLength: 20 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 400 },
    ),
    defaultCity: CityCode,
    pages: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), CmsPageConfig),
  },
  { additionalProperties: false },
);
export type CmsSettings = Static<typeof CmsSettings>;

/** What the schema cannot say: the default and every block's cities are among `cities`. */
export function cmsProblems(settings: CmsSettings): Problem[] {
  const known = new Set(settings.cities.map((c) => c.code));
  const problems: Problem[] = repeatedValues(settings.cities.map((c) => c.code)).map((code) => ({
    field: 'settings.cities',
    expects: `城市 ${code} 重复：每个城市只能出现一次`,
  }));
  if (!known.has(settings.defaultCity))
    problems.push({
      field: 'settings.defaultCity',
      expects: `应为 settings.cities 中的城市（${settings.defaultCity} 不在其中）`,
    });
  for (const [id, page] of Object.entries(settings.pages)) {
    page.blocks.forEach((block, i) => {
      for (const city of block.cities ?? []) {
        if (!known.has(city))
          problems.push({
            field: `settings.pages.${id}.blocks.${i}.cities`,
            expects: `应为 settings.cities 中的城市（${city} 不在其中）`,
          });
      }
    });
  }
  return problems;
}
