// Join us and the activity sign-up in a phone browser (issue 22): the tracks, a supply
// application with every problem under its field, the mobile shown with a space after its first
// three digits, the area picker, a confirmation before sending and the success page; a second
// application refused; the sign-up confirmed, then shown as done; the operators' CSV export
// holds both. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-joinus-admin-key-0123456789';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

async function exported(base: string, form: string): Promise<string> {
  const response = await fetch(`${base}/admin/api/forms/${form}/entries.csv`, {
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe('join us and sign-up pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the tracks logged out and asks for login on the form', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/joinus/index`);
      await expect.poll(() => page.title()).toBe('加盟合作');
      await page.getByRole('link', { name: /成为加盟商/ }).waitFor();
      await bothWidths(page, 'joinus-index');
      await page.getByRole('link', { name: /成为供应商/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/joinus/supplier');
      await page.getByRole('heading', { name: '合作优势' }).waitFor();
      await bothWidths(page, 'joinus-supplier');
      await page.getByRole('button', { name: '立即申请' }).click();
      await page.getByText('登录后提交申请').waitFor();
      await page.goto(`${app.url}/activity/apply/index`);
      await page.getByText('登录后报名').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('sends a supply application once and confirms it', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800007001');
    try {
      await page.goto(`${app.url}/activity/joinus/form?track=supplier`);
      const form = page.getByRole('form', { name: '供应商申请表' });
      await form.waitFor();
      await page.getByRole('button', { name: '提交申请' }).click();
      for (const message of [
        '请填写姓名',
        '请填写手机号',
        '请填写公司名称',
        '请选择供应品类',
        '请选择意向地区',
      ])
        await form.getByRole('alert').filter({ hasText: message }).waitFor();
      await bothWidths(page, 'joinus-form-problems');

      await page.getByRole('textbox', { name: '姓名' }).fill('陈供应');
      await page.getByRole('textbox', { name: '手机号' }).fill('13900139000');
      expect(await page.getByRole('textbox', { name: '手机号' }).inputValue()).toBe('139 00139000');
      await page.getByRole('textbox', { name: '公司名称' }).fill('上海好味食品有限公司');
      await page.getByRole('button', { name: '坚果炒货' }).click();
      await page.getByRole('button', { name: /意向地区/ }).click();
      const areas = page.getByRole('group', { name: '可选地区' });
      await areas.getByRole('button', { name: '上海市' }).click();
      await expect.poll(() => areas.getByRole('button').count()).toBe(1);
      await areas.getByRole('button', { name: '上海市' }).click();
      await areas.getByRole('button', { name: '黄浦区' }).click();
      await page.getByRole('button', { name: /上海市 上海市 黄浦区/ }).waitFor();
      await bothWidths(page, 'joinus-form-filled');

      await page.getByRole('button', { name: '提交申请' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('确认提交供应商申请？').waitFor();
      await dialog.getByText(/139 00139000/).waitFor();
      await dialog.getByRole('button', { name: '确认提交' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/joinus/success');
      await page.getByRole('status', { name: '申请已提交' }).waitFor();
      await page.getByText('上海好味食品有限公司').waitFor();
      // The confirmation dialog fades out after the page has changed.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await bothWidths(page, 'joinus-success');

      // The form again says it was sent.
      await page.goto(`${app.url}/activity/joinus/form?track=supplier`);
      await page.getByText('您已提交过供应商申请，无需重复提交').waitFor();
      const csv = await exported(app.url, 'joinus-supplier');
      expect(csv).toContain(
        '陈供应,13900139000,上海好味食品有限公司,坚果炒货,上海市,上海市,黄浦区',
      );
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('signs up for the event once and shows the confirmation', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800007002');
    try {
      await page.goto(`${app.url}/activity/apply/index`);
      const form = page.getByRole('form', { name: '报名表' });
      await form.waitFor();
      await page.getByRole('button', { name: '立即报名' }).click();
      await form.getByRole('alert').filter({ hasText: '请选择参加人数' }).waitFor();
      await page.getByRole('textbox', { name: '姓名' }).fill('张报名');
      await page.getByRole('textbox', { name: '手机号' }).fill('13700137000');
      await page
        .getByRole('group', { name: '参加人数' })
        .getByRole('button', { name: '2', exact: true })
        .click();
      await bothWidths(page, 'apply-form');
      // The first tap's toast still holds the screen's taps while it shows (antd-mobile's mask).
      await page.getByText('请按提示完善报名信息').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确认报名' }).click();
      const done = page.getByRole('status', { name: '报名成功' });
      await done.getByText('137 00137000').waitFor();
      await done.getByText('2人').waitFor();
      await page.reload();
      await page.getByRole('status', { name: '报名成功' }).waitFor();
      await bothWidths(page, 'apply-done');
      expect(await exported(app.url, 'apply')).toContain('张报名,13700137000,2');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
