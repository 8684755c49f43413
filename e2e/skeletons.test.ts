// Waiting looks like the page to come (issue 28): while a page's code loads, and while the prize
// list's account row loads, the shopper sees a skeleton of what follows, never a lone spinner on a
// blank screen. Screenshots at 390 and 320 px.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { openLoggedIn } from './campaigns-support.ts';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

/** Holds every request matching `matches` until `release` is called. */
async function hold(page: Page, matches: (url: URL) => boolean) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route: Route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

const spinners = (page: Page) =>
  page.locator('.adm-spin-loading, .adm-dot-loading, [class*="spinner"]').count();

describe('skeletons while waiting', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the outline of the page while its code and its account row load', async () => {
    const shopper = await openLoggedIn(app.url, '13800009501');
    const { page, errors } = shopper;
    try {
      // The page's own chunk held: the shell shows a page skeleton.
      const releaseChunk = await hold(page, (url) =>
        /\/assets\/SignAwardPage-[^/]+\.js$/.test(url.pathname),
      );
      const releaseInfo = await hold(page, (url) => url.pathname === '/ouser-web/api/user/info.do');
      await page.goto(`${app.url}/activity/sign/award`);
      const loading = page.getByRole('status', { name: '加载中' }).first();
      await loading.waitFor();
      expect(await loading.locator('span').count()).toBeGreaterThan(2);
      expect(await spinners(page)).toBe(0);
      await bothWidths(page, 'skeleton-page');
      releaseChunk();
      // The account row held: its outline (avatar, two lines) in the header.
      const account = page.getByRole('region', { name: '当前账号' });
      await account.getByRole('status', { name: '加载中' }).waitFor();
      expect(await spinners(page)).toBe(0);
      await bothWidths(page, 'skeleton-account');
      releaseInfo();
      await account.getByText('138 ****9501').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
