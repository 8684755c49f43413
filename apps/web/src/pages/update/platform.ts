// Which platform's releases the version page opens on, and what it tells the visitor about their
// own app: in the app (its user agent carries the version) newer / up to date / too old to use;
// elsewhere only the platform, from the user agent.
import type { Environment } from '../../env/detect.ts';

export type Platform = 'ios' | 'android';

export function platformOf(env: Pick<Environment, 'os'>): Platform {
  return env.os === 'Android' ? 'android' : 'ios';
}

/** Compares dotted versions numerically ('5.10.0' > '5.9.2'). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export type InstalledState = 'none' | 'latest' | 'behind' | 'unsupported';

/** The visitor's own app against the latest and the minimum supported version. */
export function installedState(
  installed: string | undefined,
  latest: string | undefined,
  minimum: string,
): InstalledState {
  if (!installed || !latest || !/^\d+(\.\d+)*$/.test(installed)) return 'none';
  if (minimum && compareVersions(installed, minimum) < 0) return 'unsupported';
  return compareVersions(installed, latest) >= 0 ? 'latest' : 'behind';
}
