// Settings of the voice post office (served by src/postoffice, docs/postoffice.md): the card
// templates (paper, ink and accent colours, a greeting to start from, the covers each goes with),
// the cover pictures, the home page's copy, and the per-account daily limits. Templates and covers
// live in the settings so an operator edits them with the rest (admin API PATCH); a saved card
// keeps the look and cover it was made with, so editing them never changes a card already sent.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import { repeatedValues, type Problem } from '../settings-problems.ts';

const Key = Type.String({ pattern: '^[a-z0-9-]{1,32}$' });
const Colour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });

export const PostcardCover = Type.Object(
  {
    key: Key,
    name: Type.String({ minLength: 1, maxLength: 16 }),
    image: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type PostcardCover = Static<typeof PostcardCover>;

export const PostcardTemplate = Type.Object(
  {
    key: Key,
    name: Type.String({ minLength: 1, maxLength: 16 }),
    description: Type.String({ maxLength: 80 }),
    paper: Colour,
    ink: Colour,
    accent: Colour,
    greeting: Type.String({ maxLength: 120 }),
    covers: Type.Array(Key, { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type PostcardTemplate = Static<typeof PostcardTemplate>;

export const PostofficeSettings = Type.Object(
  {
    ...CampaignCopy,
    intro: Type.String({ maxLength: 200 }),
    templates: Type.Array(PostcardTemplate, { minItems: 1, maxItems: 30 }),
    covers: Type.Array(PostcardCover, { minItems: 1, maxItems: 60 }),
    /** Recordings one account may upload each Asia/Shanghai day. */
    voicesPerDay: Type.Integer({ minimum: 1, maximum: 500 }),
    /** Cards one account may save each Asia/Shanghai day. */
    cardsPerDay: Type.Integer({ minimum: 1, maximum: 200 }),
  },
  { additionalProperties: false },
);
export type PostofficeSettings = Static<typeof PostofficeSettings>;

/** Problems the schema cannot see: a key used twice, a template naming a cover that is not there. */
export function postofficeProblems(settings: PostofficeSettings): Problem[] {
  const problems: Problem[] = [];
  const names = { templates: '模板', covers: '封面' } as const;
  for (const list of ['templates', 'covers'] as const)
    for (const key of repeatedValues(settings[list].map((item) => item.key)))
      problems.push({
        field: `settings.${list}`,
        expects: `${names[list]}编号 ${key} 重复：每个${names[list]}的 key 应各不相同`,
      });
  const covers = new Set(settings.covers.map((c) => c.key));
  settings.templates.forEach((template, index) => {
    for (const cover of template.covers)
      if (!covers.has(cover))
        problems.push({
          field: `settings.templates.${index}.covers`,
          expects: `模板 ${template.key} 使用的封面 ${cover} 不在 settings.covers 中`,
        });
  });
  return problems;
}
