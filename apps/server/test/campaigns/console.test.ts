// The operator console's accounts on the admin API: a login sets an HttpOnly, SameSite=Strict
// session cookie; the session's role is checked on the server (operator everything, cashier only
// redeems, viewer only reads); writes need the console header; logout and expiry end a session;
// failed logins are throttled per account and per address. The dashboard counts a day's draws.
// On both store engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@morsel/api';
import { createConsoleAccount } from '../harness/index.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { call, data, newShopper, onEachEngine, startCampaignServer } from './helpers.ts';

const PASSWORD = 'console-password-0001';
const HEADER = { 'x-morsel-console': '1' };

async function login(s: ProductTestServer, name: string, password = PASSWORD) {
  const response = await fetch(`${s.url}/admin/api/console/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...HEADER },
    body: JSON.stringify({ name, password }),
  });
  const cookie = response.headers.get('set-cookie') ?? '';
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data: { role: string } | null },
    setCookie: cookie,
    cookie: cookie.split(';')[0]!,
  };
}

await onEachEngine((engine, overrides, cleanup) => {
  describe(`the console's sessions and roles on ${engine}`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const picked = await overrides();
      if (!picked) return;
      s = await startCampaignServer({
        ...picked,
        consoleLoginFailuresPerHour: 3,
        consoleSessionHours: 12,
      });
      for (const role of ['operator', 'cashier', 'viewer'] as const)
        await createConsoleAccount(s, { name: `${role}-1`, role, password: PASSWORD });
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('logs in with a hashed-token cookie the browser cannot read or send cross-site', async (context) => {
      if (!s) return context.skip();
      const noHeader = await fetch(`${s.url}/admin/api/console/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'operator-1', password: PASSWORD }),
      });
      expect(noHeader.status).toBe(403);
      expect(((await noHeader.json()) as { code: number }).code).toBe(61104);

      const ok = await login(s, 'operator-1');
      expect(ok.body).toMatchObject({ code: 0, data: { name: 'operator-1', role: 'operator' } });
      expect(ok.setCookie).toMatch(/^morsel_console=[\w-]{43};/);
      expect(ok.setCookie).toContain('HttpOnly');
      expect(ok.setCookie).toContain('SameSite=Strict');
      expect(ok.setCookie).toContain('Path=/admin');
      const me = await call(s.url, 'GET', '/admin/api/console/me', {
        headers: { cookie: ok.cookie },
      });
      expect(data(me)).toMatchObject({ name: 'operator-1', role: 'operator' });
    });

    it('lets an operator read and change, with the console header on writes', async (context) => {
      if (!s) return context.skip();
      const { cookie } = await login(s, 'operator-1');
      const list = data(await call(s.url, 'GET', '/admin/api/campaigns', { headers: { cookie } }));
      expect(list.map((c: { id: string }) => c.id)).toContain('raffle');

      const path = '/admin/api/campaigns/raffle/prizes/nuts-box/stock';
      const forged = await call(s.url, 'POST', path, { body: { add: 5 }, headers: { cookie } });
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe(61104);
      const restocked = data(
        await call(s.url, 'POST', path, { body: { add: 5 }, headers: { cookie, ...HEADER } }),
      );
      expect(restocked).toMatchObject({ key: 'nuts-box', stock: 25 });
    });

    it('lets a viewer read and nothing else', async (context) => {
      if (!s) return context.skip();
      const { cookie } = await login(s, 'viewer-1');
      const headers = { cookie, ...HEADER };
      expect(data(await call(s.url, 'GET', '/admin/api/campaigns/raffle', { headers })).id).toBe(
        'raffle',
      );
      for (const [method, path, body] of [
        ['POST', '/admin/api/campaigns/raffle/prizes/nuts-box/stock', { add: 1 }],
        ['PATCH', '/admin/api/campaigns/raffle', { title: '只读账号改的标题' }],
        ['POST', '/admin/api/coupons/redeem', { code: '1234567890123456' }],
      ] as const) {
        const refused = await call(s.url, method, path, { body, headers });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ code: 61103, message: '只读账号不能修改', data: null });
      }
    });

    it('lets a cashier redeem a coupon and nothing else', async (context) => {
      if (!s) return context.skip();
      const { cookie } = await login(s, 'cashier-1');
      const headers = { cookie, ...HEADER };
      const shopper = await newShopper(s);
      const coupon = data(
        await call(s.url, 'POST', '/api/campaign/coupon/claim', {
          ut: shopper.ut,
          body: { templateKey: 'biscuit-6-off-49' },
        }),
      );
      const { code } = data(
        await call(s.url, 'GET', `/api/campaign/coupon/mine/${coupon.id}`, { ut: shopper.ut }),
      );
      expect(
        data(await call(s.url, 'POST', '/admin/api/coupons/redeem', { body: { code }, headers })),
      ).toMatchObject({ couponId: coupon.id });
      const refused = await call(s.url, 'GET', '/admin/api/campaigns', { headers });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(61006);
    });

    it('counts a day of draws on the dashboard', async (context) => {
      if (!s) return context.skip();
      const { cookie } = await login(s, 'viewer-1');
      const before = data(
        await call(s.url, 'GET', '/admin/api/campaigns/raffle/dashboard?days=7', {
          headers: { cookie },
        }),
      );
      expect(before.days).toHaveLength(7);
      const shopper = await newShopper(s);
      for (let i = 0; i < 2; i++)
        data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: shopper.ut }));
      const after = data(
        await call(s.url, 'GET', '/admin/api/campaigns/raffle/dashboard?days=7', {
          headers: { cookie },
        }),
      );
      const today = after.days.at(-1);
      const earlier = before.days.at(-1);
      expect(today.draws - earlier.draws).toBe(2);
      expect(today.participants - earlier.participants).toBe(1);
      const nuts = after.stock.find((p: { key: string }) => p.key === 'nuts-box');
      expect(nuts.values).toHaveLength(7);
      const detail = data(
        await call(s.url, 'GET', '/admin/api/campaigns/raffle', { headers: { cookie } }),
      );
      const nutsNow = detail.prizes.find((p: { key: string }) => p.key === 'nuts-box');
      expect(nuts.values.at(-1)).toBe(nutsNow.stock);
      const bad = await call(s.url, 'GET', '/admin/api/campaigns/raffle/dashboard?days=91', {
        headers: { cookie },
      });
      expect(bad.body.code).toBe(10001);
    });

    it('ends a session on logout and when it expires', async (context) => {
      if (!s) return context.skip();
      const first = await login(s, 'operator-1');
      const out = await fetch(`${s.url}/admin/api/console/logout`, {
        method: 'POST',
        headers: { cookie: first.cookie, ...HEADER },
      });
      expect(out.status).toBe(200);
      const gone = await call(s.url, 'GET', '/admin/api/campaigns', {
        headers: { cookie: first.cookie },
      });
      expect(gone.status).toBe(401);
      expect(gone.body.code).toBe(61102);

      const second = await login(s, 'operator-1');
      s.clock.advance(12 * 3600_000 + 1);
      const expired = await call(s.url, 'GET', '/admin/api/console/me', {
        headers: { cookie: second.cookie },
      });
      expect(expired.body.code).toBe(61102);
    });

    it('refuses logins after repeated failures, even with the right password', async (context) => {
      if (!s) return context.skip();
      for (let i = 0; i < 3; i++) {
        const wrong = await login(s, 'viewer-1', `wrong-password-${i}`);
        expect(wrong.status).toBe(401);
        expect(wrong.body.code).toBe(61100);
      }
      // From the same address, another account is refused too: the address is counted.
      const refused = await login(s, 'operator-1');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(61101);
    });
  });
});

describe('the first console account', () => {
  it('is made with a generated password on the first start in development, and only then', async () => {
    const first = await startCampaignServer();
    try {
      const made = first.server.seeded.generatedConsoleAccount;
      expect(made?.name).toBe('operator');
      const ok = await login(first, 'operator', made!.password);
      expect(ok.body).toMatchObject({ code: 0, data: { role: 'operator' } });
      await first.stop({ keepData: true });
      const second = await startCampaignServer({ dataDir: first.dataDir });
      expect(second.server.seeded.generatedConsoleAccount).toBeUndefined();
      await second.stop();
    } finally {
      await first.stop().catch(() => undefined);
    }
  });
});

describe('every admin route of the table, called with a console session', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
    for (const role of ['cashier', 'viewer'] as const)
      await createConsoleAccount(s, { name: `${role}-all`, role, password: PASSWORD });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("refuses a viewer's writes and a cashier's everything but redeeming, before reading the body", async () => {
    const viewer = (await login(s, 'viewer-all')).cookie;
    const cashier = (await login(s, 'cashier-all')).cookie;
    const mismatches: string[] = [];
    const routes = Object.entries(ENDPOINTS).filter(
      ([, e]) => e.access === 'admin' || e.access === 'cashier',
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const [name, endpoint] of routes) {
      const method = typeof endpoint.method === 'string' ? endpoint.method : endpoint.method[0];
      const path = endpoint.path.replace(/:[A-Za-z]+/g, 'x');
      const send = async (cookie: string) => {
        const response = await fetch(`${s.url}${path}`, {
          method,
          headers: {
            cookie,
            ...HEADER,
            ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          body: method === 'GET' ? undefined : '{}',
        });
        return ((await response.json()) as { code: number }).code;
      };
      const expected = {
        viewer: method === 'GET' ? undefined : 61103,
        cashier: endpoint.access === 'cashier' ? undefined : 61006,
      };
      for (const [who, cookie] of [
        ['viewer', viewer],
        ['cashier', cashier],
      ] as const) {
        const code = await send(cookie);
        const want = expected[who];
        if (want === undefined ? [61103, 61006, 61102].includes(code) : code !== want)
          mismatches.push(`${who} ${method} ${path} (${name}): ${code}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
