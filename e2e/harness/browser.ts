// Drives Debian's Chromium through playwright-core in an iPhone-sized viewport, as a shopper's
// phone would, and keeps a screenshot of every page a test visits under test-results/.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.MORSEL_CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test-results/screenshots',
);

// Without the background-networking flags Chromium keeps dialling out on a closed network.
export const CHROMIUM_ARGS = [
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

export interface Phone {
  readonly context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export interface PhoneOptions {
  /** A user agent other than the iPhone's, e.g. WeChat's or the native app's. */
  userAgent?: string;
  device?: keyof typeof devices;
  /** More Chromium switches, e.g. a fake microphone for recording tests. */
  extraArgs?: string[];
}

/** A fresh phone: new profile, no cookies or storage from any earlier test. */
export async function openPhone(options: PhoneOptions = {}): Promise<Phone> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-chromium-'));
  const device = devices[options.device ?? 'iPhone 13'];
  const context = await chromium.launchPersistentContext(profile, {
    ...device,
    ...(options.userAgent && { userAgent: options.userAgent }),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fails the test on any uncaught page error or console error, which users would never see. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/**
 * Waits for the page to reach a path; when it does not, the failure says where the page is and
 * what it shows (a toast or a refusal), which a bare timeout would not.
 */
export async function waitForPath(
  page: Page,
  matches: (pathname: string) => boolean,
  timeout = 30_000,
): Promise<void> {
  try {
    await page.waitForURL((url) => matches(url.pathname), { timeout });
  } catch (error) {
    const shows = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(unreadable)');
    throw new Error(
      `still at ${page.url()} after ${timeout} ms; the page shows: ${shows.slice(0, 600)}`,
      { cause: error },
    );
  }
}
