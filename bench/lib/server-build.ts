// Benchmarks run our server as production does: the one-file build `npm start` runs
// (apps/server/dist/main.js, decision 0055), made from this checkout's source once per bench run.
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './processes.ts';

export const SERVER_SCRIPT = 'apps/server/dist/main.js';

let built = false;

/** Builds the server from the current source (about 2 s), once per bench process. */
export function serverScript(): string {
  if (!built) {
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
    built = true;
  }
  return SERVER_SCRIPT;
}
