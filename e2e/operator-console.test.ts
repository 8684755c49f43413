// The operator console at desktop size: an operator logs in, opens a campaign, restocks a prize
// and reads the dashboard's charts; issues named exchange codes and lists them used and unused;
// edits a live prize by PATCH (the server's problems shown) and a password; ships a winner's
// goods prize and exports the winners as CSV; a cashier sees only the redeem page and redeems a shopper's
// coupon; a viewer sees no buttons that change anything, and the server refuses the change when
// it is sent anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '../apps/server/test/harness/index.ts';
import { collectPageErrors, screenshot } from './harness/browser.ts';
import {
  confirmPopover,
  consoleLogin,
  labelled,
  onlyRefusals,
  openDesktop,
  settled,
  startConsole,
} from './harness/desktop.ts';
import { loginThroughApi } from './shell-support.ts';

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

async function shopperCall<T>(
  base: string,
  ut: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ut, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The raffle's nuts-box stock as the store holds it (what the console changed). */
async function nutsStock(app: TestServer): Promise<number | null> {
  const prizes = await app.server.store.db
    .selectFrom('campaign_prizes')
    .select(['stock'])
    .where('campaign_id', '=', 'raffle')
    .where('prize_key', '=', 'nuts-box')
    .executeTakeFirstOrThrow();
  return prizes.stock === null ? null : Number(prizes.stock);
}

/** Clicks a lifecycle button of the campaign page and confirms it in its pop-up. */
async function move(page: Page, label: string): Promise<void> {
  await confirmIn(page, page.getByTestId('campaign-lifecycle'), label);
}

/** Clicks a button that asks first, confirms, and waits until the pop-up has gone. */
async function confirmIn(page: Page, where: Locator, label: string): Promise<void> {
  await settled(page);
  await where.getByRole('button', { name: labelled(label) }).click();
  await confirmPopover(page, label);
}

/** Clicks a prize row's delete button and confirms it. */
async function deletePrize(page: Page, key: string): Promise<void> {
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: key, exact: true }) });
  await confirmIn(page, row, '删除');
}

const statusOf = (page: Page) => page.getByTestId('campaign-status').textContent();

/** A call to the admin API from the page, as the console makes it (the operator's session). */
async function adminFetch(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-morsel-console': '1' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as { code: number; message: string };
    },
    { method, path, body },
  );
}

