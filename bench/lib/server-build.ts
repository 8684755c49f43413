// Benchmarks run our server as production does: the one-file build `npm start` runs
// (apps/server/dist/main.js, decision 0055), made from this checkout's source once per bench run.
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './processes.ts';

export const SERVER_SCRIPT = 'apps/server/dist/main.js';

let built = false;

/**
 * Builds the server from the current source (about 2 s), once per bench process.
 * `BENCH_SERVER_SCRIPT` runs another build instead, unbuilt here (say a copy of an earlier
 * commit's `dist/main.js` kept beside it in `apps/server/dist/`), for before/after runs.
 */
export function serverScript(): string {
  const other = process.env.BENCH_SERVER_SCRIPT;
  if (other) return other;
  if (!built) {
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
    built = true;
  }
  return SERVER_SCRIPT;
}
