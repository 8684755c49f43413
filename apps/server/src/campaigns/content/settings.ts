// Settings of a content page (gift stories, topics, the snack encyclopedia, partner zones): its
// copy as a list of structured blocks, never HTML. The page renders each block as text, pictures
// and links it builds itself, so nothing an operator types can run as markup; links may only point
// at this site's paths or at https addresses.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import type { Problem } from '../settings-problems.ts';

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
/** A picture: this site's path (the seeded art) or an https address. */
const Picture = Type.String({ maxLength: 512, pattern: '^(/(?!/)\\S*|https://\\S+)$' });
/** A link: a path of this site (not `//host`) or an https address; never `javascript:`. */
const Href = Type.String({ maxLength: 512, pattern: '^(/(?!/)\\S*|https://\\S+)$' });
const block = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

export const ContentBlock = Type.Union([
  block({ type: Type.Literal('heading'), text: Text(40) }),
  block({ type: Type.Literal('paragraph'), text: Text(1000) }),
  block({
    type: Type.Literal('image'),
    src: Picture,
    alt: Type.String({ maxLength: 80 }),
    caption: Type.Optional(Type.String({ maxLength: 80 })),
  }),
  block({
    type: Type.Literal('quote'),
    text: Text(300),
    by: Type.Optional(Type.String({ maxLength: 40 })),
  }),
  block({
    type: Type.Literal('entries'),
    title: Type.Optional(Type.String({ maxLength: 40 })),
    items: Type.Array(
      block({
        title: Text(40),
        image: Picture,
        tags: Type.Optional(Type.Array(Text(12), { maxItems: 5 })),
        body: Text(600),
      }),
      { minItems: 1, maxItems: 50 },
    ),
  }),
  block({
    type: Type.Literal('products'),
    title: Type.Optional(Type.String({ maxLength: 40 })),
    items: Type.Array(
      block({
        name: Text(40),
        image: Picture,
        /** In fen. */
        price: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
        note: Type.Optional(Type.String({ maxLength: 60 })),
      }),
      { minItems: 1, maxItems: 30 },
    ),
  }),
  /** Where the page's own coupons (templates of this campaign) are listed. */
  block({ type: Type.Literal('coupons'), title: Type.Optional(Type.String({ maxLength: 40 })) }),
  block({ type: Type.Literal('link'), text: Text(30), href: Href }),
]);
export type ContentBlock = Static<typeof ContentBlock>;

export const ContentSettings = Type.Object(
  {
    ...CampaignCopy,
    /** The header's accent colour. */
    theme: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
    blocks: Type.Array(ContentBlock, { maxItems: 80 }),
  },
  { additionalProperties: false },
);
export type ContentSettings = Static<typeof ContentSettings>;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The accent carries white text and is text on the page's light panels: AA needs 4.5:1. */
export const MIN_THEME_CONTRAST = 4.5;

/** Problems the schema cannot see: more than one place for the coupons, a too light accent. */
export function contentProblems(settings: ContentSettings): Problem[] {
  const problems: Problem[] = [];
  if (settings.blocks.filter((b) => b.type === 'coupons').length > 1)
    problems.push({ field: 'settings.blocks', expects: '最多只能有一个 coupons（优惠券）区块' });
  // Against #fff1eb (the link button), the background the accent reads worst on.
  const contrast = settings.theme
    ? (luminance('#fff1eb') + 0.05) / (luminance(settings.theme) + 0.05)
    : 99;
  if (contrast < MIN_THEME_CONTRAST)
    problems.push({
      field: 'settings.theme',
      expects: `颜色太浅，白色文字看不清：对比度 ${contrast.toFixed(2)}，应不低于 ${MIN_THEME_CONTRAST}`,
    });
  return problems;
}
