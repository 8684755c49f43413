// Winners and fulfilment (issue #26, decision 0038): the operator lists a campaign's awards with
// masked numbers, exports them as CSV (formula cells escaped, Chinese intact, the recipient's
// number in full), marks a goods prize shipped; the winner sees the shipment, can no longer move
// the address, and confirms receipt. Every refusal has its code and one status. Both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  ADMIN_KEY,
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type Shopper,
} from './helpers.ts';

const ADDRESS = {
  name: '张三',
  mobile: '13812345678',
  provinceCode: '310000',
  cityCode: '310100',
  regionCode: '310101',
  detail: '南京东路100号5楼',
};

/** Makes every raffle draw land on `key` (weight 1, the others 0). */
async function aimAt(s: ProductTestServer, key: string) {
  const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
  for (const { awarded: _a, key: k, ...config } of detail.prizes)
    data(
      await admin(s.url, 'PUT', `/admin/api/campaigns/raffle/prizes/${k}`, {
        ...config,
        weight: k === key ? 1 : 0,
        ...(k === key ? { stock: null } : {}),
      }),
    );
}

async function draw(s: ProductTestServer, shopper: Shopper): Promise<number> {
  const { award } = data(
    await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: shopper.ut }),
  );
  return award.id;
}

const ship = (s: ProductTestServer, award: number, body: unknown = SHIPMENT) =>
  admin(s.url, 'PUT', `/admin/api/campaigns/raffle/winners/${award}/shipment`, body);
const SHIPMENT = { carrier: '顺丰速运', trackingNo: 'SF1234567890' };

