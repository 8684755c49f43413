// The console's customer-service team page at desktop size (issue 23, docs/customer-service.md):
// an operator names an agent by the mobile they log in with, sees them in the team with their
// status and load, is told when a mobile has never logged in, and takes the agent out again; a
// viewer sees the team without the controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../apps/server/test/harness/index.ts';
import { collectPageErrors, screenshot } from './harness/browser.ts';
import {
  confirmPopover as confirm,
  consoleLogin,
  labelled,
  onlyRefusals,
  openDesktop,
  settled,
  startConsole,
} from './harness/desktop.ts';
import { loginThroughApi } from './shell-support.ts';

const AGENT_MOBILE = '13800009611';

describe('the console’s customer-service team', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startConsole();
    await loginThroughApi(app.url, AGENT_MOBILE);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('names an agent, lists them, and takes them out', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      await page.getByRole('menuitem', { name: '客服团队' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/service-agents');
      // The development install's demo team is there.
      await page.getByRole('row').filter({ hasText: '阿橙' }).waitFor();

      // A mobile nobody has logged in with is refused with the server's reason.
      await page.getByLabel('手机号').fill('13900000000');
      await page.getByLabel('客服名称').fill('小鱼');
      await page.getByRole('button', { name: labelled('添加') }).click();
      await page.getByText('该手机号尚未登录过，请先用该手机号登录一次').waitFor();

      await page.getByLabel('手机号').fill(AGENT_MOBILE);
      await page.getByRole('button', { name: labelled('添加') }).click();
      const row = page.getByRole('row').filter({ hasText: '小鱼' });
      await row.getByText('离线').waitFor();
      await row.getByText('0 / 10').waitFor();
      expect(await row.getByRole('code').textContent()).toMatch(/^shopper\d+$/);
      await settled(page);
      await screenshot(page, 'console-service-agents');

      await row.getByRole('button', { name: labelled('移除') }).click();
      await confirm(page, '移除');
      await page.getByText('已移除客服「小鱼」').waitFor();
      await row.waitFor({ state: 'detached' });
      await page.getByRole('row').filter({ hasText: '阿橙' }).waitFor();
      expect(onlyRefusals(errors)).toEqual([]);
    } finally {
      await desktop.close();
    }
  }, 90_000);

  it('shows a viewer the team without the controls', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      await consoleLogin(page, app.url, 'viewer');
      await page.getByRole('menuitem', { name: '客服团队' }).click();
      await page.getByRole('table').waitFor();
      expect(await page.getByText('添加客服').count()).toBe(0);
      expect(await page.getByRole('button', { name: labelled('移除') }).count()).toBe(0);
    } finally {
      await desktop.close();
    }
  }, 60_000);
});
