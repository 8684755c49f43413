// The raffle over real HTTP: the grid as data, draws that land on a slot, chances per day plus
// sharing and assists (capped), winners with masked numbers, and the address of a goods prize.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  startCampaignServer,
  type Shopper,
} from './helpers.ts';

/**
 * Makes every draw land on one prize (weight 1, others 0), with the stock given: a live prize's
 * stock moves by the relative /stock route, as an operator's must (decision 0037).
 */
async function aimAt(s: ProductTestServer, key: string, stock: number | null) {
  const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
  for (const prize of detail.prizes) {
    const { awarded: _a, key: k, ...config } = prize;
    const target = k === key;
    const relative = target && stock !== null && config.stock !== null;
    data(
      await admin(s.url, 'PUT', `/admin/api/campaigns/raffle/prizes/${k}`, {
        ...config,
        weight: target ? 1 : 0,
        ...(target && !relative ? { stock } : {}),
      }),
    );
    if (relative && stock !== config.stock)
      data(
        await admin(s.url, 'POST', `/admin/api/campaigns/raffle/prizes/${k}/stock`, {
          add: stock - config.stock,
        }),
      );
  }
}

describe('raffle', () => {
  let s: ProductTestServer;
  let a: Shopper;
  beforeAll(async () => {
    s = await startCampaignServer();
    a = await newShopper(s);
  });
  afterAll(() => s?.stop());

  it('serves the nine-grid as data, logged out too', async () => {
    const page = data(await call(s.url, 'GET', '/api/campaign/raffle'));
    expect(page).toMatchObject({ layout: 'grid', loggedIn: false, chances: null, shareCode: null });
    expect(page.prizes.map((p: { slot: number }) => p.slot)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(page.prizes[2]).toEqual({
      key: 'thanks',
      name: '谢谢参与',
      image: '/api/campaign/assets/thanks.png',
      kind: 'thanks',
      slot: 2,
    });
    const image = await fetch(`${s.url}${page.prizes[0].image}`);
    expect(image.headers.get('content-type')).toContain('image/png');
    const mine = data(await call(s.url, 'GET', '/api/campaign/raffle', { ut: a.ut }));
    expect(mine.chances).toEqual({ left: 3, usedToday: 0, base: 3, bonus: 0, bonusCap: 3 });
    expect(mine.shareCode).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('draws on the server, answers the slot, spends chances, earns more by sharing up to the cap', async () => {
    await aimAt(s, 'dried-mango', 100);
    const b = await newShopper(s);
    const draw = data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: b.ut }));
    expect(draw).toMatchObject({
      slot: 3,
      prize: { key: 'dried-mango', kind: 'goods' },
      award: { prizeKey: 'dried-mango', state: 'needs_address' },
    });
    expect(draw.chances).toMatchObject({ left: 2, usedToday: 1 });
    await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: b.ut });
    await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: b.ut });
    expect((await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: b.ut })).body).toEqual({
      code: 60020,
      message: '今日抽奖次数已用完，分享给好友可获得更多机会',
      data: null,
    });

    expect(
      data(await call(s.url, 'POST', '/api/campaign/raffle/share', { ut: b.ut })),
    ).toMatchObject({ left: 1, bonus: 1 });
    expect(
      data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: b.ut })).chances.left,
    ).toBe(0);
    await call(s.url, 'POST', '/api/campaign/raffle/share', { ut: b.ut });
    await call(s.url, 'POST', '/api/campaign/raffle/share', { ut: b.ut });
    expect((await call(s.url, 'POST', '/api/campaign/raffle/share', { ut: b.ut })).body.code).toBe(
      60022,
    );
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle/chances', { ut: b.ut })),
    ).toMatchObject({ left: 2, bonus: 3 });

    // A new day in China: the base chances come back, the bonus starts from 0.
    s.clock.advance(DAY_MS);
    expect(data(await call(s.url, 'GET', '/api/campaign/raffle/chances', { ut: b.ut }))).toEqual({
      left: 3,
      usedToday: 0,
      base: 3,
      bonus: 0,
      bonusCap: 3,
    });
  });

  it("counts one assist per friend, never one's own, and rewards the sharer", async () => {
    const sharer = await newShopper(s);
    const friend = await newShopper(s);
    const { shareCode } = data(await call(s.url, 'GET', '/api/campaign/raffle', { ut: sharer.ut }));
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/raffle/assist', {
          ut: sharer.ut,
          body: { shareCode },
        })
      ).body,
    ).toMatchObject({ code: 60024, message: '不能为自己助力哦' });
    expect(
      data(
        await call(s.url, 'POST', '/api/campaign/raffle/assist', {
          ut: friend.ut,
          body: { shareCode },
        }),
      ),
    ).toMatchObject({ sharerEarnedChance: true });
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/raffle/assist', {
          ut: friend.ut,
          body: { shareCode },
        })
      ).body.code,
    ).toBe(60025);
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/raffle/assist', {
          ut: friend.ut,
          body: { shareCode: 'ZZZZ9999' },
        })
      ).body.code,
    ).toBe(60023);
    expect(
      (
        await call(s.url, 'POST', '/api/campaign/raffle/assist', {
          ut: friend.ut,
          body: { shareCode: 'bad code!' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(s.url, 'POST', '/api/campaign/raffle/assist', { ut: friend.ut, body: {} })).body,
    ).toMatchObject({ code: 10001, message: '缺少参数 shareCode' });
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle/chances', { ut: sharer.ut })),
    ).toMatchObject({ left: 4, bonus: 1 });
  });

  it('tells the visitor of a share link whose it is and whether they already helped', async () => {
    const sharer = await newShopper(s);
    const friend = await newShopper(s);
    const { shareCode } = data(await call(s.url, 'GET', '/api/campaign/raffle', { ut: sharer.ut }));
    const page = (who?: Shopper, code: string = shareCode) =>
      call(s.url, 'GET', `/api/campaign/raffle?shareCode=${code}`, who ? { ut: who.ut } : {});
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle', { ut: friend.ut })).assist,
    ).toBeNull();
    expect(data(await page()).assist).toEqual({
      sharer: { nickname: expect.any(String) },
      isSelf: false,
      assisted: false,
    });
    expect(data(await page(sharer)).assist).toMatchObject({ isSelf: true, assisted: false });
    expect(data(await page(friend)).assist).toMatchObject({ isSelf: false, assisted: false });
    data(
      await call(s.url, 'POST', '/api/campaign/raffle/assist', {
        ut: friend.ut,
        body: { shareCode: shareCode.toLowerCase() },
      }),
    );
    expect(data(await page(friend)).assist).toMatchObject({ isSelf: false, assisted: true });
    expect(data(await page(friend, shareCode.toLowerCase())).assist.assisted).toBe(true);
    // Another friend has not helped yet; an unknown code has no sharer; a malformed one is a 400.
    expect(data(await page(await newShopper(s))).assist.assisted).toBe(false);
    expect(data(await page(friend, 'ZZZZ9999')).assist).toEqual({
      sharer: null,
      isSelf: false,
      assisted: false,
    });
    const bad = await page(friend, 'a!b');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 10001, message: '参数 shareCode 格式不正确' });
  });

  it('lists recent winners with masked numbers', async () => {
    const winners = data(await call(s.url, 'GET', '/api/campaign/raffle/winners'));
    expect(winners.length).toBeGreaterThan(0);
    for (const w of winners) {
      expect(w.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(w.prizeName).not.toBe('谢谢参与');
    }
  });

  it('falls back to 谢谢参与 when the drawn prize is out of stock', async () => {
    await aimAt(s, 'snack-pack', 0);
    const c = await newShopper(s);
    const draw = data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: c.ut }));
    expect(draw).toMatchObject({ slot: 2, prize: { key: 'thanks', kind: 'thanks' }, award: null });
    expect(data(await call(s.url, 'GET', '/api/campaign/raffle/awards', { ut: c.ut }))).toEqual([]);
  });

  it('takes the address of a goods prize once, with real region codes, for its owner only', async () => {
    await aimAt(s, 'nuts-box', 10);
    const d = await newShopper(s);
    const other = await newShopper(s);
    const { award } = data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: d.ut }));
    const path = `/api/campaign/raffle/awards/${award.id}/address`;
    const good = {
      name: '张三',
      mobile: '13812345678',
      provinceCode: '310000',
      cityCode: '310100',
      regionCode: '310101',
      detail: '南京东路100号5楼',
    };

    expect((await call(s.url, 'POST', path, { ut: other.ut, body: good })).body.code).toBe(60003);
    expect(
      (await call(s.url, 'POST', path, { ut: d.ut, body: { ...good, regionCode: '999999' } })).body,
    ).toMatchObject({ code: 60032, message: '所选省市区不正确，请重新选择' });
    expect(
      (await call(s.url, 'POST', path, { ut: d.ut, body: { ...good, cityCode: '320100' } })).body
        .code,
    ).toBe(60032);
    expect(
      (await call(s.url, 'POST', path, { ut: d.ut, body: { ...good, mobile: '1234' } })).status,
    ).toBe(400);
    expect(
      (await call(s.url, 'POST', path, { ut: d.ut, body: { ...good, name: '' } })).body,
    ).toMatchObject({ code: 10001, message: '参数 name 长度不正确' });
    expect(
      (await call(s.url, 'POST', path, { ut: d.ut, body: { ...good, detail: undefined } })).body
        .message,
    ).toBe('缺少参数 detail');

    const saved = data(await call(s.url, 'POST', path, { ut: d.ut, body: good }));
    expect(saved.address).toMatchObject({
      provinceName: '上海市',
      cityName: '上海市',
      regionName: '黄浦区',
      detail: '南京东路100号5楼',
    });
    expect((await call(s.url, 'POST', path, { ut: d.ut, body: good })).body.code).toBe(60031);
    const detail = data(
      await call(s.url, 'GET', `/api/campaign/raffle/awards/${award.id}`, { ut: d.ut }),
    );
    expect(detail).toMatchObject({
      state: 'address_submitted',
      address: { regionCode: '310101', mobile: '13812345678' },
    });

    // A points prize needs no address.
    await aimAt(s, 'points-10', null);
    const points = data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: d.ut })).award;
    expect(
      (
        await call(s.url, 'POST', `/api/campaign/raffle/awards/${points.id}/address`, {
          ut: d.ut,
          body: good,
        })
      ).body.code,
    ).toBe(60030);
  });

  it('applies a total limit over the whole campaign', async () => {
    data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', {
        settings: {
          layout: 'grid',
          dailyChances: 3,
          totalChances: 2,
          bonusChancesPerDay: 3,
          fallbackPrize: 'thanks',
          winnersShown: 20,
        },
      }),
    );
    const e = await newShopper(s);
    data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: e.ut }));
    expect(
      data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: e.ut })).chances.left,
    ).toBe(0);
    expect((await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: e.ut })).body).toEqual({
      code: 60021,
      message: '您的抽奖次数已用完',
      data: null,
    });
    s.clock.advance(DAY_MS);
    expect((await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: e.ut })).body.code).toBe(
      60021,
    );
    // The refused draw spent nothing: today's counter still reads 0.
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle/chances', { ut: e.ut })),
    ).toMatchObject({ left: 0, usedToday: 0 });
  });

  it('refuses draws before and after the window', async () => {
    const now = s.clock.now();
    data(await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', { endsAt: now }));
    expect((await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: a.ut })).body.code).toBe(
      60002,
    );
    expect((await call(s.url, 'POST', '/api/campaign/raffle/share', { ut: a.ut })).body.code).toBe(
      60002,
    );
    data(
      await admin(s.url, 'PATCH', '/admin/api/campaigns/raffle', {
        startsAt: now + 1000,
        endsAt: now + DAY_MS,
      }),
    );
    expect((await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: a.ut })).body.code).toBe(
      60001,
    );
    s.clock.advance(1000);
    expect((await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: a.ut })).body.code).toBe(
      0,
    );
  });
});

