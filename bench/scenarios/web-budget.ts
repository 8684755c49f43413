// Per route, the JavaScript and CSS a first visit loads, gzip-compressed, against the budget:
// at most 140 kB of JavaScript gzip in all for the first route a shopper opens (issue 24
// tightened issue 8's 150 kB), and at most 40 kB for each campaign's own chunks. Each route is opened in a fresh Chromium profile
// (no cache) against the built app served by our server; every script and stylesheet response
// is recorded and its body gzip-compressed here (the server sends them uncompressed, a CDN or
// proxy in front compresses them). Peer: none — the budget is the reference.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { openPhone } from '../../e2e/harness/browser.ts';
import { startMorselServer } from '../lib/morsel-server.ts';
import type { MetricRow, ScenarioResult } from '../lib/report.ts';
import { entryAssets, pageRoutes, snapshotWebBuild } from '../lib/web-app.ts';
import type { Scenario } from './types.ts';

const BUDGET = 'budget';
const FIRST_ROUTE_JS_KB = 140;
const CAMPAIGN_CHUNK_KB = 40;
const KB = 1000;

interface Asset {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
  entry: boolean;
}

interface RouteLoad {
  path: string;
  title: string;
  assets: Asset[];
  jsGzip: number;
  cssGzip: number;
  /** JavaScript beyond what index.html loads: the route's own lazily loaded chunks. */
  routeJsGzip: number;
  campaign: boolean;
  pass: boolean;
}

const sum = (assets: Asset[], pick: (a: Asset) => boolean) =>
  assets.filter(pick).reduce((total, a) => total + a.gzipBytes, 0);

/**
 * Waits until the route's own chunks are in. `networkidle` alone (no request for 500 ms) comes
 * too early on a loaded machine: the entry's script can take longer than that to run before it
 * asks for the page's chunk, which then went uncounted. So: the shell's page skeleton (shown
 * while a chunk loads) gone, the network idle again, and no new resource for a second.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('[role="status"][aria-label="加载中"]'), null, {
      timeout: 30_000,
    })
    .catch(() => undefined); // a page that keeps a loading state still has its chunks counted
  await page.waitForLoadState('networkidle');
  let seen = -1;
  for (;;) {
    const count = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (count === seen) return;
    seen = count;
    await page.waitForTimeout(1_000);
  }
}

async function loadRoute(
  baseUrl: string,
  route: { path: string; title: string },
  entry: Set<string>,
): Promise<RouteLoad> {
  const phone = await openPhone();
  try {
    const page = await phone.newPage();
    const pending: Promise<Asset | undefined>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then(
          (body) => ({
            file: new URL(response.url()).pathname,
            kind: type === 'script' ? 'js' : 'css',
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            entry: entry.has(new URL(response.url()).pathname),
          }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'networkidle' });
    await settled(page);
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== undefined);
    const jsGzip = sum(assets, (a) => a.kind === 'js');
    const routeJsGzip = sum(assets, (a) => a.kind === 'js' && !a.entry);
    const campaign = route.path.startsWith('/activity/');
    return {
      ...route,
      assets,
      jsGzip,
      cssGzip: sum(assets, (a) => a.kind === 'css'),
      routeJsGzip,
      campaign,
      pass:
        jsGzip <= FIRST_ROUTE_JS_KB * KB && (!campaign || routeJsGzip <= CAMPAIGN_CHUNK_KB * KB),
    };
  } finally {
    await phone.close();
  }
}

export const webBudget: Scenario = {
  name: 'web-budget',
  summary: `per route, gzip JS/CSS of a first visit in Chromium vs the budget (${FIRST_ROUTE_JS_KB} kB JS in all, ${CAMPAIGN_CHUNK_KB} kB per campaign chunk)`,
  options: { routes: 'every route with a page; or a comma-separated list of path prefixes' },
  async run(options, log): Promise<ScenarioResult> {
    const dist = await snapshotWebBuild();
    const prefixes = options.routes?.split(',').filter(Boolean);
    const routes = (await pageRoutes()).filter(
      (r) => !prefixes || prefixes.some((prefix) => r.path.startsWith(prefix)),
    );
    const entry = await entryAssets(dist.dir);
    log(`${routes.length} routes with a page; entry assets: ${[...entry].join(', ')}`);
    const loads: RouteLoad[] = [];
    try {
      const server = await startMorselServer();
      try {
        for (const route of routes) {
          const load = await loadRoute(server.url, route, entry);
          loads.push(load);
          log(
            `${load.pass ? 'PASS' : 'FAIL'} ${route.path}: JS ${(load.jsGzip / KB).toFixed(1)} kB, own chunks ${(load.routeJsGzip / KB).toFixed(1)} kB, CSS ${(load.cssGzip / KB).toFixed(1)} kB`,
          );
          if (prefixes)
            for (const a of load.assets)
              log(`  ${a.kind} ${a.file} ${(a.gzipBytes / KB).toFixed(1)} kB`);
        }
      } finally {
        await server.stop();
      }
    } finally {
      await dist.remove();
    }
    const rows: MetricRow[] = [];
    for (const load of loads) {
      rows.push({
        metric: `${load.path} JS gzip, all`,
        unit: 'kB',
        better: 'lower',
        ours: load.jsGzip / KB,
        peers: { [BUDGET]: FIRST_ROUTE_JS_KB },
      });
      rows.push({
        metric: `${load.path} JS gzip, own chunks`,
        unit: 'kB',
        better: 'lower',
        ours: load.routeJsGzip / KB,
        peers: { [BUDGET]: load.campaign ? CAMPAIGN_CHUNK_KB : undefined },
      });
      rows.push({
        metric: `${load.path} CSS gzip, all`,
        unit: 'kB',
        better: 'info',
        ours: load.cssGzip / KB,
        peers: {},
      });
    }
    const failed = loads.filter((l) => !l.pass);
    return {
      scenario: 'web-budget',
      title: `first-visit JavaScript and CSS of ${loads.length} routes, gzip, against the budget`,
      peers: [BUDGET],
      rows,
      notes: [
        ...loads.map(
          (l) =>
            `${l.pass ? 'PASS' : 'FAIL'} ${l.path} (${l.title}): JS ${(l.jsGzip / KB).toFixed(1)} kB of ${FIRST_ROUTE_JS_KB}` +
            (l.campaign
              ? `, own chunks ${(l.routeJsGzip / KB).toFixed(1)} kB of ${CAMPAIGN_CHUNK_KB}`
              : `, own chunks ${(l.routeJsGzip / KB).toFixed(1)} kB (not a campaign route: no per-chunk budget)`),
        ),
        `${loads.length - failed.length} of ${loads.length} routes within budget.`,
        'Each route opened in a fresh Chromium profile (iPhone 13 viewport), waiting for the network to go idle; every script and stylesheet response is gzip-compressed at level 9 here (kB = 1,000 bytes). ' +
          '"Own chunks" is the JavaScript beyond what index.html loads (entry and its module preloads): the page chunk and the lazy chunks it pulls in, shared ones included.',
        'Routes are those of apps/web/src/routes/table.ts with a page (routes without a page fall to the not-found page and are not measured). A first visit is logged out, so a route that needs login shows the login page: it loads the login page chunks, not its own page chunk.',
      ],
      details: { loads },
    };
  },
};
