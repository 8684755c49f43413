// Settings of the love account: the charity projects (each with its goal in points and its story)
// and the rules of giving. Projects live in the settings so an operator edits them with the rest
// (admin API PATCH); a project keeps what it raised as long as its key stays.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import { repeatedValues, type Problem } from '../settings-problems.ts';

export const LoveProject = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }),
    title: Type.String({ minLength: 1, maxLength: 40 }),
    summary: Type.String({ maxLength: 80 }),
    image: Type.String({ maxLength: 512 }),
    /** Who carries the project out (the partner charity). */
    organiser: Type.String({ maxLength: 40 }),
    goalPoints: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    /** The project's story, one paragraph per line. */
    story: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type LoveProject = Static<typeof LoveProject>;

export const LoveSettings = Type.Object(
  {
    ...CampaignCopy,
    projects: Type.Array(LoveProject, { maxItems: 50 }),
    /** The most points one donation may give. */
    maxPointsPerDonation: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    /** Donations a shopper may make each Asia/Shanghai day (all projects together). */
    donationsPerDay: Type.Integer({ minimum: 1, maximum: 100 }),
    /** The quick amounts the page offers. */
    presets: Type.Array(Type.Integer({ minimum: 1, maximum: 1_000_000 }), {
      minItems: 1,
      maxItems: 6,
    }),
  },
  { additionalProperties: false },
);
export type LoveSettings = Static<typeof LoveSettings>;

/** Problems the schema cannot see: two projects under one key, a preset over the maximum. */
export function loveProblems(settings: LoveSettings): Problem[] {
  const problems: Problem[] = repeatedValues(settings.projects.map((p) => p.key)).map((key) => ({
    field: 'settings.projects',
    expects: `项目编号 ${key} 重复`,
  }));
  const over = settings.presets.filter((p) => p > settings.maxPointsPerDonation);
  if (over.length > 0)
    problems.push({
      field: 'settings.presets',
      expects: `应不大于单次捐赠上限 maxPointsPerDonation（${settings.maxPointsPerDonation}），${over.join('、')} 超出`,
    });
  return problems;
}
