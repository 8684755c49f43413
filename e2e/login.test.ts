// The guard's redirect to /my/login with loginFrom, SMS login and registration through the
// outbox, the bank_channel cookie, the image captcha and an invalid session (-331007).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectPageErrors, openPhone, screenshot } from './harness/browser.ts';
import { startApp, WEB_DIST } from './harness/app.ts';
import { latestSmsCode, loginThroughApi, startAppWithClock } from './shell-support.ts';
import {
  startTestServer,
  type ManualClock,
  type TestServer,
} from '../apps/server/test/harness/index.ts';

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

/** Fills the login form the way a shopper does and waits for the SMS code in the outbox. */
async function requestCode(page: Page, base: string, mobile: string): Promise<string> {
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  // The resend countdown starts at 60 s the moment the code went out, on a disabled button.
  const countdown = page.getByRole('button', { name: '60s后重发' });
  await countdown.waitFor();
  expect(await countdown.isDisabled()).toBe(true);
  return latestSmsCode(base, mobile);
}

describe('login', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('guards a login route, registers a new number by SMS and goes back to loginFrom', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/sign/award?bank_channel=abc&from=push`);
      await page.waitForURL((url) => url.pathname === '/my/login');
      expect(new URL(page.url()).searchParams.get('loginFrom')).toBe(
        '/activity/sign/award?bank_channel=abc&from=push',
      );
      expect((await cookie(page, 'bank_channel'))?.value).toBe('abc');
      await expect.poll(() => page.title()).toBe('登录');
      await page.getByRole('heading', { name: '手机号快捷登录' }).waitFor();
      await screenshot(page, 'login-empty');

      await page.getByRole('textbox', { name: '手机号' }).fill('13800138000');
      expect(await page.getByRole('textbox', { name: '手机号' }).inputValue()).toBe('138 00138000');
      const code = await requestCode(page, app.url, '13800138000');
      expect(code).toMatch(/^\d{6}$/);
      await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
      await screenshot(page, 'login-filled');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '登录' }).click();

      await page.waitForURL((url) => url.pathname === '/activity/sign/award');
      expect(new URL(page.url()).search).toBe('?bank_channel=abc&from=push');
      await page.getByText('138 ****8000').waitFor();
      await page.getByText('暂无奖品').waitFor();
      await expect.poll(() => page.title()).toBe('我的奖品');
      expect((await cookie(page, 'ut'))?.value).toBeTruthy();
      await screenshot(page, 'sign-award-logged-in');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('lays the form out for a phone: controls in the page font, fields centred in their rows, the terms unbroken', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      await page.goto(`${app.url}/my/login`);
      await page.getByRole('heading', { name: '手机号快捷登录' }).waitFor();
      const layout = await page.evaluate(() => {
        const bodyFont = getComputedStyle(document.body).fontFamily;
        const controls = [...document.querySelectorAll('form input, form button')].map((el) => ({
          name: el.getAttribute('aria-label') ?? el.textContent,
          sameFont: getComputedStyle(el).fontFamily === bodyFont,
        }));
        const middle = (el: Element) => {
          const box = el.getBoundingClientRect();
          return box.top + box.height / 2;
        };
        // Every row of the form: how far each field, prefix and button sits from the row's middle.
        const offCentre = [...document.querySelectorAll('form > label, form > div')].flatMap(
          (row) =>
            [...row.querySelectorAll(':scope > span, :scope > button, input')].map((el) =>
              Math.abs(middle(el) - middle(row)),
            ),
        );
        // Each 《…》 of the terms on one line (a narrow phone must not strand "策》" below).
        const terms = [...document.querySelectorAll('form label a')].map((el) => ({
          text: el.textContent,
          lines: el.getClientRects().length,
        }));
        return { controls, offCentre, terms };
      });
      expect(layout.controls.length).toBeGreaterThanOrEqual(4);
      for (const control of layout.controls)
        expect(control, String(control.name)).toMatchObject({ sameFont: true });
      expect(layout.offCentre.length).toBeGreaterThanOrEqual(4);
      for (const off of layout.offCentre) expect(off).toBeLessThanOrEqual(2);
      expect(layout.terms).toEqual([
        { text: '《用户服务协议》', lines: 1 },
        { text: '《隐私政策》', lines: 1 },
      ]);
      // Consent is asked, unticked, with the two documents as links to their pages.
      const consent = page.getByRole('checkbox', { name: /我已阅读并同意/ });
      await expect(consent.isChecked()).resolves.toBe(false);
      await page.getByRole('link', { name: '《隐私政策》' }).click();
      await page.waitForURL((url) => url.pathname === '/my/privacy');
      await page.getByRole('heading', { name: '隐私政策' }).waitFor();
      await page.getByRole('button', { name: '返回' }).click();
      await page.waitForURL((url) => url.pathname === '/my/login');
    } finally {
      await phone.close();
    }
  });

  it('sends a stale session (-331007) back to login and deletes the token', async () => {
    const phone = await openPhone();
    try {
      await phone.context.addCookies([{ name: 'ut', value: 'no-such-token-0000', url: app.url }]);
      const page = await phone.newPage();
      await page.goto(`${app.url}/activity/sign/award`);
      await page.waitForURL((url) => url.pathname === '/my/login');
      expect(new URL(page.url()).searchParams.get('loginFrom')).toBe('/activity/sign/award');
      expect(await cookie(page, 'ut')).toBeUndefined();
    } finally {
      await phone.close();
    }
  });

  it('never sends the user back to another site', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      await page.goto(
        `${app.url}/my/login?loginFrom=${encodeURIComponent('//evil.example.com/x')}`,
      );
      const code = await requestCode(page, app.url, '13900139000');
      await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL(`${app.url}/`);
    } finally {
      await phone.close();
    }
  });
});

describe('login of a known number', () => {
  let app: TestServer;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await startAppWithClock());
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('logs a number registered earlier in on a fresh phone', async () => {
    await loginThroughApi(app.url, '13600136000');
    clock.advance(61_000); // past the server's SMS resend interval
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(
        `${app.url}/my/login?loginFrom=${encodeURIComponent('/activity/sign/award')}`,
      );
      const code = await requestCode(page, app.url, '13600136000');
      await page.getByRole('textbox', { name: '短信验证码' }).fill(code);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL(`${app.url}/activity/sign/award`);
      await page.getByText('136 ****6000').waitFor();
      await page.getByText('登录成功').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});

describe('login with an image captcha', () => {
  let app: TestServer;

  beforeAll(async () => {
    // Every SMS asks for the image captcha first.
    app = await startTestServer({
      webDist: WEB_DIST,
      smsImageCaptchaAfterPerMobile: 0,
      smsImageCaptchaAfterPerAddress: 0,
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the image captcha when init.do asks for one and refuses a wrong answer', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/my/login`);
      await page.getByRole('textbox', { name: '手机号' }).fill('13700137000');
      await page.getByRole('button', { name: '获取验证码' }).click();
      const image = page.getByRole('img', { name: '图形验证码' });
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      await screenshot(page, 'login-image-captcha');

      // The toast outlives the 500 ms double-click guard: a second tap after it is a new tap.
      await page.getByText('请输入图形验证码', { exact: true }).waitFor({ state: 'hidden' });
      await page.getByRole('textbox', { name: '图形验证码' }).fill('zzzz');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByText('图形验证码错误或已过期，请重新输入').waitFor();
      await expect
        .poll(() => page.getByRole('textbox', { name: '图形验证码' }).inputValue())
        .toBe('');
      await page.getByRole('button', { name: '获取验证码' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
