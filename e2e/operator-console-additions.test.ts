// The operator console at desktop size, adding what a campaign did not have (issue 26, decision
// 0059): the kinds page lists every kind with what an instance needs; a rain campaign is made from
// its row (filled from the kind's shipped configuration) and given a prize of its own, a key in
// use refused; a coupon template is added to the coupon centre, edited, and retired, a template
// the centre's settings still give refused with the campaigns named.
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

describe('the operator console adds prizes, coupon templates and campaigns of a kind', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists the kinds and makes a rain campaign from its row, then adds a prize to it', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      await page.getByRole('menuitem', { name: '活动类型' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/campaign-kinds');
      const rain = page.getByRole('row').filter({ hasText: '红包雨' });
      await rain.getByText('可多个并行').waitFor();
      await rain.getByText('保底奖品').waitFor();
      const station = page.getByRole('row').filter({ hasText: '门店驿站' });
      await station.getByText('全站一个').waitFor();
      // One per site: no new instance offered there.
      expect(await station.getByRole('button').count()).toBe(0);
      await settled(page);
      await screenshot(page, 'console-kinds');

      await rain.getByRole('button', { name: labelled('新建') }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByTestId('kind-needs')
        .getByText(/每轮秒数与红包数/)
        .waitFor();
      // Filled from the shipped rain: its title, settings and prizes.
      expect(await dialog.getByLabel('活动名称').inputValue()).toBe('零食红包雨');
      expect(await dialog.getByLabel(/^奖品/).inputValue()).toContain('"thanks"');
      await dialog.getByLabel('活动编号').fill('rain-weekend');
      await dialog.getByLabel('活动名称').fill('周末红包雨');
      await settled(page);
      await screenshot(page, 'console-kind-new-rain');
      await dialog.getByRole('button', { name: labelled('创建') }).click();
      await page.waitForURL((url) => url.pathname === '/admin/campaigns/rain-weekend');
      expect(await page.getByTestId('campaign-title').textContent()).toBe('周末红包雨');
      await page.getByRole('row').filter({ hasText: 'points-88' }).waitFor();

      // A prize of its own; the key of one it has is refused, the dialog stays open.
      await page.getByRole('button', { name: '添加奖品' }).click();
      await dialog.getByLabel(/^奖品编号/).fill('thanks');
      await dialog.getByLabel('奖品名称').fill('周末芒果干');
      await settled(page);
      await dialog.getByRole('button', { name: labelled('添加') }).click();
      await page.getByText('奖品编号已被使用：thanks').waitFor();
      await dialog.getByLabel(/^奖品编号/).fill('weekend-mango');
      await dialog.getByLabel('库存数量').fill('12');
      await dialog.getByLabel(/^使用说明/).fill('中奖后填写收货地址，七天内发货');
      await settled(page);
      await screenshot(page, 'console-add-prize');
      await dialog.getByRole('button', { name: labelled('添加') }).click();
      const added = page.getByRole('row').filter({ hasText: 'weekend-mango' });
      await added.waitFor();
      expect(await added.getByTestId('prize-stock').textContent()).toBe('12');
      await settled(page);
      await screenshot(page, 'console-prize-added');
      const stored = await app.server.store.db
        .selectFrom('campaign_prizes')
        .select(['name', 'stock', 'kind', 'usage'])
        .where('campaign_id', '=', 'rain-weekend')
        .where('prize_key', '=', 'weekend-mango')
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        name: '周末芒果干',
        stock: 12,
        kind: 'goods',
        usage: '中奖后填写收货地址，七天内发货',
      });
      expect(onlyRefusals(errors)).toEqual([]);
    } finally {
      await desktop.close();
    }
  });

  it('adds a coupon template, edits it and retires it; one still given is refused', async () => {
    const desktop = await openDesktop();
    try {
      const { page } = desktop;
      const errors = collectPageErrors(page);
      await consoleLogin(page, app.url, 'operator');
      await page.goto(`${app.url}/admin/campaigns/coupon`);
      await page.getByRole('button', { name: '添加优惠券模板' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^模板编号/).fill('weekend-6-off-30');
      await dialog.getByLabel('名称').fill('周末满30减6元');
      await dialog.getByLabel('面额（元）').fill('6');
      await dialog.getByLabel(/^使用门槛/).fill('30');
      await dialog.getByLabel('适用范围').fill('全场零食');
      await settled(page);
      await screenshot(page, 'console-add-template');
      await dialog.getByRole('button', { name: labelled('添加') }).click();
      const row = page.getByRole('row').filter({ hasText: 'weekend-6-off-30' });
      await row.getByText('6 元（满 30 元）').waitFor();

      // Edited: only the name changes (the live campaign's stock is not in the form).
      await row.getByRole('button', { name: labelled('编辑') }).click();
      await dialog.getByText('活动已发布，库存请用“调整库存”按增减调整（当前 100）').waitFor();
      await dialog.getByLabel('名称').fill('周末满30减6元券');
      await dialog.getByRole('button', { name: labelled('保存') }).click();
      await page.getByRole('row').filter({ hasText: '周末满30减6元券' }).waitFor();

      // The centre's gift coupon is named by its settings: retiring it is refused.
      const gift = page.getByRole('row').filter({ hasText: 'gift-8-off-39' });
      await settled(page);
      await gift.getByRole('button', { name: labelled('停用') }).click();
      await confirm(page, '停用');
      await page.getByText(/优惠券模板仍在使用中，不能停用：活动 coupon 的设置/).waitFor();
      await settled(page);
      await screenshot(page, 'console-retire-template-refused');

      const added = page.getByRole('row').filter({ hasText: 'weekend-6-off-30' });
      await added.getByRole('button', { name: labelled('停用') }).click();
      await confirm(page, '停用');
      await added.getByText('已停用').waitFor();
      await settled(page);
      await screenshot(page, 'console-template-retired');
      const stored = await app.server.store.db
        .selectFrom('coupon_templates')
        .select(['name', 'value', 'threshold', 'claimable', 'stock'])
        .where('template_key', '=', 'weekend-6-off-30')
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        name: '周末满30减6元券',
        value: 600,
        threshold: 3000,
        claimable: 0,
        stock: 0,
      });
      expect(onlyRefusals(errors)).toEqual([]);
    } finally {
      await desktop.close();
    }
  });
});
