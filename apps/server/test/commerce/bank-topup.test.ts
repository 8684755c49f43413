// The bank card top-up through the sandbox cashier on SQLite and PostgreSQL: the amount is the
// server's (a tampered one is refused), a notify is verified and applied once (a replay or a
// forgery changes nothing), the card is credited once with the channel's bonus, an unpaid
// order closes on time-out and cannot be paid after, a late payment is refunded, ownership is
// checked on every route, and the operator refunds through the admin API.
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
} from '../campaigns/helpers.ts';
import { jobDeps, orderTopUp, postNotify, sandboxNotify } from './helpers.ts';

const MINUTE = 60_000;

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`bank card top-up (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const card = async (ut: string, channel?: string) =>
      data(
        await call(
          s!.url,
          'GET',
          `/api/commerce/bank/card${channel ? `?channel=${channel}` : ''}`,
          {
            ut,
          },
        ),
      );

    it('tops a card up through the sandbox cashier, once, with the channel bonus', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const before = await card(shopper.ut, 'abc');
      expect(before.card.balance).toBe(0);
      expect(before.channel).toEqual({ code: 'abc', name: '农业银行' });
      expect(before.methods).toEqual([{ id: 'sandbox', name: '模拟支付（开发环境）' }]);
      const hundred = before.options.find((o: { id: string }) => o.id === '100');
      expect(hundred).toMatchObject({
        amount: 10000,
        amountText: '100.00',
        credit: 10500,
        creditText: '105.00',
        bonusText: '农业银行专享 赠5.00元',
      });

      const order = await orderTopUp(s, shopper, 'abc');
      expect(order).toMatchObject({
        state: 'created',
        amount: 10000,
        amountText: '100.00',
        credit: 10500,
      });
      expect(order.orderNo).toMatch(/^\d{20}$/);

      const notify = await sandboxNotify(s, shopper, order.orderNo);
      const paid = await postNotify(s, notify);
      expect(paid.body).toMatchObject({ code: 0, data: { state: 'fulfilled' } });

      // A replay of the same notify, and twenty more at once, change nothing.
      const replays = await Promise.all(Array.from({ length: 20 }, () => postNotify(s!, notify)));
      expect(new Set(replays.map((r) => r.body.code))).toEqual(new Set([0]));
      const after = await card(shopper.ut);
      expect(after.card.balance).toBe(10500);
      expect(after.card.balanceText).toBe('105.00');

      const detail = data(
        await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
      );
      expect(detail).toMatchObject({
        state: 'fulfilled',
        method: 'sandbox',
        channel: { code: 'abc' },
      });
      expect(detail.paidAt).toBe(s.clock.now());

      // Paying a paid order again is refused.
      const again = await call(s.url, 'POST', `/api/commerce/orders/${order.orderNo}/pay`, {
        ut: shopper.ut,
        body: { method: 'sandbox' },
      });
      expect(again.body.code).toBe(63003);
    });

    it('refuses a tampered amount when ordering and in a notify', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const cheap = await call(s.url, 'POST', '/api/commerce/bank/orders', {
        ut: shopper.ut,
        body: { optionId: '100', amount: 1 },
      });
      expect(cheap.body).toMatchObject({ code: 63001, data: { amount: 10000 } });
      const unknown = await call(s.url, 'POST', '/api/commerce/bank/orders', {
        ut: shopper.ut,
        body: { optionId: '999', amount: 1 },
      });
      expect(unknown.body.code).toBe(63007);

      const order = await orderTopUp(s, shopper);
      const notify = await sandboxNotify(s, shopper, order.orderNo);
      // The amount changed after signing: the signature no longer holds.
      const tampered = await postNotify(s, { ...notify, amount: 1 });
      expect(tampered).toMatchObject({ status: 401, body: { code: 63004 } });
      const forged = await postNotify(s, { ...notify, sign: 'a'.repeat(64) });
      expect(forged).toMatchObject({ status: 401, body: { code: 63004 } });
      const state = data(
        await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
      );
      expect(state.state).toBe('created');
      expect((await card(shopper.ut)).card.balance).toBe(0);
    });

    it('keeps every order to its shopper', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const owner = await newShopper(s);
      const other = await newShopper(s);
      const order = await orderTopUp(s, owner);
      const read = await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, {
        ut: other.ut,
      });
      expect(read.body.code).toBe(63000);
      const pay = await call(s.url, 'POST', `/api/commerce/orders/${order.orderNo}/pay`, {
        ut: other.ut,
        body: { method: 'sandbox' },
      });
      expect(pay.body.code).toBe(63000);
      const anonymous = await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`);
      expect(anonymous.body.code).toBe(-331007);
    });

    it('closes an unpaid order on time-out; it cannot be paid, and a late payment is refunded', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const order = await orderTopUp(s, shopper);
      const notify = await sandboxNotify(s, shopper, order.orderNo);
      const deps = await jobDeps(s);

      s.clock.advance(16 * MINUTE);
      const pass = await runCommercePass(deps);
      expect(pass.closed).toBeGreaterThanOrEqual(1);
      const closed = data(
        await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
      );
      expect(closed).toMatchObject({ state: 'closed', closedAt: s.clock.now() });

      const pay = await call(s.url, 'POST', `/api/commerce/orders/${order.orderNo}/pay`, {
        ut: shopper.ut,
        body: { method: 'sandbox' },
      });
      expect(pay.body.code).toBe(63002);

      // The payment started before the time-out arrives after it: money in for nothing.
      const late = await postNotify(s, notify);
      expect(late.body).toMatchObject({ code: 0, data: { state: 'closed' } });
      expect((await card(shopper.ut)).card.balance).toBe(0);
      const viewed = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
      expect(viewed.refund).toMatchObject({ state: 'pending', amount: 10000 });

      await runCommercePass(deps);
      const refunded = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
      expect(refunded).toMatchObject({ state: 'refunded', refund: { state: 'succeeded' } });
    });

    it('credits once when two payments of one order arrive together', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const order = await orderTopUp(s, shopper);
      // Two cashier starts: two signed notifies with their own trade and notify ids.
      const first = await sandboxNotify(s, shopper, order.orderNo);
      const second = await sandboxNotify(s, shopper, order.orderNo);
      const answers = await Promise.all([postNotify(s, first), postNotify(s, second)]);
      expect(answers.map((a) => a.body.code)).toEqual([0, 0]);
      expect((await card(shopper.ut)).card.balance).toBe(10000);
      const rows = await s.server.store.db
        .selectFrom('prepaid_card_entries')
        .select('delta')
        .where('user_id', '=', shopper.id)
        .execute();
      expect(rows.map((r) => Number(r.delta))).toEqual([10000]);
    });

    it('settles a notify racing the time-out job one way: paid, or closed and refunded', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const order = await orderTopUp(s, shopper);
      const notify = await sandboxNotify(s, shopper, order.orderNo);
      const deps = await jobDeps(s);
      s.clock.advance(15 * MINUTE);
      await Promise.all([runCommercePass(deps), postNotify(s, notify)]);
      await runCommercePass(deps);
      const settled = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
      const balance = (await card(shopper.ut)).card.balance;
      if (settled.state === 'fulfilled') {
        expect(balance).toBe(10000);
        expect(settled.refund).toBeNull();
      } else {
        expect(settled).toMatchObject({ state: 'refunded', refund: { state: 'succeeded' } });
        expect(balance).toBe(0);
      }
    });

    it('closes an order past its time when it is paid before the job ran', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const order = await orderTopUp(s, shopper);
      s.clock.advance(15 * MINUTE);
      const pay = await call(s.url, 'POST', `/api/commerce/orders/${order.orderNo}/pay`, {
        ut: shopper.ut,
        body: { method: 'sandbox' },
      });
      expect(pay.body.code).toBe(63002);
    });

    it('refunds through the admin API: the card is debited once, the job completes it', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const order = await orderTopUp(s, shopper, 'boc');
      await postNotify(s, await sandboxNotify(s, shopper, order.orderNo));
      expect((await card(shopper.ut)).card.balance).toBe(10300);

      const open = await newShopper(s);
      const unpaid = await orderTopUp(s, open);
      const refuseUnpaid = await admin(
        s.url,
        'POST',
        `/admin/api/orders/${unpaid.orderNo}/refund`,
        {
          reason: '测试',
        },
      );
      expect(refuseUnpaid.body.code).toBe(63008);

      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          admin(s!.url, 'POST', `/admin/api/orders/${order.orderNo}/refund`, {
            reason: '用户申请退款',
          }),
        ),
      );
      expect(answers.map((a) => a.body.code).sort()).toEqual([0, 63008, 63008, 63008, 63008]);
      expect((await card(shopper.ut)).card.balance).toBe(0);

      await runCommercePass(await jobDeps(s));
      const done = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
      expect(done).toMatchObject({
        state: 'refunded',
        refund: { state: 'succeeded', reason: '用户申请退款' },
      });

      const listed = data(await admin(s.url, 'GET', `/admin/api/orders?mobile=${shopper.mobile}`));
      expect(listed.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
      const refundedOnly = data(
        await admin(s.url, 'GET', '/admin/api/orders?state=refunded&limit=100'),
      );
      expect(refundedOnly.orders.every((o: { state: string }) => o.state === 'refunded')).toBe(
        true,
      );
    });

    it('refuses a refund the card can no longer cover', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const order = await orderTopUp(s, shopper);
      await postNotify(s, await sandboxNotify(s, shopper, order.orderNo));
      // The shopper spends part of the balance in a store.
      await s.server.store.db
        .updateTable('prepaid_cards')
        .set({ balance: 500 })
        .where('user_id', '=', shopper.id)
        .execute();
      const refused = await admin(s.url, 'POST', `/admin/api/orders/${order.orderNo}/refund`, {
        reason: '用户申请退款',
      });
      expect(refused.body.code).toBe(63009);
      const viewed = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
      expect(viewed).toMatchObject({ state: 'fulfilled', refund: null });
    });
  });
};

await onEachEngine(suite);
