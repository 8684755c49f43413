// A goods prize on its way (decision 0038): a shopper wins the raffle's gift box and gives the
// address, the operator marks it shipped through the admin API, and the shopper's prize detail in
// the phone shows "已发货 · 承运商 · 单号" without the address change; 确认收货 (asked once more)
// turns it received, and my prizes says so.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { adminApi, campaignApi, openLoggedIn } from './campaigns-support.ts';

const ADMIN_KEY = 'e2e-fulfilment-admin-key-0123456789';
const SEED = new URL('../apps/server/seed/campaigns/raffle.json', import.meta.url);

describe('a shipped goods prize', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    // Only the gift box can be drawn: every other prize weighs 0.
    const seed = JSON.parse(fs.readFileSync(SEED, 'utf8')) as {
      prizes: { key: string; [field: string]: unknown }[];
    };
    for (const { key, ...prize } of seed.prizes)
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/prizes/${key}`, {
        ...prize,
        weight: key === 'nuts-box' ? 1 : 0,
      });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the carrier and tracking number, and takes the confirmation of receipt', async () => {
    const shopper = await openLoggedIn(app.url, '13800002601');
    const { page, errors } = shopper;
    try {
      const drawn = await campaignApi<{ award: { id: number; name: string } }>(
        app.url,
        shopper.token,
        'POST',
        'raffle/draw',
      );
      expect(drawn.code).toBe(0);
      const award = drawn.data.award;
      const given = await campaignApi(
        app.url,
        shopper.token,
        'POST',
        `raffle/awards/${award.id}/address`,
        {
          name: '张小馋',
          mobile: '13800002601',
          provinceCode: '310000',
          cityCode: '310100',
          regionCode: '310104',
          detail: '漕溪北路88号 零食铺子收',
        },
      );
      expect(given.code).toBe(0);
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/winners/${award.id}/shipment`, {
        carrier: '顺丰速运',
        trackingNo: 'SF1402556677',
      });

      await page.goto(`${app.url}/activity/sign/detail?campaign=raffle&id=${award.id}`);
      const shipment = page.getByRole('region', { name: '物流信息' });
      await shipment.getByText('已发货 · 顺丰速运 · SF1402556677').waitFor();
      await shipment.getByText(/^发货时间：/).waitFor();
      // The parcel is on its way to this address: it can no longer be changed.
      await page.getByText('上海市 上海市 徐汇区 漕溪北路88号 零食铺子收').waitFor();
      expect(await page.getByRole('button', { name: '修改地址' }).count()).toBe(0);
      await page.getByText('收到奖品后请点击“确认收货”。').waitFor();
      await screenshot(page, 'campaign-prize-shipped');

      await shipment.getByRole('button', { name: '确认收货' }).click();
      await page.getByRole('dialog').getByText('请确认您已收到奖品，确认后不能撤销').waitFor();
      await page.getByRole('button', { name: '已收到' }).click();
      await page.getByText('已确认收货', { exact: true }).waitFor();
      // The picture shows the page once the dialog and the toast have gone.
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByText('已确认收货', { exact: true }).waitFor({ state: 'hidden' });
      await shipment.getByText('已收货 · 顺丰速运 · SF1402556677').waitFor();
      await shipment.getByText(/^收货时间：/).waitFor();
      expect(await shipment.getByRole('button', { name: '确认收货' }).count()).toBe(0);
      await screenshot(page, 'campaign-prize-received');

      // The server keeps it: my prizes of the raffle says received.
      await page.goto(`${app.url}/activity/raffle/award`);
      await page.getByText('已收货').first().waitFor();
      await screenshot(page, 'campaign-prize-received-list');
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
