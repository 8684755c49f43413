// The outlet declaration in a phone browser (issue 22): the shop types logged out, the form asking
// for login; logged in, every problem shown under its field at once, the mobile number shown with
// a space after its first three digits, the licence number refused by its checksum as it is
// typed, the area from the area picker, shop photos (a wrong type refused), the draft kept on the
// server, the submission confirmed; the operator rejects it with a reason through the admin API,
// the shopper sees why and declares again from the rejected one. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { openLoggedIn, openLoggedOut } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-fullshop-admin-key-0123456789';
const LICENCE = '91350100M000100Y43';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

async function adminCall<T>(base: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${base}/admin/api/forms/fullshop/${path}`, {
    method,
    headers: {
      'x-admin-key': ADMIN_KEY,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; message: string; data: T };
  expect(reply.code, reply.message).toBe(0);
  return reply.data;
}

const shopFront = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e8743b' } })
    .png()
    .toBuffer();

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

describe('outlet declaration pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the shop types logged out and asks for login on the form', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/fullshop/shoptype`);
      await expect.poll(() => page.title()).toBe('门店申报');
      await page.getByRole('heading', { name: '请选择门店类型' }).waitFor();
      await bothWidths(page, 'fullshop-types-logged-out');
      await page.getByRole('link', { name: /社区零食店/ }).click();
      await page.waitForURL((url) => url.pathname === '/activity/fullshop/form');
      await page.getByText('登录后填写门店申报').waitFor();
      await page.getByRole('button', { name: '立即登录' }).waitFor();
      await page.goto(`${app.url}/activity/fullshop/list`);
      await page.getByText('登录后查看申报记录').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('declares a shop, keeps a draft, and shows the review the operator made', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800006001');
    try {
      await page.goto(`${app.url}/activity/fullshop/shoptype`);
      await page.getByRole('link', { name: /社区零食店/ }).click();
      const form = page.getByRole('form', { name: '门店申报表' });
      await form.waitFor();
      await form.getByText('社区零食店').waitFor();

      // Every problem at once, under its field.
      await page.getByRole('button', { name: '提交申报' }).click();
      for (const message of [
        '请填写门店名称',
        '请填写联系人姓名',
        '请填写联系电话',
        '请填写营业执照统一社会信用代码',
        '请选择门店所在地区',
        '详细地址至少4个字，请填写街道、门牌号',
        '请至少上传1张门店照片',
      ])
        await form.getByRole('alert').filter({ hasText: message }).waitFor();
      await bothWidths(page, 'fullshop-form-problems');

      await field(page, '门店名称').fill('好味零食铺');
      await field(page, '联系人').fill('王小明');
      await field(page, '联系电话').fill('13800138000');
      expect(await field(page, '联系电话').inputValue()).toBe('138 00138000');
      // A wrong check character is caught as soon as all 18 characters are typed.
      await field(page, '信用代码').fill('91350100m000100y44');
      await form
        .getByRole('alert')
        .filter({ hasText: '统一社会信用代码有误，请核对营业执照' })
        .waitFor();
      await field(page, '信用代码').fill(LICENCE.toLowerCase());
      expect(await field(page, '信用代码').inputValue()).toBe(LICENCE);
      await expect
        .poll(() => form.getByRole('alert').filter({ hasText: '统一社会信用代码' }).count())
        .toBe(0);

      await page.getByRole('button', { name: /所在地区/ }).click();
      const areas = page.getByRole('group', { name: '可选地区' });
      await areas.getByRole('button', { name: '北京市' }).click();
      // A municipality's one city level bears its own name (北京市 / 北京市 / 东城区).
      await expect.poll(() => areas.getByRole('button').count()).toBe(1);
      await areas.getByRole('button', { name: '北京市' }).click();
      await areas.getByRole('button', { name: '东城区' }).click();
      await page.getByRole('button', { name: /北京市 北京市 东城区/ }).waitFor();
      await page.getByRole('textbox', { name: '详细地址' }).fill('东华门街道王府井大街1号');

      // A file that is no picture is refused on the phone; a picture uploads and shows.
      const picker = page.getByLabel('选择门店照片');
      await picker.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hi'),
      });
      await page.getByText('仅支持JPG、PNG、WebP格式的图片').waitFor();
      await picker.setInputFiles({
        name: 'front.png',
        mimeType: 'image/png',
        buffer: await shopFront(),
      });
      await page.getByRole('img', { name: '门店照片1' }).waitFor();

      // The draft lives on the server: a reload brings it back.
      await page.getByRole('button', { name: '保存草稿' }).click();
      await page.getByText('草稿已保存').waitFor();
      await page.reload();
      await form.waitFor();
      await expect.poll(() => field(page, '门店名称').inputValue()).toBe('好味零食铺');
      expect(await field(page, '联系电话').inputValue()).toBe('138 00138000');
      await page.getByRole('img', { name: '门店照片1' }).waitFor();
      await page.getByRole('button', { name: /北京市 北京市 东城区/ }).waitFor();
      await bothWidths(page, 'fullshop-form-filled');

      await page.getByRole('button', { name: '提交申报' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('确认提交申报？').waitFor();
      await confirm.getByRole('button', { name: '确认提交' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/fullshop/result');
      await page.getByRole('status', { name: '审核结果' }).getByText('审核中').waitFor();
      await page.getByText('138 00138000').waitFor();
      await bothWidths(page, 'fullshop-result-pending');

      // The operator rejects it with a reason.
      const waiting = await adminCall<{ id: number; shopName: string }[]>(
        app.url,
        'GET',
        'applications?status=pending',
      );
      expect(waiting.map((w) => w.shopName)).toEqual(['好味零食铺']);
      await adminCall(app.url, 'POST', `applications/${waiting[0]!.id}/review`, {
        decision: 'reject',
        reason: '门头照片不清晰，请补充店内照片',
      });
      await page.reload();
      const outcome = page.getByRole('status', { name: '审核结果' });
      await outcome.getByText('审核未通过').waitFor();
      await outcome.getByText('原因：门头照片不清晰，请补充店内照片').waitFor();
      await bothWidths(page, 'fullshop-result-rejected');

      // Declared again from the rejected one, the form comes filled.
      await page.getByRole('button', { name: '修改后重新申报' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/fullshop/form');
      await expect.poll(() => field(page, '门店名称').inputValue()).toBe('好味零食铺');
      await page.getByRole('img', { name: '门店照片1' }).waitFor();
      await page.getByLabel('选择门店照片').setInputFiles({
        name: 'inside.png',
        mimeType: 'image/png',
        buffer: await shopFront(),
      });
      await page.getByRole('img', { name: '门店照片2' }).waitFor();
      await page.getByRole('button', { name: '提交申报' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '确认提交' }).click();
      await page.waitForURL((url) => url.pathname === '/activity/fullshop/result');
      await page.getByRole('status', { name: '审核结果' }).getByText('审核中').waitFor();

      await page.goto(`${app.url}/activity/fullshop/list`);
      const list = page.getByRole('list', { name: '申报记录' });
      await list.getByRole('link').nth(1).waitFor();
      expect(await list.getByText('审核未通过').count()).toBe(1);
      expect(await list.getByText('审核中').count()).toBe(1);
      await bothWidths(page, 'fullshop-list');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shows an empty list with a way to declare', async () => {
    const { phone, page, errors } = await openLoggedIn(app.url, '13800006002');
    try {
      await page.goto(`${app.url}/activity/fullshop/list`);
      await page.getByText('暂无申报记录').waitFor();
      await page.getByRole('button', { name: '去申报' }).waitFor();
      await screenshot(page, 'fullshop-list-empty');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