await onEachEngine((engine, overrides, cleanup) => {
  describe(`winners and fulfilment on ${engine}`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const picked = await overrides();
      if (picked) s = await startCampaignServer(picked);
    });
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    it('takes a goods prize from unclaimed to received', async (context) => {
      if (!s) return context.skip();
      await aimAt(s, 'nuts-box');
      const winner = await newShopper(s);
      const award = await draw(s, winner);
      const awardPath = `/api/campaign/raffle/awards/${award}`;

      const listed = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle/winners'));
      const row = listed.winners.find((w: { id: number }) => w.id === award);
      expect(row).toMatchObject({
        userId: winner.id,
        mobile: `${winner.mobile.slice(0, 3)}****${winner.mobile.slice(-4)}`,
        prizeKey: 'nuts-box',
        kind: 'goods',
        state: 'unclaimed',
        address: null,
        shipment: null,
      });

      // Nothing to ship to yet.
      expect(await ship(s, award)).toMatchObject({
        status: 409,
        body: { code: 61062, message: '中奖者尚未填写收货地址，暂不能发货' },
      });
      data(await call(s.url, 'POST', `${awardPath}/address`, { ut: winner.ut, body: ADDRESS }));
      const waiting = data(
        await admin(s.url, 'GET', '/admin/api/campaigns/raffle/winners?state=address_given'),
      );
      expect(waiting.winners.map((w: { id: number }) => w.id)).toContain(award);
      const given = waiting.winners.find((w: { id: number }) => w.id === award);
      // The list masks the recipient's number too.
      expect(given.address).toMatchObject({
        name: '张三',
        mobile: '138****5678',
        cityName: '上海市',
      });

      // Not received yet: the winner cannot confirm.
      expect(
        (await call(s.url, 'POST', `${awardPath}/receipt`, { ut: winner.ut })).body,
      ).toMatchObject({ code: 61050 });

      const shipped = data(
        await ship(s, award, { carrier: ' 顺丰速运 ', trackingNo: 'sf1234567890' }),
      );
      expect(shipped).toMatchObject({
        state: 'shipped',
        shipment: { carrier: '顺丰速运', trackingNo: 'SF1234567890', receivedAt: null },
      });
      const shippedAt = shipped.shipment.shippedAt;
      expect(shippedAt).toBe(s.clock.now());

      // The winner sees it, and the address can no longer move.
      const detail = data(await call(s.url, 'GET', awardPath, { ut: winner.ut }));
      expect(detail).toMatchObject({
        state: 'shipped',
        shipment: { carrier: '顺丰速运', trackingNo: 'SF1234567890', shippedAt },
      });
      expect(
        (await call(s.url, 'PUT', `${awardPath}/address`, { ut: winner.ut, body: ADDRESS })).body,
      ).toMatchObject({ code: 61051, message: '奖品已发货，收货地址不能再修改' });

      // A corrected tracking number keeps the first shipping time.
      s.clock.advance(60_000);
      const corrected = data(
        await ship(s, award, { carrier: '中通快递', trackingNo: 'ZT-778899' }),
      );
      expect(corrected.shipment).toMatchObject({
        carrier: '中通快递',
        trackingNo: 'ZT-778899',
        shippedAt,
      });

      // Only the owner confirms; then it is received, and confirming again is harmless.
      const other = await newShopper(s);
      expect((await call(s.url, 'POST', `${awardPath}/receipt`, { ut: other.ut })).body.code).toBe(
        60003,
      );
      const received = data(await call(s.url, 'POST', `${awardPath}/receipt`, { ut: winner.ut }));
      expect(received).toEqual({ id: award, state: 'received', receivedAt: s.clock.now() });
      s.clock.advance(60_000);
      expect(
        data(await call(s.url, 'POST', `${awardPath}/receipt`, { ut: winner.ut })).receivedAt,
      ).toBe(received.receivedAt);
      expect(data(await call(s.url, 'GET', awardPath, { ut: winner.ut })).state).toBe('received');
      expect(await ship(s, award)).toMatchObject({ status: 409, body: { code: 61063 } });
      const done = data(
        await admin(s.url, 'GET', '/admin/api/campaigns/raffle/winners?state=received'),
      );
      expect(done.winners.map((w: { id: number }) => w.id)).toEqual([award]);
    });

    it('refuses to ship what is not a goods prize of the campaign', async (context) => {
      if (!s) return context.skip();
      await aimAt(s, 'points-10');
      const shopper = await newShopper(s);
      const points = await draw(s, shopper);
      expect(await ship(s, points)).toMatchObject({ status: 409, body: { code: 61061 } });
      expect(await ship(s, 99_999_999)).toMatchObject({
        status: 404,
        body: { code: 61060, message: '未找到该中奖记录' },
      });
      // An award of another campaign is not found through this one.
      expect(
        await admin(s.url, 'PUT', `/admin/api/campaigns/sign/winners/${points}/shipment`, SHIPMENT),
      ).toMatchObject({ status: 404, body: { code: 61060 } });
      // Field checks name the field.
      const bad = await ship(s, points, { carrier: '', trackingNo: '12' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(10001);
      // Without the key nothing is answered.
      expect(
        (await admin(s.url, 'GET', '/admin/api/campaigns/raffle/winners', undefined, 'wrong'))
          .status,
      ).toBe(401);
      const issued = data(
        await admin(s.url, 'GET', '/admin/api/campaigns/raffle/winners?state=issued&limit=200'),
      );
      expect(issued.winners.every((w: { kind: string }) => w.kind !== 'goods')).toBe(true);
    });

    it('pages newest first', async (context) => {
      if (!s) return context.skip();
      await aimAt(s, 'points-10');
      const shopper = await newShopper(s);
      const ids = [await draw(s, shopper), await draw(s, shopper)];
      const first = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle/winners?limit=1'));
      expect(first.winners.map((w: { id: number }) => w.id)).toEqual([ids[1]]);
      expect(first.next).toBe(ids[1]);
      const second = data(
        await admin(
          s.url,
          'GET',
          `/admin/api/campaigns/raffle/winners?limit=1&before=${first.next}`,
        ),
      );
      expect(second.winners.map((w: { id: number }) => w.id)).toEqual([ids[0]]);
    });

    it('exports CSV with Chinese intact and formulas defused', async (context) => {
      if (!s) return context.skip();
      await aimAt(s, 'nuts-box');
      const shopper = await newShopper(s);
      const award = await draw(s, shopper);
      data(
        await call(s.url, 'POST', `/api/campaign/raffle/awards/${award}/address`, {
          ut: shopper.ut,
          body: {
            ...ADDRESS,
            name: '+李四',
            detail: '=HYPERLINK("http://evil.example","点我"),路1号',
          },
        }),
      );
      data(await ship(s, award, { carrier: '@顺丰', trackingNo: 'SF-0001-0002' }));

      const response = await fetch(
        `${s.url}/admin/api/campaigns/raffle/winners.csv?state=shipped`,
        {
          headers: { 'x-admin-key': ADMIN_KEY },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      expect(response.headers.get('content-disposition')).toContain('raffle-winners-shipped.csv');
      const bytes = Buffer.from(await response.arrayBuffer());
      // A byte-order mark, so Excel reads the Chinese as UTF-8.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: string[][] = parse(bytes.subarray(3).toString('utf8'));
      expect(rows[0]).toEqual([
        '编号',
        '中奖时间',
        '用户ID',
        '账号手机号',
        '奖品',
        '奖品类型',
        '状态',
        '收件人',
        '收件人手机号',
        '省',
        '市',
        '区县',
        '详细地址',
        '承运商',
        '运单号',
        '发货时间',
        '收货时间',
      ]);
      const row = rows.find((r) => r[0] === String(award))!;
      expect(row).toBeDefined();
      expect(row[3]).toBe(`${shopper.mobile.slice(0, 3)}****${shopper.mobile.slice(-4)}`);
      expect(row[5]).toBe('实物');
      expect(row[6]).toBe('已发货');
      // The recipient's number in full: the courier's waybill needs it.
      expect(row[8]).toBe('13812345678');
      expect(row.slice(9, 12)).toEqual(['上海市', '上海市', '黄浦区']);
      // Cells a spreadsheet would run as a formula start with a quote instead.
      expect(row[7]).toBe("'+李四");
      expect(row[12]).toBe('\'=HYPERLINK("http://evil.example","点我"),路1号');
      expect(row[13]).toBe("'@顺丰");
      expect(row[14]).toBe('SF-0001-0002');
      // Asia/Shanghai time: the test clock is 2026-01-15 04:00 UTC, noon in China.
      expect(row[1]).toMatch(/^2026-01-\d\d \d\d:\d\d:\d\d$/);
      expect(rows.every((r) => r.length === 17)).toBe(true);

      const refused = await fetch(`${s.url}/admin/api/campaigns/nope/winners.csv`, {
        headers: { 'x-admin-key': ADMIN_KEY },
      });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { code: number }).code).toBe(61004);
    });
  });
});
