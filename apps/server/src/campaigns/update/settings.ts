// Settings of the version page (kind `update`): per platform, where the update is installed from,
// the oldest version still supported, and the releases with their changes. Operators add a
// release with the admin API (PATCH /admin/api/campaigns/update); the page shows the highest
// version as the latest, whatever the order of the list.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import type { Problem } from '../settings-problems.ts';

const Url = Type.String({ maxLength: 1024, pattern: '^(https://|/)' });
const Version = Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,4}){0,3}$' });

const Release = Type.Object(
  {
    version: Version,
    releasedAt: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    notes: Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { minItems: 1, maxItems: 20 }),
    size: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

const Platform = Type.Object(
  {
    url: Url,
    minimumVersion: Type.Optional(Version),
    releases: Type.Array(Release, { maxItems: 100 }),
  },
  { additionalProperties: false },
);

export const UpdateSettings = Type.Object(
  {
    ...CampaignCopy,
    appName: Type.String({ minLength: 1, maxLength: 20 }),
    ios: Platform,
    android: Platform,
  },
  { additionalProperties: false },
);
export type UpdateSettings = Static<typeof UpdateSettings>;
export type Release = Static<typeof Release>;

/** Compares dotted versions numerically ('4.12.251' > '4.9.0'); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** One version listed twice on a platform would show two "latest" entries. */
export function updateProblems(settings: UpdateSettings): Problem[] {
  const problems: Problem[] = [];
  for (const platform of ['ios', 'android'] as const) {
    const versions = settings[platform].releases.map((r) => r.version);
    const repeated = versions.filter(
      (v, i) => versions.findIndex((w) => compareVersions(v, w) === 0) !== i,
    );
    for (const version of new Set(repeated))
      problems.push({
        field: `settings.${platform}.releases`,
        expects: `版本 ${version} 重复：每个版本只能出现一次`,
      });
  }
  return problems;
}
