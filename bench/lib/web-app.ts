// The built web app as the web scenarios measure it: the route list derived from the app's own
// route table (routes that have a page now), the build brought up to date, and Debian's Chromium
// flags as the e2e harness uses them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './processes.ts';

export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const CHROMIUM_PATH = process.env.MORSEL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Same as e2e/harness/browser.ts (not exported there): no background networking, offline. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

interface RouteDefLike {
  path: string;
  title: string;
  page?: unknown;
  redirectTo?: string;
}

/**
 * Paths of the routes that render a page of ours now, in table order. Loaded at run time (not a
 * static import) so the bench's type check does not pull in the web app's pages.
 */
export async function pageRoutes(): Promise<{ path: string; title: string }[]> {
  const table = pathToFileURL(path.join(REPO_ROOT, 'apps/web/src/routes/table.ts')).href;
  const mod = (await import(table)) as { routes: RouteDefLike[] };
  return mod.routes
    .filter((route) => route.page && !route.redirectTo && !route.path.includes(':'))
    .map((route) => ({ path: route.path, title: route.title }));
}

/** Rebuilds apps/web/dist when a source is newer than the build (scripts/ensure-builds.mjs). */
export function ensureWebBuild(): void {
  execFileSync(process.execPath, ['scripts/ensure-builds.mjs'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * A copy of apps/web/dist taken now, served instead of the live folder (MORSEL_WEB_DIST in the
 * environment the server inherits): other work may rebuild the app while a scenario runs, which
 * would swap the hashed chunk names under a page being measured.
 */
export async function snapshotWebBuild(): Promise<{ dir: string; remove: () => Promise<void> }> {
  ensureWebBuild();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-web-dist-'));
  await fs.cp(WEB_DIST, dir, { recursive: true });
  const previous = process.env.MORSEL_WEB_DIST;
  process.env.MORSEL_WEB_DIST = dir;
  return {
    dir,
    async remove() {
      if (previous === undefined) delete process.env.MORSEL_WEB_DIST;
      else process.env.MORSEL_WEB_DIST = previous;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** The files index.html loads itself (entry script, module preloads, stylesheets). */
export async function entryAssets(dist: string): Promise<Set<string>> {
  const html = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) files.add(match[1]!);
  return files;
}