describe('the operator console', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lets an operator view a campaign, change its stock and read its dashboard', async () => {
    // Some activity for the charts: a shopper draws twice today.
    const ut = await loginThroughApi(app.url, '13900139001');
    for (let i = 0; i < 2; i++) await shopperCall(app.url, ut, 'POST', '/api/campaign/raffle/draw');

    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/admin/`);
      await page.waitForURL((url) => url.pathname === '/admin/login');
      await page.getByRole('heading', { name: '运营控制台' }).waitFor();
      await screenshot(page, 'console-login');

      await consoleLogin(page, app.url, 'operator');
      await page.waitForURL((url) => url.pathname === '/admin/campaigns');
      await page.getByRole('row').filter({ hasText: '进行中' }).first().waitFor();
      await screenshot(page, 'console-campaigns');
      await page.getByLabel('搜索活动').fill('九宫格');
      await page.getByRole('link', { name: '零食九宫格 天天抽好礼' }).waitFor();

      await page.getByRole('link', { name: '零食九宫格 天天抽好礼' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/campaigns/raffle');
      const row = page.getByRole('row').filter({ hasText: 'nuts-box' });
      await row.waitFor();
      const before = await nutsStock(app);
      expect(before).not.toBeNull();
      expect(await row.getByTestId('prize-stock').textContent()).toBe(String(before));
      await screenshot(page, 'console-campaign-detail');

      await row.getByRole('button', { name: '调整库存' }).click();
      await page.getByLabel('库存变化').fill('10');
      await settled(page);
      await screenshot(page, 'console-restock-dialog');
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await expect
        .poll(() => row.getByTestId('prize-stock').textContent())
        .toBe(String(before! + 10));
      expect(await nutsStock(app)).toBe(before! + 10);
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await settled(page);
      await screenshot(page, 'console-campaign-restocked');

      await page.getByRole('link', { name: '数据看板' }).first().click();
      await page.waitForURL((url) => url.pathname === '/admin/campaigns/raffle/dashboard');
      await expect.poll(() => page.locator('canvas').count()).toBe(2);
      await page.getByText('抽奖次数').first().waitFor();
      const draws = page.locator('.ant-statistic').filter({ hasText: '抽奖次数' });
      expect(await draws.locator('.ant-statistic-content-value').textContent()).toBe('2');
      await screenshot(page, 'console-dashboard');
      expect(errors).toEqual([]);
    } finally {
      await desktop.close();
    }
  });

  it('issues named exchange codes with a window and lists them used and unused', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      await page.goto(`${app.url}/admin/campaigns/coupon`);
      const row = page.getByRole('row').filter({ hasText: 'biscuit-6-off-49' });
      await row.getByRole('link', { name: '兑换码' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/admin/coupon-templates/biscuit-6-off-49/codes',
      );
      await page.getByText('兑换码：biscuit-6-off-49').waitFor();

      await page.getByRole('button', { name: '生成兑换码' }).click();
      await page.getByRole('radio', { name: '指定兑换码' }).check();
      await page.getByLabel(/^兑换码（每行一个/).fill('spring-2026\nBISCUITFAN');
      await settled(page);
      await screenshot(page, 'console-issue-named-codes');
      await page
        .getByRole('button', { name: /生\s*成/ })
        .last()
        .click();
      const box = page.getByLabel('兑换码', { exact: true });
      await box.waitFor();
      expect((await box.inputValue()).split('\n')).toEqual(['SPRING2026', 'BISCUITFAN']);
      await page.getByRole('button', { name: /完\s*成/ }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      // The same names again: refused, every problem named, nothing kept.
      await page.getByRole('button', { name: '生成兑换码' }).click();
      await page.getByRole('radio', { name: '指定兑换码' }).check();
      await page.getByLabel(/^兑换码（每行一个/).fill('SPRING2026');
      await page
        .getByRole('button', { name: /生\s*成/ })
        .last()
        .click();
      await page.getByText(/兑换码设置不正确：codes 中的 SPRING2026 已存在/).waitFor();
      await screenshot(page, 'console-issue-codes-refused');
      await page.getByRole('button', { name: /取\s*消/ }).click();

      const listed = page.getByRole('row').filter({ hasText: 'SPRING2026' });
      await listed.getByText('未使用').waitFor();

      const ut = await loginThroughApi(app.url, '13900139003');
      const coupon = await shopperCall<{ templateKey: string }>(
        app.url,
        ut,
        'POST',
        '/api/campaign/coupon/exchange',
        { code: 'SPRING2026' },
      );
      expect(coupon.templateKey).toBe('biscuit-6-off-49');

      await page.getByText('已使用', { exact: true }).first().click();
      const used = page.getByRole('row').filter({ hasText: 'SPRING2026' });
      await used.getByText('已使用').waitFor();
      expect(await page.getByRole('row').filter({ hasText: 'BISCUITFAN' }).count()).toBe(0);
      await settled(page);
      await screenshot(page, 'console-exchange-codes-used');
      // The one refused request (400, 61070) is the only thing the browser reported.
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await desktop.close();
    }
  });

  it('lets a cashier redeem a coupon and see nothing else', async () => {
    const ut = await loginThroughApi(app.url, '13900139002');
    const coupon = await shopperCall<{ id: number }>(
      app.url,
      ut,
      'POST',
      '/api/campaign/coupon/claim',
      {
        templateKey: 'biscuit-6-off-49',
      },
    );
    const { code } = await shopperCall<{ code: string }>(
      app.url,
      ut,
      'GET',
      `/api/campaign/coupon/mine/${coupon.id}`,
    );

    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'cashier');
      await page.waitForURL((url) => url.pathname === '/admin/redeem');
      expect(await page.getByRole('menuitem').allTextContents()).toEqual(['核销优惠券']);
      await page.goto(`${app.url}/admin/campaigns/raffle`);
      await page.waitForURL((url) => url.pathname === '/admin/redeem');

      await page.getByLabel('券码').fill(code);
      await page.getByRole('button', { name: /核\s*销/ }).click();
      await page.getByText('核销成功').waitFor();
      await screenshot(page, 'console-redeemed');
      const used = await shopperCall<{ status: string }>(
        app.url,
        ut,
        'GET',
        `/api/campaign/coupon/mine/${coupon.id}`,
      );
      expect(used.status).toBe('used');

      await page.getByLabel('券码').fill(code);
      await page.getByRole('button', { name: /核\s*销/ }).click();
      await page.getByText('优惠券已使用').first().waitFor();
      await screenshot(page, 'console-redeem-twice');
      expect(errors).toEqual([]);
    } finally {
      await desktop.close();
    }
  });

  it('edits a live prize by PATCH, shows every problem the server names, and edits a password', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      await page.goto(`${app.url}/admin/campaigns/raffle`);
      const row = page.getByRole('row').filter({ hasText: 'dried-mango' });
      const stockBefore = await row.getByTestId('prize-stock').textContent();
      await row.getByRole('button', { name: /^编\s*辑$/ }).click();
      const dialog = page.getByRole('dialog');
      // Published: the stock is not in the form, it moves only by the stock button.
      await dialog.getByText('库存请用“调整库存”按增减调整').waitFor();
      await dialog.getByLabel('奖品名称').fill('芒果干（大包）');
      await dialog.getByLabel('格位（-1 不上盘面）').fill('9');
      await settled(page);
      await screenshot(page, 'console-prize-edit');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page
        .getByText(
          /活动配置不正确：prizes\.dried-mango\.slot 应为 -1（不上九宫格）或 0 到 7 之间的整数/,
        )
        .waitFor();
      await screenshot(page, 'console-prize-edit-refused');
      await dialog.getByLabel('格位（-1 不上盘面）').fill('3');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await row.getByText('芒果干（大包）').waitFor();
      expect(await row.getByTestId('prize-stock').textContent()).toBe(stockBefore);

      await page.goto(`${app.url}/admin/campaigns/password`);
      const passwords = page.locator('.ant-card').filter({
        has: page.locator('.ant-card-head-title', { hasText: /^口令$/ }),
      });
      const password = passwords
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: /^编\s*辑$/ }) })
        .first();
      await password.getByRole('button', { name: /^编\s*辑$/ }).click();
      await page.getByRole('dialog').getByLabel('次数上限（留空不限）').fill('500');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await password.getByText('500').waitFor();
      await settled(page);
      await screenshot(page, 'console-password-edited');
      // The one refused save (400, 61003) is the only thing the browser reported.
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    } finally {
      await desktop.close();
    }
  });

  it('lists winners with masked numbers and addresses, ships a goods prize and exports CSV', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      // Every draw lands on the nuts box: the other prizes weigh nothing (the admin API, as the
      // console calls it, with the operator's session).
      await page.evaluate(async () => {
        const headers = { 'content-type': 'application/json', 'x-morsel-console': '1' };
        const detail = (await (await fetch('/admin/api/campaigns/raffle')).json()) as {
          data: { prizes: { key: string }[] };
        };
        for (const { key } of detail.data.prizes)
          if (key !== 'nuts-box')
            await fetch(`/admin/api/campaigns/raffle/prizes/${key}`, {
              method: 'PATCH',
              headers,
              body: JSON.stringify({ weight: 0 }),
            });
      });
      const ut = await loginThroughApi(app.url, '13900139005');
      const { award } = await shopperCall<{ award: { id: number } }>(
        app.url,
        ut,
        'POST',
        '/api/campaign/raffle/draw',
      );
      await shopperCall(app.url, ut, 'POST', `/api/campaign/raffle/awards/${award.id}/address`, {
        name: '张三',
        mobile: '13812345678',
        provinceCode: '310000',
        cityCode: '310100',
        regionCode: '310101',
        detail: '南京东路100号5楼',
      });

      await page.goto(`${app.url}/admin/campaigns/raffle`);
      await page.getByRole('link', { name: '中奖名单' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/campaigns/raffle/winners');
      const row = page
        .getByRole('row')
        .filter({ hasText: String(award.id) })
        .first();
      await row.getByText('139****9005').waitFor();
      await row.getByText('张三 138****5678 上海市上海市黄浦区南京东路100号5楼').waitFor();
      expect(await row.getByTestId('winner-state').textContent()).toBe('待发货');
      await settled(page);
      await screenshot(page, 'console-winners');

      await row.getByRole('button', { name: /^发\s*货$/ }).click();
      await page.getByRole('dialog').getByLabel('承运商').fill('顺丰速运');
      await page.getByRole('dialog').getByLabel('运单号').fill('sf1234567890');
      await settled(page);
      await screenshot(page, 'console-ship-dialog');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await expect.poll(() => row.getByTestId('winner-state').textContent()).toBe('已发货');
      expect(await row.getByTestId('winner-shipment').textContent()).toBe('顺丰速运 SF1234567890');
      // The winner sees it on the prize detail page's data.
      const detail = await shopperCall<{ state: string; shipment: { trackingNo: string } }>(
        app.url,
        ut,
        'GET',
        `/api/campaign/raffle/awards/${award.id}`,
      );
      expect(detail).toMatchObject({ state: 'shipped', shipment: { trackingNo: 'SF1234567890' } });

      // Filtered by state, then exported: the CSV carries the recipient's number in full.
      await page.getByLabel('发货状态').click();
      await page.locator('.ant-select-item-option[title="已发货"]').click();
      await row.waitFor();
      await settled(page);
      await screenshot(page, 'console-winners-shipped');
      const href = await page.getByRole('link', { name: '导出 CSV' }).getAttribute('href');
      expect(href).toBe('/admin/api/campaigns/raffle/winners.csv?state=shipped');
      const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
      expect(csv).toContain('13812345678');
      expect(csv).toContain('SF1234567890');
      expect(errors).toEqual([]);
    } finally {
      await desktop.close();
    }
  });

  it('shows a viewer no buttons that change anything, and the server refuses changes', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      await consoleLogin(page, app.url, 'viewer');
      await page.getByRole('row').filter({ hasText: '进行中' }).first().waitFor();
      expect(await page.getByRole('button', { name: '新建活动' }).count()).toBe(0);
      await page.goto(`${app.url}/admin/campaigns/raffle`);
      await page.getByRole('row').filter({ hasText: 'nuts-box' }).waitFor();
      expect(await page.getByRole('button', { name: '调整库存' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '编辑活动' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '编辑设置' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^编\s*辑$/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^下\s*架$/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^删\s*除$/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^暂\s*停$/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: '复制活动' }).count()).toBe(0);
      await screenshot(page, 'console-viewer-detail');
      await page.getByRole('link', { name: '中奖名单' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: '待发货' })
        .or(page.getByRole('row').filter({ hasText: '已发货' }))
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: /^发\s*货$/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: '导出 CSV' }).count()).toBe(0);
      await screenshot(page, 'console-viewer-winners');
      await page.goto(`${app.url}/admin/coupon-templates/biscuit-6-off-49/codes`);
      await page.getByText('兑换码：biscuit-6-off-49').waitFor();
      expect(await page.getByRole('button', { name: '生成兑换码' }).count()).toBe(0);

      const before = await nutsStock(app);
      const refused = await page.evaluate(async () => {
        const response = await fetch('/admin/api/campaigns/raffle/prizes/nuts-box/stock', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-morsel-console': '1' },
          body: JSON.stringify({ add: 100 }),
        });
        return { status: response.status, body: (await response.json()) as { code: number } };
      });
      expect(refused).toEqual({
        status: 403,
        body: { code: 61103, message: '只读账号不能修改', data: null },
      });
      expect(await nutsStock(app)).toBe(before);
    } finally {
      await desktop.close();
    }
  });

  it('creates a campaign of a kind, copies one, and moves them through their lifecycle', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      await page.getByRole('row').filter({ hasText: '进行中' }).first().waitFor();
      await page.getByRole('button', { name: '新建活动' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('活动编号').fill('raffle');
      await dialog.getByLabel('活动类型').fill('pass');
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /（password）/ })
        .click();
      // Picking the kind fills the settings from the kind's shipped configuration.
      await expect.poll(() => dialog.getByLabel(/^活动设置/).inputValue()).not.toBe('{}');
      await dialog.getByLabel('活动名称').fill('春季口令');
      await dialog.getByLabel('活动规则（每行一条）').fill('每人每个口令限领一次');
      await settled(page);
      await screenshot(page, 'console-create-campaign');
      await dialog.getByRole('button', { name: labelled('创建') }).click();
      await page.getByText('活动编号已被使用：raffle').waitFor();
      await screenshot(page, 'console-create-campaign-refused');
      await dialog.getByLabel('活动编号').fill('spring-password');
      await dialog.getByRole('button', { name: labelled('创建') }).click();
      await page.waitForURL((url) => url.pathname === '/admin/campaigns/spring-password');
      await expect.poll(() => statusOf(page)).toBe('草稿');
      expect(await page.getByTestId('campaign-title').textContent()).toBe('春季口令');
      await settled(page);
      await screenshot(page, 'console-campaign-draft');

      // Its window starts tomorrow: published, it waits for it.
      await move(page, '发布');
      await expect.poll(() => statusOf(page)).toBe('待开始');
      await move(page, '暂停');
      await expect.poll(() => statusOf(page)).toBe('已暂停');
      await settled(page);
      await screenshot(page, 'console-campaign-paused');
      await move(page, '恢复');
      await expect.poll(() => statusOf(page)).toBe('待开始');
      await move(page, '结束');
      await expect.poll(() => statusOf(page)).toBe('已结束');
      await move(page, '归档');
      await expect.poll(() => statusOf(page)).toBe('已归档');
      expect(
        await page.getByTestId('campaign-lifecycle').getByRole('button').allTextContents(),
      ).toEqual(['复制活动']);
      const stored = await app.server.store.db
        .selectFrom('campaigns')
        .select(['status', 'kind'])
        .where('id', '=', 'spring-password')
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 'archived', kind: 'password' });

      // A copy of the raffle: a draft with the raffle's prizes, nothing awarded.
      await page.goto(`${app.url}/admin/campaigns/raffle`);
      await page.getByRole('button', { name: '复制活动' }).click();
      expect(await dialog.getByLabel('新活动编号').inputValue()).toBe('raffle-copy');
      await dialog.getByLabel('新活动编号').fill('coupon');
      await dialog.getByRole('button', { name: labelled('复制') }).click();
      await page.getByText('活动编号已被使用：coupon').waitFor();
      await dialog.getByLabel('新活动编号').fill('raffle-copy');
      await settled(page);
      await screenshot(page, 'console-copy-campaign');
      await dialog.getByRole('button', { name: labelled('复制') }).click();
      await page.waitForURL((url) => url.pathname === '/admin/campaigns/raffle-copy');
      await expect.poll(() => statusOf(page)).toBe('草稿');
      const nuts = page.getByRole('row').filter({ hasText: 'nuts-box' });
      expect(await nuts.locator('td').nth(6).textContent()).toBe('0');

      // Published inside the raffle's window it runs at once. Another operator pauses it
      // meanwhile: this page's 暂停 is refused with the moves the server allows.
      await move(page, '发布');
      await expect.poll(() => statusOf(page)).toBe('进行中');
      const paused = await adminFetch(page, 'POST', '/admin/api/campaigns/raffle-copy/status', {
        status: 'paused',
      });
      expect(paused.code).toBe(0);
      await move(page, '暂停');
      await page
        .getByText('活动当前状态不能这样变更：已暂停的活动不能改为已暂停（可从 已发布 改为已暂停）')
        .waitFor();
      await screenshot(page, 'console-status-refused');
      await page.reload();
      await expect.poll(() => statusOf(page)).toBe('已暂停');

      await page.goto(`${app.url}/admin/campaigns`);
      await page.getByLabel('搜索活动').fill('spring');
      const listed = page.getByRole('row').filter({ hasText: 'spring-password' });
      await listed.getByText('已归档').waitFor();
      await settled(page);
      await screenshot(page, 'console-campaigns-lifecycle');
      expect(onlyRefusals(errors)).toEqual([]);
    } finally {
      await desktop.close();
    }
  });

  it('picks a built-in prize picture or uploads one, and deletes prizes the server lets go', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      const copied = await adminFetch(page, 'POST', '/admin/api/campaigns/raffle/copy', {
        id: 'raffle-prizes',
      });
      expect(copied.code).toBe(0);
      await page.goto(`${app.url}/admin/campaigns/raffle-prizes`);
      const snack = page.getByRole('row').filter({ hasText: 'snack-pack' });
      await snack.getByRole('button', { name: labelled('编辑') }).click();
      const dialog = page.getByRole('dialog');
      const address = dialog.getByLabel('图片地址');
      expect(await address.inputValue()).toBe('/api/campaign/assets/gift.png');

      // The list is long (and virtual): the operator types to find a picture.
      await dialog.getByLabel('内置图片').fill('nuts');
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /^nuts$/ })
        .click();
      expect(await address.inputValue()).toBe('/api/campaign/assets/nuts.png');
      const preview = dialog.getByTestId('prize-image-preview').locator('img');
      await expect.poll(() => preview.getAttribute('src')).toBe('/api/campaign/assets/nuts.png');
      await expect
        .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await settled(page);
      await screenshot(page, 'console-prize-image-builtin');

      // Not a picture: refused by its bytes, whatever its name says.
      const file = dialog.locator('input[type=file]');
      await file.setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
      await page.getByText('奖品图片仅支持JPG、PNG、WebP格式').waitFor();
      expect(await address.inputValue()).toBe('/api/campaign/assets/nuts.png');
      const photo = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#f5a623' },
      })
        .jpeg()
        .toBuffer();
      await file.setInputFiles({ name: 'snacks.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByText('图片已上传（480×320）').waitFor();
      const uploaded = await address.inputValue();
      expect(uploaded).not.toBe('/api/campaign/assets/nuts.png');
      await expect.poll(() => preview.getAttribute('src')).toBe(uploaded);
      await expect
        .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(480);
      await settled(page);
      await screenshot(page, 'console-prize-image-uploaded');
      await dialog.getByRole('button', { name: labelled('保存') }).click();
      await dialog.waitFor({ state: 'hidden' });
      const prizeRow = (key: string) =>
        app.server.store.db
          .selectFrom('campaign_prizes')
          .select(['image'])
          .where('campaign_id', '=', 'raffle-prizes')
          .where('prize_key', '=', key)
          .executeTakeFirst();
      expect((await prizeRow('snack-pack'))?.image).toBe(uploaded);

      // Published, a shopper wins points-10 while this page still shows it unwon: deleting it
      // is refused, and the message says to retire it instead.
      await move(page, '发布');
      await settled(page);
      await screenshot(page, 'console-prize-campaign-published');
      await expect.poll(() => statusOf(page)).toBe('进行中');
      for (const { key } of await app.server.store.db
        .selectFrom('campaign_prizes')
        .select(['prize_key as key'])
        .where('campaign_id', '=', 'raffle-prizes')
        .execute())
        expect(
          (
            await adminFetch(page, 'PATCH', `/admin/api/campaigns/raffle-prizes/prizes/${key}`, {
              weight: key === 'points-10' ? 100 : 0,
            })
          ).code,
        ).toBe(0);
      const ut = await loginThroughApi(app.url, '13900139007');
      const drawn = await shopperCall<{ prize: { key: string } }>(
        app.url,
        ut,
        'POST',
        '/api/campaign/raffle/draw?campaign=raffle-prizes',
      );
      expect(drawn.prize.key).toBe('points-10');
      await deletePrize(page, 'points-10');
      await page.getByText('奖品已有中奖记录，不能删除，请改为下架：points-10').waitFor();
      await settled(page);
      await screenshot(page, 'console-prize-delete-awarded');
      expect(await prizeRow('points-10')).toBeDefined();
      // The fallback prize the settings name cannot go; a prize nobody won can, even live.
      await deletePrize(page, 'thanks');
      await page.getByText('奖品正被活动设置引用，不能删除：活动设置引用了奖品 thanks').waitFor();
      await screenshot(page, 'console-prize-delete-in-use');
      await deletePrize(page, 'snack-pack');
      await page.getByText('奖品已删除').waitFor();
      await snack.waitFor({ state: 'detached' });
      expect(await prizeRow('snack-pack')).toBeUndefined();

      expect(onlyRefusals(errors)).toEqual([]);
    } finally {
      await desktop.close();
    }
  });
});
