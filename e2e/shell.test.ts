import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await page.getByText('暂无进行中的活动').waitFor();
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
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'shell-not-found');

    await page.getByRole('button', { name: '返回活动中心' }).click();
    await page.waitForURL(`${app.url}/`);
    await expect.poll(() => page.title()).toBe('活动中心');
    expect(errors).toEqual([]);
  });
});