// An operator may take every prize off the board (slot -1) while preparing it: the admin API
// accepts that, the page gets an empty board, and the server draws nothing until a prize is back.
describe('raffle with an empty board', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  /** Puts every prize of the raffle on the slot `slotOf` gives its position in the admin list. */
  const placeAll = async (slotOf: (index: number) => number) => {
    const detail = data(await admin(s.url, 'GET', '/admin/api/campaigns/raffle'));
    for (const [index, prize] of detail.prizes.entries()) {
      const { awarded: _a, key, ...config } = prize;
      const reply = await admin(s.url, 'PUT', `/admin/api/campaigns/raffle/prizes/${key}`, {
        ...config,
        slot: slotOf(index),
      });
      expect(reply.body.code, key).toBe(0);
    }
    return detail.prizes.length as number;
  };

  it('accepts a board with no prize on it, serves it empty and refuses draws without spending a chance', async () => {
    const shopper = await newShopper(s);
    await placeAll(() => -1);
    const view = data(await call(s.url, 'GET', '/api/campaign/raffle', { ut: shopper.ut }));
    expect(view.prizes).toEqual([]);
    expect(view.chances).toMatchObject({ left: 3 });
    expect(
      (await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: shopper.ut })).body,
    ).toEqual({
      code: 60026,
      message: '奖品准备中，暂时无法抽奖',
      data: null,
    });
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle/chances', { ut: shopper.ut })),
    ).toMatchObject({ left: 3, usedToday: 0 });
    expect(
      data(await call(s.url, 'GET', '/api/campaign/raffle/awards', { ut: shopper.ut })),
    ).toEqual([]);

    // Back on the board: draws again.
    const count = await placeAll((index) => index);
    expect(data(await call(s.url, 'GET', '/api/campaign/raffle')).prizes).toHaveLength(count);
    const drawn = data(await call(s.url, 'POST', '/api/campaign/raffle/draw', { ut: shopper.ut }));
    expect(drawn.slot).toBeGreaterThanOrEqual(0);
    expect(drawn.chances).toMatchObject({ left: 2, usedToday: 1 });
  });
});
