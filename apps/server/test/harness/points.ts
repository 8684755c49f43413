// Points for a shopper in end-to-end tests (the love account needs some to give): a credit on
// the real ledger, as a sign-in or a points prize would make it.
import { randomUUID } from 'node:crypto';
import { changePoints } from '../../src/campaigns/kernel/points.ts';
import { findUserByMobile } from '../../src/product/index.ts';
import type { TestServer } from './server.ts';

export async function creditPoints(
  server: TestServer,
  mobile: string,
  points: number,
): Promise<void> {
  const db = server.server.store.db;
  const user = await findUserByMobile(db, mobile);
  if (!user) throw new Error(`no shopper with mobile ${mobile}`);
  await changePoints(db, {
    userId: Number(user.id),
    delta: points,
    reason: '测试积分',
    businessKey: `test:${randomUUID()}`,
    now: Date.now(),
  });
}
