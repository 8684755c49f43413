// The personal information list in a phone browser (issue 22): the list logged out, a detail
// asking for login; logged in, what the product holds (masked) and an export request that shows
// as 处理中 until an operator fulfils it. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-privacy-admin-key-0123456789';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

describe('personal information pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists what is collected and asks for login on the detail', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/userDataCollection/index`);
      await expect.poll(() => page.title()).toBe('个人信息收集清单');
      const list = page.getByRole('list', { name: '收集的个人信息' });
      await list.getByText('手机号码').waitFor();
      await bothWidths(page, 'privacy-list');
      await list.getByRole('link', { name: /手机号码/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/userDataCollection/detail');
      await page.getByText('登录后查看我们保存的您的信息').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows the held number masked and takes an export request once', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800008001');
    try {
      await page.goto(`${app.url}/activity/userDataCollection/detail?key=mobile`);
      const held = page.getByRole('region', { name: '我们当前保存的您的信息' });
      await held.getByText('138****8001').waitFor();
      await page.getByRole('button', { name: '申请导出我的信息' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确认申请' }).click();
      await page.getByText(/申请导出我的信息：处理中/).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByText(/申请已提交/).waitFor({ state: 'detached' });
      await bothWidths(page, 'privacy-detail');

      const response = await fetch(`${app.url}/admin/api/privacy/requests?status=pending`, {
        headers: { 'x-admin-key': ADMIN_KEY },
      });
      const waiting = (await response.json()) as { data: { id: number; kind: string }[] };
      expect(waiting.data.map((r) => r.kind)).toEqual(['export']);
      await fetch(`${app.url}/admin/api/privacy/requests/${waiting.data[0]!.id}/fulfil`, {
        method: 'POST',
        headers: { 'x-admin-key': ADMIN_KEY },
      });
      await page.reload();
      await page.getByRole('button', { name: '申请导出我的信息' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
