// Lighthouse 12.8.2's accessibility score of every route that has a page (issue 28: at least 95
// on each), in Debian's Chromium against the built app and our server with the demo campaigns.
// Each route is audited logged out (unless it requires login) and logged in as a shopper with
// a signed day, a prize and a coupon, so the award lists, the prize detail and the coupon pages
// are scored with content, not their login prompt. The scenario fails when any score is below 95.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { MetricRow, ScenarioResult } from '../lib/report.ts';
import { registerShoppers, startApiProcess, type ApiServer } from '../lib/product-api.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, snapshotWebBuild } from '../lib/web-app.ts';
import { serverScript } from '../lib/server-build.ts';
import type { Scenario } from './types.ts';

const MIN_SCORE = 95;
const BUDGET = `minimum (${MIN_SCORE})`;

interface RouteDefLike {
  path: string;
  page?: unknown;
  redirectTo?: string;
  requireLogin?: boolean;
}

interface Audit {
  url: string;
  loggedIn: boolean;
  score: number;
  /** Ids of the accessibility audits that failed, with their titles. */
  failed: string[];
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function campaignCall<T>(
  base: string,
  ut: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}/api/campaign/${path}`, {
    method,
    headers: { ut, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as Envelope<T>;
  if (reply.code !== 0) throw new Error(`${method} ${path}: ${reply.code} ${reply.message}`);
  return reply.data;
}

function startDemoServer(): Promise<ApiServer> {
  return startApiProcess(
    'morsel-a11y',
    serverScript(),
    (port, dataDir) => ({
      PORT: String(port),
      MORSEL_HOST: '127.0.0.1',
      MORSEL_DATA_DIR: dataDir,
      MORSEL_LOG_LEVEL: process.env.MORSEL_LOG_LEVEL ?? 'warn',
      MORSEL_SEED_DEMO: 'true',
      MORSEL_SMS_PROVIDER: 'outbox',
    }),
    '/healthz',
  );
}

/** The routes with a page, with whether they require login (the app's own route table). */
async function routeTable(): Promise<RouteDefLike[]> {
  const { pathToFileURL } = await import('node:url');
  const { REPO_ROOT } = await import('../lib/processes.ts');
  const table = pathToFileURL(`${REPO_ROOT}/apps/web/src/routes/table.ts`).href;
  const mod = (await import(table)) as { routes: RouteDefLike[] };
  return mod.routes.filter((r) => r.page && !r.redirectTo && !r.path.includes(':'));
}

async function audit(port: number, url: string, loggedIn: boolean): Promise<Omit<Audit, 'url'>> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      // Accessibility does not depend on network speed; the shopper's cookie must survive.
      throttlingMethod: 'provided',
      disableStorageReset: loggedIn,
    },
    undefined,
  );
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const category = lhr.categories.accessibility;
  const failed = (category?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.title ?? ''})`);
  return { loggedIn, score: Math.round((category?.score ?? NaN) * 100), failed };
}

export const a11y: Scenario = {
  name: 'a11y',
  summary: `Lighthouse accessibility score of every route with a page, logged out and in; fails below ${MIN_SCORE}`,
  options: {},
  async run(_options, log): Promise<ScenarioResult> {
    const dist = await snapshotWebBuild();
    const routes = await routeTable();
    const audits: Audit[] = [];
    let server: ApiServer | undefined;
    let chrome: chromeLauncher.LaunchedChrome | undefined;
    try {
      server = await startDemoServer();
      const [shopper] = await registerShoppers(server.url, ['13900009501']);
      const ut = shopper!.ut;
      // Something on every page of the shopper: a signed day, a raffle prize, a coupon, a gift link.
      await campaignCall(server.url, ut, 'POST', 'sign/today');
      // A draw may land on 谢谢参与 (no prize): the day's three chances make a prize likely.
      let prizeId: number | undefined;
      for (let chance = 0; chance < 3 && prizeId === undefined; chance++) {
        const drawn = await campaignCall<{ award: { id: number } | null }>(
          server.url,
          ut,
          'POST',
          'raffle/draw',
        );
        prizeId = drawn.award?.id;
      }
      const coupon = await campaignCall<{ id: number }>(server.url, ut, 'POST', 'coupon/claim', {
        templateKey: 'all-3-free',
      });
      const { shareCode } = await campaignCall<{ shareCode: string }>(
        server.url,
        ut,
        'GET',
        'coupon/poster',
      );
      const query: Record<string, string> = {
        // Without a prize the detail page says the prize is not found, a page all the same.
        '/activity/sign/detail': `?campaign=raffle&id=${prizeId ?? 1}`,
        '/activity/coupon/cloudUse': `?id=${coupon.id}`,
        '/activity/sendCoupon/index': `?shareCode=${shareCode}`,
      };

      chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROMIUM_FLAGS,
        logLevel: 'silent',
      });
      // The same Chromium through playwright, only to set and clear the login cookie.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0]!;
      try {
        for (const loggedIn of [false, true]) {
          if (loggedIn) await context.addCookies([{ name: 'ut', value: ut, url: server.url }]);
          else await context.clearCookies();
          for (const route of routes) {
            if (!loggedIn && route.requireLogin) continue; // it shows the login page
            const url = `${route.path}${query[route.path] ?? ''}`;
            const done = await audit(chrome.port, `${server.url}${url}`, loggedIn);
            audits.push({ url, ...done });
            log(
              `${loggedIn ? 'logged in ' : 'logged out'} ${url}: ${done.score}${done.failed.length ? ` (failed: ${done.failed.join(', ')})` : ''}`,
            );
          }
        }
      } finally {
        await browser.close().catch(() => {});
      }
    } finally {
      chrome?.kill();
      await server?.stop();
      await dist.remove();
    }
    const low = audits.filter((a) => a.score < MIN_SCORE);
    const rows: MetricRow[] = audits.map((a) => ({
      metric: `${a.url} (${a.loggedIn ? 'logged in' : 'logged out'}) accessibility`,
      unit: '0-100',
      better: 'higher',
      ours: a.score,
      peers: { [BUDGET]: MIN_SCORE },
    }));
    if (low.length)
      throw new Error(
        `accessibility below ${MIN_SCORE}: ${low.map((a) => `${a.url} ${a.score} (${a.failed.join(', ')})`).join('; ')}`,
      );
    return {
      scenario: 'a11y',
      title: `Lighthouse 12.8.2 accessibility, ${audits.length} audits of ${routes.length} routes`,
      peers: [BUDGET],
      rows,
      notes: [
        `Every route of apps/web/src/routes/table.ts with a page: logged out (except the routes that require login) and logged in as a shopper with a signed day, a raffle prize, a claimed coupon and a gift link. A score below ${MIN_SCORE} fails the scenario.`,
        'Lighthouse defaults (mobile form factor) with throttling off: accessibility audits do not depend on network or CPU speed.',
      ],
      details: { audits },
    };
  },
};
