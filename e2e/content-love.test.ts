// The love account in a phone browser (issue 22): the projects logged out (giving asks for login),
// then a shopper with points gives with a quick amount and a confirmation, sees the progress, the
// masked donor list and "我的捐赠", and a second donation the balance no longer covers (spent on
// another phone meanwhile) is refused by the server and changes nothing. Screenshots at 390 and
// 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditPoints,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import {
  adminApi,
  campaignApi,
  expectLoginAsked,
  openLoggedIn,
  openLoggedOut,
} from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-love-admin-key-0123456789';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

describe('love account', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists the projects logged out and asks for login to give', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/loveAccount/index`);
      await expect.poll(() => page.title()).toBe('爱心账户');
      const projects = page.getByRole('list', { name: '爱心项目' });
      await projects.getByText('乡村儿童图书角').waitFor();
      expect(await projects.getByRole('listitem').count()).toBe(3);
      await page.getByText('登录后查看积分，用积分献爱心').waitFor();
      await bothWidths(page, 'love-index-logged-out');
      await page.getByRole('tab', { name: '我的捐赠' }).click();
      await page.getByText('登录后查看我的捐赠').waitFor();
      await page.getByRole('tab', { name: '爱心项目' }).click();
      await projects.getByRole('link', { name: '留守儿童营养加餐' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/loveAccount/detail');
      await page.getByRole('heading', { name: '留守儿童营养加餐' }).waitFor();
      await page.getByText('成为第一位献爱心的人吧').waitFor();
      await bothWidths(page, 'love-project-logged-out');
      await page.getByRole('button', { name: '50积分' }).click();
      await page.getByRole('button', { name: '登录后捐赠' }).click();
      await expectLoginAsked(page, '/activity/loveAccount/detail?id=warm-meal');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('gives points, shows the masked donor and my donations, and refuses an overdraw', async () => {
    const mobile = '13800009101';
    const shopper = await openLoggedIn(app.url, mobile);
    const { page, errors } = shopper;
    try {
      await creditPoints(app, mobile, 150);
      await page.goto(`${app.url}/activity/loveAccount/index`);
      const summary = page.getByRole('region', { name: '我的爱心' });
      await summary.getByText('150').waitFor();
      await page.goto(`${app.url}/activity/loveAccount/detail?id=warm-meal`);
      const form = page.getByRole('region', { name: '捐赠积分' });
      await form.getByText('今日还可捐赠5次').waitFor();
      // 500 is more than the shopper holds: the quick amount is off.
      expect(await form.getByRole('button', { name: '500积分' }).isDisabled()).toBe(true);
      await form.getByRole('button', { name: '100积分' }).click();
      await screenshot(page, 'love-project-chosen-390');
      await form.getByRole('button', { name: '捐赠100积分' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('将为「留守儿童营养加餐」捐赠100积分，捐赠后不可撤回。').waitFor();
      await dialog.getByRole('button', { name: '确认捐赠' }).click();
      await page.getByText('捐赠成功，感谢您的100积分爱心').waitFor();
      await page.getByText('我已为该项目捐赠 100 积分').waitFor();
      const board = page.getByRole('region', { name: '爱心榜' });
      await board.getByText('138****9101').waitFor();
      expect(await board.textContent()).not.toContain(mobile);
      await form.getByText('可用积分 50').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('捐赠成功，感谢您的100积分爱心').waitFor({ state: 'detached' });
      await bothWidths(page, 'love-project-given');

      // The same shopper spends 30 points on another phone: this page still believes in 50.
      const elsewhere = await campaignApi(app.url, shopper.token, 'POST', 'love/donations', {
        project: 'clean-water',
        points: 30,
        requestId: 'other-phone-0001',
      });
      expect(elsewhere.code).toBe(0);
      await form.getByRole('textbox').fill('40');
      await form.getByRole('button', { name: '捐赠40积分' }).click();
      await dialog.getByRole('button', { name: '确认捐赠' }).click();
      await page.getByText('积分不足').first().waitFor();
      // The page reads the balance again; nothing was taken.
      await form.getByText('可用积分 20').waitFor();
      await board.getByText('100 积分').waitFor();
      expect(await board.getByRole('listitem').count()).toBe(1);

      await page.goto(`${app.url}/activity/loveAccount/index?tab=mine`);
      const mine = page.getByRole('region', { name: '我的捐赠' });
      await mine.getByText('累计捐赠 130 积分，共 2 次').waitFor();
      await mine.getByText('留守儿童营养加餐').waitFor();
      await bothWidths(page, 'love-mine');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });

  it('says the campaign ended and takes no more donations', async () => {
    const mobile = '13800009102';
    const shopper = await openLoggedIn(app.url, mobile);
    const { page, errors } = shopper;
    const now = Date.now();
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/love', {
      startsAt: now - 2 * 86_400_000,
      endsAt: now - 60_000,
    });
    try {
      await creditPoints(app, mobile, 20);
      await page.goto(`${app.url}/activity/loveAccount/detail?id=clean-water`);
      await page.getByText('活动已结束，暂停接受捐赠').waitFor();
      await page.getByText(/活动已结束，感谢您的参与/).waitFor();
      expect(await page.getByRole('button', { name: /捐赠/ }).count()).toBe(0);
      await bothWidths(page, 'love-project-ended');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
