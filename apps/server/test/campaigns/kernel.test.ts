// Kernel primitives against the real store on both engines: the points ledger is idempotent by
// business key and never goes negative, and limit counters never pass their limit, however many
// requests race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { createUser } from '../../src/product/store/users.ts';
import { changePoints, pointsBalance } from '../../src/campaigns/kernel/points.ts';
import { readCounter, tryIncrement } from '../../src/campaigns/kernel/counters.ts';
import { ApiError } from '@morsel/api';
import { forEachEngine } from '../harness/index.ts';

function kernelSuite(
  engine: string,
  open: () => Promise<{ store: Store; drop?: () => Promise<void> } | undefined>,
) {
  describe(`rewards kernel on ${engine}`, () => {
    let opened: { store: Store; drop?: () => Promise<void> } | undefined;
    let userId = 0;
    beforeAll(async () => {
      opened = await open();
      if (opened) userId = Number((await createUser(opened.store.db, '13600000001', 1))!.id);
    });
    afterAll(async () => {
      await opened?.store.close();
      await opened?.drop?.();
    });

    it('applies a points change once per business key and never below zero', async (context) => {
      if (!opened) return context.skip('PostgreSQL is not reachable');
      const db = opened.store.db;
      const credit = { userId, delta: 30, reason: '签到', businessKey: 'test:credit', now: 1 };
      const results = await Promise.all(Array.from({ length: 10 }, () => changePoints(db, credit)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await pointsBalance(db, userId)).toBe(30);

      // 10 concurrent debits of 7 against 30: four succeed, the rest are refused, balance 2.
      const debits = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          changePoints(db, {
            userId,
            delta: -7,
            reason: '兑换',
            businessKey: `test:debit:${i}`,
            now: 2,
          }),
        ),
      );
      expect(debits.filter((d) => d.status === 'fulfilled')).toHaveLength(4);
      const refused = debits.filter((d): d is PromiseRejectedResult => d.status === 'rejected');
      expect(refused.every((d) => d.reason instanceof ApiError && d.reason.code === 60070)).toBe(
        true,
      );
      expect(await pointsBalance(db, userId)).toBe(2);
      const ledger = await db
        .selectFrom('points_ledger')
        .select('delta')
        .where('user_id', '=', userId)
        .execute();
      expect(ledger.reduce((sum, row) => sum + Number(row.delta), 0)).toBe(2);
    });

    it('never lets a counter pass its limit', async (context) => {
      if (!opened) return context.skip('PostgreSQL is not reachable');
      const db = opened.store.db;
      const results = await Promise.all(
        Array.from({ length: 50 }, () => tryIncrement(db, 'test:limit', 7)),
      );
      expect(results.filter(Boolean)).toHaveLength(7);
      expect(await readCounter(db, 'test:limit')).toBe(7);
      expect(await tryIncrement(db, 'test:zero', 0)).toBe(false);
    });
  });
}

await forEachEngine((engine) =>
  kernelSuite(engine.label, async () => {
    const fresh = await engine.freshStore();
    return { store: await fresh.open(), drop: fresh.dispose };
  }),
);
