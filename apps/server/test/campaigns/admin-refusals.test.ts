// The admin routes of single kinds (bag codes, fission channels) and of every campaign (winners,
// the CSV, shipping, the dashboard) answer an unknown campaign with the admin API's 61004 and
// HTTP 404, not the shopper's 60000 with HTTP 200, and read a campaign whatever its status (an
// archived campaign's winners still need shipping). The older per-template exchange-codes route
// refuses a past expiry with 61070 naming it, as the exchange-codes route does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { createConsoleAccount } from '../harness/index.ts';
import { DAY_MS, admin, call, data, startCampaignServer } from './helpers.ts';

const PASSWORD = 'console-password-0001';

/** A console session's cookie for a new account of `role`. */
async function consoleCookie(s: ProductTestServer, role: 'operator' | 'viewer' | 'cashier') {
  await createConsoleAccount(s, { name: `${role}-csv`, role, password: PASSWORD });
  const response = await fetch(`${s.url}/admin/api/console/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-morsel-console': '1' },
    body: JSON.stringify({ name: `${role}-csv`, password: PASSWORD }),
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('admin refusals of unknown campaigns and impossible codes', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(async () => {
    await s.stop();
  });

  it('answers an unknown campaign with 61004 and HTTP 404 on every admin route that names one', async () => {
    const unknown = [
      admin(s.url, 'POST', '/admin/api/campaigns/nope/bag-codes', {
        batch: 'b1',
        codes: ['ABC123'],
      }),
      admin(s.url, 'GET', '/admin/api/campaigns/nope/fission-channels'),
      admin(s.url, 'GET', '/admin/api/campaigns/nope/winners'),
      admin(s.url, 'GET', '/admin/api/campaigns/nope/winners.csv'),
      admin(s.url, 'PUT', '/admin/api/campaigns/nope/winners/1/shipment', {
        carrier: '顺丰',
        trackingNo: 'SF0001',
      }),
      admin(s.url, 'GET', '/admin/api/campaigns/nope/dashboard'),
    ];
    for (const answer of await Promise.all(unknown)) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ code: 61004, message: '活动 nope 不存在', data: null });
    }
  });

  it('names the kind a kind-specific admin route needs', async () => {
    const bag = await admin(s.url, 'POST', '/admin/api/campaigns/raffle/bag-codes', {
      batch: 'b1',
      codes: ['ABC123'],
    });
    expect(bag.status).toBe(400);
    expect(bag.body.code).toBe(61003);
    expect(bag.body.message).toBe(
      '活动配置不正确：活动 raffle 是 raffle 类型，只有开袋有奖（bag）活动可以导入兑奖码',
    );
    const fission = await admin(s.url, 'GET', '/admin/api/campaigns/raffle/fission-channels');
    expect(fission.status).toBe(400);
    expect(fission.body.message).toMatch(/只有红包裂变（fission）活动有渠道统计/);
  });

  it("reads an archived campaign's winners and dashboard, which shoppers no longer see", async () => {
    const copy = data(
      await admin(s.url, 'POST', '/admin/api/campaigns/raffle/copy', { id: 'raffle-archived' }),
    );
    expect(copy.status).toBe('draft');
    data(
      await admin(s.url, 'POST', '/admin/api/campaigns/raffle-archived/status', {
        status: 'archived',
      }),
    );
    expect(data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle-archived/winners'))).toEqual(
      {
        winners: [],
        next: null,
      },
    );
    const dashboard = data(
      await admin(s.url, 'GET', '/admin/api/campaigns/raffle-archived/dashboard?days=3'),
    );
    expect(dashboard.days).toHaveLength(3);
  });

  it('exports the winners CSV, with numbers in full, to the key and operators only', async () => {
    const path = '/admin/api/campaigns/raffle/winners.csv';
    const viewer = await consoleCookie(s, 'viewer');
    // The masked list is a viewer's to read; the CSV is not.
    data(
      await call(s.url, 'GET', '/admin/api/campaigns/raffle/winners', {
        headers: { cookie: viewer },
      }),
    );
    const refused = await fetch(`${s.url}${path}`, { headers: { cookie: viewer } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 61150,
      message: '只有运营账号可以导出中奖名单',
      data: null,
    });
    const operator = await consoleCookie(s, 'operator');
    const exported = await fetch(`${s.url}${path}`, { headers: { cookie: operator } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
  });

  it('refuses exchange codes of the older route that would already be over, naming why', async () => {
    const now = s.clock.now();
    const path = '/admin/api/coupon-templates/nuts-5-off/exchange-codes';
    const list = async () =>
      data(await admin(s.url, 'GET', '/admin/api/exchange-codes?template=nuts-5-off&limit=200'))
        .codes;
    const before = await list();
    for (const expiresAt of [now - DAY_MS, now]) {
      const refused = await admin(s.url, 'POST', path, { count: 2, expiresAt });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 61070,
        message:
          '兑换码设置不正确：expiresAt 应晚于当前时间；expiresAt 应晚于 startsAt（兑换码不能在生效前就过期）',
        data: null,
      });
    }
    // Nothing of a refused request was kept.
    expect(await list()).toEqual(before);
    const issued = data(await admin(s.url, 'POST', path, { count: 2, expiresAt: now + DAY_MS }));
    expect(issued).toMatchObject({ template: 'nuts-5-off', expiresAt: now + DAY_MS });
    expect(issued.codes).toHaveLength(2);
    const unknown = await admin(s.url, 'POST', '/admin/api/coupon-templates/nope/exchange-codes', {
      count: 1,
      expiresAt: now + DAY_MS,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(61004);
  });
});
