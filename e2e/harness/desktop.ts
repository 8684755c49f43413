// The operator console as an operator meets it: the real server serving both builds, and
// Chromium in a desktop window (1440x900) rather than a phone.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  createConsoleAccount,
  startTestServer,
  type ConsoleRole,
  type TestServer,
} from '../../apps/server/test/harness/index.ts';
import { ADMIN_DIST, WEB_DIST } from './app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

export const CONSOLE_PASSWORD = 'e2e-console-password';

/** The server with every console role as an account `<role>-e2e` (password CONSOLE_PASSWORD). */
export async function startConsole(): Promise<TestServer> {
  for (const dist of [WEB_DIST, ADMIN_DIST])
    if (!fs.existsSync(path.join(dist, 'index.html')))
      throw new Error(`not built: ${dist}: run npm run build (npm test does it)`);
  const app = await startTestServer({ webDist: WEB_DIST, adminDist: ADMIN_DIST });
  for (const role of ['operator', 'cashier', 'viewer'] as const satisfies ConsoleRole[])
    await createConsoleAccount(app, { name: `${role}-e2e`, role, password: CONSOLE_PASSWORD });
  return app;
}

export interface Desktop {
  page: Page;
  close(): Promise<void>;
}

/** A fresh desktop browser window (no cookies from earlier tests). */
export async function openDesktop(): Promise<Desktop> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return { page: await context.newPage(), close: () => browser.close() };
}

/** Logs in through the console's login page as `<role>-e2e`. */
export async function consoleLogin(page: Page, base: string, role: ConsoleRole): Promise<void> {
  await page.goto(`${base}/admin/`);
  await page.waitForURL((url) => url.pathname === '/admin/login');
  await page.getByLabel('账号').fill(`${role}-e2e`);
  await page.getByLabel('密码').fill(CONSOLE_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('account-name').waitFor();
  expect(await page.getByTestId('account-name').textContent()).toBe(`${role}-e2e`);
}

/**
 * Waits until no finite CSS animation or transition runs (antd's dialogs zoom in and out);
 * endless ones (a spinner) never settle and are left out.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * A button's accessible name: antd spaces out a two-character label ("发 布"), and a button that
 * was just loading may keep its spinner's name beside it for a moment.
 */
export const labelled = (text: string) => new RegExp([...text].join('\\s*'));

/** Only refusals a test provoked: a 4xx the browser reports as a failed resource. */
export const onlyRefusals = (errors: string[]) =>
  errors.filter(
    (e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e),
  );

/** Confirms the pop-up a button just opened, and waits until it has gone. */
export async function confirmPopover(page: Page, label: string): Promise<void> {
  const popover = page.locator('.ant-popover:visible');
  const ok = popover.getByRole('button', { name: labelled(label) });
  await ok.waitFor();
  // A click while the pop-up still zooms in can miss its button (seen on a loaded CI machine):
  // wait until its opening animation has run.
  await expect
    .poll(() => popover.evaluate((el) => el.getAnimations({ subtree: true }).length))
    .toBe(0);
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}
