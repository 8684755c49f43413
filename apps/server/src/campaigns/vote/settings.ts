// Settings of a vote: the options (with pictures), how many votes a shopper casts a day, and when
// voting closes. Options live in the settings so an operator edits them with the rest (admin API
// PATCH); a renamed option keeps its votes as long as its key stays.
import { Type, type Static } from '@sinclair/typebox';
import { Instant } from '@morsel/api';
import { CampaignCopy, instantMs } from '../schemas.ts';
import { repeatedValues, type Problem } from '../settings-problems.ts';

export const VoteOption = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }),
    name: Type.String({ minLength: 1, maxLength: 40 }),
    image: Type.String({ maxLength: 512 }),
    description: Type.Optional(Type.String({ maxLength: 120 })),
  },
  { additionalProperties: false },
);

export const VoteSettings = Type.Object(
  {
    ...CampaignCopy,
    options: Type.Array(VoteOption, { minItems: 2, maxItems: 50 }),
    /** Votes every shopper may cast each Asia/Shanghai day (for any options, the same one again too). */
    votesPerDay: Type.Integer({ minimum: 1, maximum: 100 }),
    /** Voting closes here (or at the campaign's end, whichever is first); the results stand. */
    closesAt: Instant,
  },
  { additionalProperties: false },
);
export type VoteSettings = Static<typeof VoteSettings>;

/** Problems the schema cannot see: two options under one key. */
export function voteProblems(settings: VoteSettings): Problem[] {
  return repeatedValues(settings.options.map((o) => o.key)).map((key) => ({
    field: 'settings.options',
    expects: `选项编号 ${key} 重复：每个选项的 key 应各不相同`,
  }));
}

export const closesAtMs = (settings: VoteSettings, endsAt: number): number =>
  Math.min(instantMs(settings.closesAt), endsAt);
