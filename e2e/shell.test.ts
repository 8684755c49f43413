import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { collectPageErrors, openPhone, screenshot, type Phone } from './harness/browser.ts';
import { startApp } from './harness/app.ts';
import type { TestServer } from '../apps/server/test/harness/index.ts';

describe('the app shell in a phone', () => {
  let app: TestServer;
  let phone: Phone;

  beforeAll(async () => {
    app = await startApp();
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
    await app?.stop();
  });

  it('opens the campaign hub at /', async () => {
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${app.url}/`);
    await expect.poll(() => page.title()).toBe('活动中心');
    await page.getByRole('heading', { name: '活动中心' }).waitFor();
    await page.getByRole('link', { name: /每日签到/ }).waitFor();
    const viewport = page.viewportSize();
    expect(viewport?.width).toBe(390);
    await screenshot(page, 'shell-home');
    expect(errors).toEqual([]);
  });

  it('shows the not-found page on an unknown path and leads back home', async () => {
    const page = await phone.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto(`${app.url}/activity/no-such-campaign/index?from=share`);
    expect(response?.status()).toBe(200);
    await page.getByText('页面不存在').first().waitFor();
    await expect.poll(() => page.title()).toBe('页面不存在');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await screenshot(page, 'shell-not-found');

    await page.getByRole('button', { name: '返回活动中心' }).click();
    await page.waitForURL(`${app.url}/`);
    await expect.poll(() => page.title()).toBe('活动中心');
    expect(errors).toEqual([]);
  });

  it('sends the third-party mall entries to /thirdmall by a full page load', async () => {
    for (const bank of ['abc', 'boc']) {
      const page = await phone.newPage();
      const documents: string[] = [];
      page.on(
        'request',
        (request) =>
          request.isNavigationRequest() && documents.push(new URL(request.url()).pathname),
      );
      await page.goto(`${app.url}/activity/${bank}/index?channel=app`);
      await page.waitForURL(`${app.url}/thirdmall/${bank}/index?channel=app`);
      // A document load, not a client-side route change: the server answered the new URL.
      expect(documents).toEqual([`/activity/${bank}/index`, `/thirdmall/${bank}/index`]);
      await page.close();
    }
  });

  it('offers a retry when a page chunk fails to load', async () => {
    const page = await phone.newPage();
    await page.route('**/assets/NotFoundPage-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.url}/activity/no-such-campaign/index`);
    await page.getByText('页面加载失败').waitFor();
    await page.getByText('网络不给力，请检查网络后重新加载').waitFor();
    await screenshot(page, 'shell-chunk-retry');

    await page.unroute('**/assets/NotFoundPage-*.js');
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByText('页面不存在').first().waitFor();
  });

  it('loads the lizard script as a file under the CSP, keeps no code in localStorage, and it runs', async () => {
    const fresh = await openPhone();
    onTestFinished(() => fresh.close());
    const page = await fresh.newPage();
    const errors = collectPageErrors(page);
    const response = await page.goto(`${app.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const lizard = page.locator('script[data-morsel="lizard"]');
    await lizard.waitFor({ state: 'attached' });
    expect(await lizard.getAttribute('src')).toBe('/activity/activity-static/lizard/index.js');
    // It ran (it keeps its page views on window.__lizard), with no CSP refusal on the way.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.isArray((window as { __lizard?: { views?: unknown } }).__lizard?.views),
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('morsel:lizard'))).toBeNull();
    expect(errors).toEqual([]);
  });

  it('keeps a trace code from the landing URL and gives the visitor a device id', async () => {
    const page = await phone.newPage();
    await page.goto(`${app.url}/?traceCode=T-e2e-1`);
    await page.getByRole('heading', { name: '活动中心' }).waitFor();
    const cookies = await phone.context.cookies();
    expect(cookies.find((c) => c.name === 'traceCode')?.value).toBe('T-e2e-1');
    expect(cookies.find((c) => c.name === 'sessionId')?.value).toMatch(/^\d{14,}$/);
  });
});
