// The orange gift card on SQLite and PostgreSQL: cards exist only once the order's payment is
// verified (and a replayed notify issues none more), a tampered total and paying a closed order
// are refused, a gift link is claimed by exactly one of several concurrent claimers, the giver
// cannot claim their own gift, a second claim and an expired gift are refused with their codes,
// the job returns an unclaimed gift to its giver, and a refund voids only untouched cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { runCommercePass } from '../../src/campaigns/commerce/index.ts';
import {
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Json,
  type Shopper,
} from '../campaigns/helpers.ts';
import { jobDeps, postNotify, sandboxNotify } from './helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BASE = '/api/commerce/orange-card';

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`orange gift card (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const order = (shopper: Shopper, body: Json) =>
      call(s!.url, 'POST', `${BASE}/orders`, { ut: shopper.ut, body });
    const detail = async (shopper: Shopper, orderNo: string) =>
      data(await call(s!.url, 'GET', `${BASE}/orders/${orderNo}`, { ut: shopper.ut }));
    const cards = async (shopper: Shopper) =>
      data(await call(s!.url, 'GET', `${BASE}/cards`, { ut: shopper.ut }));
    const give = (shopper: Shopper, cardId: number, blessing = '生日快乐') =>
      call(s!.url, 'POST', `${BASE}/cards/${cardId}/give`, { ut: shopper.ut, body: { blessing } });
    const claim = (shopper: Shopper, token: string) =>
      call(s!.url, 'POST', `${BASE}/gifts/${token}/claim`, { ut: shopper.ut });

    /** Orders `quantity` ¥100 Hangzhou cards and pays them through the sandbox. */
    async function buy(shopper: Shopper, quantity = 1) {
      const made = data(
        await order(shopper, {
          city: 'hangzhou',
          faceId: '100',
          quantity,
          amount: 10000 * quantity,
        }),
      );
      const notify = await sandboxNotify(s!, shopper, made.orderNo);
      expect((await postNotify(s!, notify)).body).toMatchObject({ data: { state: 'fulfilled' } });
      return { orderNo: made.orderNo as string, notify };
    }

    it('lists the configured cities, remembers the choice, and refuses an unknown city', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const visitor = data(await call(s.url, 'GET', BASE));
      expect(visitor.cities.map((c: Json) => c.code)).toEqual([
        'hangzhou',
        'shanghai',
        'nanjing',
        'wuhan',
        'hefei',
      ]);
      expect(visitor.city).toEqual({ code: 'hangzhou', name: '杭州' });
      expect(visitor.cardsHeld).toBe(0);
      const shopper = await newShopper(s);
      const chosen = await call(s.url, 'POST', `${BASE}/city`, {
        ut: shopper.ut,
        body: { city: 'shanghai' },
      });
      expect(data(chosen)).toEqual({ code: 'shanghai', name: '上海' });
      const home = data(await call(s.url, 'GET', BASE, { ut: shopper.ut }));
      expect(home.city.code).toBe('shanghai');
      expect(home.faces.map((f: Json) => f.amountText)).toEqual(['100.00', '200.00', '500.00']);
      const unknown = await call(s.url, 'POST', `${BASE}/city`, {
        ut: shopper.ut,
        body: { city: 'atlantis' },
      });
      expect(unknown.body.code).toBe(63200);
    });

    it('issues cards only when the payment is verified, once, and refuses a tampered total', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const tampered = await order(shopper, {
        city: 'hangzhou',
        faceId: '100',
        quantity: 2,
        amount: 100,
      });
      expect(tampered.body).toMatchObject({ code: 63001, data: { amount: 20000 } });
      expect(
        (await order(shopper, { city: 'hangzhou', faceId: '300', quantity: 1, amount: 30000 })).body
          .code,
      ).toBe(63201);
      expect(
        (await order(shopper, { city: 'hangzhou', faceId: '100', quantity: 6, amount: 60000 })).body
          .code,
      ).toBe(10001);

      const made = data(
        await order(shopper, { city: 'hangzhou', faceId: '100', quantity: 2, amount: 20000 }),
      );
      expect(made).toMatchObject({ state: 'created', amount: 20000, quantity: 2, cards: [] });
      const notify = await sandboxNotify(s, shopper, made.orderNo);
      // Before the notify: no card.
      expect((await cards(shopper)).cards).toEqual([]);
      // A forged amount is refused and issues nothing.
      const forged = await postNotify(s, { ...notify, amount: 1 });
      expect(forged.body.code).not.toBe(0);
      expect((await cards(shopper)).cards).toEqual([]);

      const answers = await Promise.all(Array.from({ length: 8 }, () => postNotify(s!, notify)));
      expect(answers.every((a) => a.body.code === 0)).toBe(true);
      const paid = await detail(shopper, made.orderNo);
      expect(paid.state).toBe('fulfilled');
      expect(paid.cards).toHaveLength(2);
      expect(paid.cards[0]).toMatchObject({
        cityName: '杭州',
        faceValue: 10000,
        balanceText: '100.00',
        state: 'active',
        source: 'bought',
      });
      expect(paid.cards[0].cardNo).toMatch(/^6688 \*{4} \*{4} \d{4}$/);
      expect((await cards(shopper)).cards).toHaveLength(2);
      // The kernel's order view still reads it (the cashier uses it).
      const kernel = data(
        await call(s.url, 'GET', `/api/commerce/orders/${made.orderNo}`, { ut: shopper.ut }),
      );
      expect(kernel).toMatchObject({ kind: 'orange_card', cardNo: '', credit: 20000 });
      // Another shopper cannot read it.
      const other = await newShopper(s);
      const foreign = await call(s.url, 'GET', `${BASE}/orders/${made.orderNo}`, { ut: other.ut });
      expect(foreign.body.code).toBe(63000);
      const records = data(await call(s.url, 'GET', `${BASE}/orders`, { ut: shopper.ut }));
      expect(records.orders.map((o: Json) => o.orderNo)).toEqual([made.orderNo]);
    });

    it('refuses paying a closed order; the late payment issues no card', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const made = data(
        await order(shopper, { city: 'nanjing', faceId: '50', quantity: 1, amount: 5000 }),
      );
      const notify = await sandboxNotify(s, shopper, made.orderNo);
      s.clock.advance(16 * MINUTE);
      await runCommercePass(await jobDeps(s));
      const pay = await call(s.url, 'POST', `/api/commerce/orders/${made.orderNo}/pay`, {
        ut: shopper.ut,
        body: { method: 'sandbox' },
      });
      expect(pay.body.code).toBe(63002);
      await postNotify(s, notify);
      expect((await detail(shopper, made.orderNo)).cards).toEqual([]);
      expect((await cards(shopper)).cards).toEqual([]);
    });

    it('gives a card to exactly one of many concurrent claimers', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const giver = await newShopper(s);
      await buy(giver);
      const [card] = (await cards(giver)).cards;
      const given = data(await give(giver, card.id, '  生活甜甜蜜蜜  '));
      expect(given.state).toBe('giving');
      expect(given.gift.blessing).toBe('生活甜甜蜜蜜');
      const token: string = given.gift.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Giving it again while it waits is refused.
      expect((await give(giver, card.id)).body.code).toBe(63204);
      // The giver cannot claim it.
      expect((await claim(giver, token)).body.code).toBe(63207);

      const preview = data(await call(s.url, 'GET', `${BASE}/gifts/${token}`));
      expect(preview).toMatchObject({
        blessing: '生活甜甜蜜蜜',
        state: 'pending',
        faceValueText: '100.00',
        role: null,
      });
      expect(preview.giver).toBe(`${giver.mobile.slice(0, 3)}****${giver.mobile.slice(-4)}`);

      const friends = await Promise.all(Array.from({ length: 6 }, () => newShopper(s!)));
      const answers = await Promise.all(friends.map((f) => claim(f, token)));
      const codes = answers.map((a) => a.body.code).sort();
      expect(codes).toEqual([0, 63206, 63206, 63206, 63206, 63206]);
      const winner = friends[answers.findIndex((a) => a.body.code === 0)]!;
      expect((await cards(winner)).cards).toMatchObject([
        { faceValue: 10000, state: 'active', source: 'gift', gift: null },
      ]);
      expect((await cards(giver)).cards).toEqual([]);
      expect((await cards(giver)).given).toMatchObject([
        { state: 'claimed', blessing: '生活甜甜蜜蜜' },
      ]);
      // Claiming twice: refused, and still one card.
      const again = await claim(winner, token);
      expect(again.body).toMatchObject({ code: 63206, data: { byYou: true } });
      expect((await cards(winner)).cards).toHaveLength(1);
      expect(data(await call(s.url, 'GET', `${BASE}/gifts/${token}`, { ut: winner.ut })).role).toBe(
        'receiver',
      );
      // The receiver may pass it on.
      expect((await give(winner, card.id)).body.code).toBe(0);
      // An unknown token.
      expect((await claim(winner, 'A'.repeat(43))).body.code).toBe(63205);
    });

    it('returns an unclaimed gift to the giver when it expires', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const giver = await newShopper(s);
      await buy(giver);
      const [card] = (await cards(giver)).cards;
      const token: string = data(await give(giver, card.id)).gift.token;
      const friend = await newShopper(s);

      s.clock.advance(25 * HOUR);
      // Past its time the claim is refused before the job has run.
      expect((await claim(friend, token)).body.code).toBe(63208);
      expect(data(await call(s.url, 'GET', `${BASE}/gifts/${token}`)).state).toBe('returned');
      const pass = await runCommercePass(await jobDeps(s));
      expect(pass.giftsReturned).toBeGreaterThanOrEqual(1);
      expect((await claim(friend, token)).body.code).toBe(63208);
      expect((await cards(giver)).cards).toMatchObject([
        { id: card.id, state: 'active', gift: null },
      ]);
      expect((await cards(giver)).given).toMatchObject([{ state: 'returned' }]);
      expect((await cards(friend)).cards).toEqual([]);
      // The giver can give it again.
      expect((await give(giver, card.id)).body.code).toBe(0);
    });

    it("refuses giving another shopper's card, and refunds only untouched cards", async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const buyer = await newShopper(s);
      const stranger = await newShopper(s);
      const bought = await buy(buyer, 2);
      const [first] = (await cards(buyer)).cards;
      expect((await give(stranger, first.id)).body.code).toBe(63203);

      // One card is being given: the refund is refused and nothing changes.
      const token: string = data(await give(buyer, first.id)).gift.token;
      const refused = await admin(s.url, 'POST', `/admin/api/orders/${bought.orderNo}/refund`, {
        reason: '测试',
      });
      expect(refused.body.code).toBe(63008);
      expect((await cards(buyer)).cards).toHaveLength(2);

      s.clock.advance(25 * HOUR);
      await runCommercePass(await jobDeps(s));
      expect((await claim(stranger, token)).body.code).toBe(63208);
      const refunded = await admin(s.url, 'POST', `/admin/api/orders/${bought.orderNo}/refund`, {
        reason: '用户申请退款',
      });
      expect(refunded.body.code).toBe(0);
      expect((await cards(buyer)).cards).toEqual([]);
      expect((await give(buyer, first.id)).body.code).toBe(63203);
    });
  });
};

await onEachEngine(suite);
