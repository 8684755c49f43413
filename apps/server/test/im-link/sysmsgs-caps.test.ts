// Security review H3: stored system messages are bounded per recipient. Past
// PENDING_SYSMSGS_MAX unhandled requests the oldest go; on both store engines.
import { describe, expect, it } from 'vitest';
import type { Gateway } from '../../src/im/gateway/gateway.ts';
import { PENDING_SYSMSGS_MAX, sendSysMsg } from '../../src/im/people/sysmsgs.ts';
import { forEachEngine } from '../harness/index.ts';
import { imSuite } from './suite.ts';

await forEachEngine(({ name: engine }) => {
  describe('stored system messages', () => {
    const suite = imSuite({ fresh: 'all', engine });

    it(`keeps at most ${PENDING_SYSMSGS_MAX} unhandled requests per recipient, dropping the oldest`, async () => {
      const { db } = suite.server.server.store;
      const { appKey } = suite.server.server.seeded;
      const pushed: string[] = [];
      const gateway = {
        pushToAccount: async (account: { accid: string }) => void pushed.push(account.accid),
      } as unknown as Gateway;
      const extra = 5;
      for (let i = 0; i < PENDING_SYSMSGS_MAX + extra; i++) {
        await sendSysMsg(
          db,
          gateway,
          { appKey, type: 'applyFriend', from: `sender${i}`, to: 'demo3', ps: `第${i}个申请` },
          1_000 + i,
        );
      }
      // An answered one is not counted against the cap and stays.
      await sendSysMsg(
        db,
        gateway,
        { appKey, type: 'passFriendApply', from: 'demo1', to: 'demo3', state: 'passed' },
        5_000,
      );
      const rows = await db
        .selectFrom('im_sysmsgs')
        .select(['from_accid', 'state'])
        .where('app_key', '=', appKey)
        .where('to_accid', '=', 'demo3')
        .execute();
      const pending = rows.filter((r) => r.state === 'init').map((r) => r.from_accid);
      expect(pending).toHaveLength(PENDING_SYSMSGS_MAX);
      expect(pending).not.toContain('sender0');
      expect(pending).toContain(`sender${PENDING_SYSMSGS_MAX + extra - 1}`);
      expect(rows.filter((r) => r.state === 'passed')).toHaveLength(1);
      expect(pushed).toHaveLength(PENDING_SYSMSGS_MAX + extra + 1);
    });
  });
});
