// Security review H3: whatever other accounts store for someone (friend applications, offline
// messages, team messages, teams with long fields), that account's sync completes and gets all
// of it: every sync push is split by its encoded size under the frame limit, and a category that
// fails does not stop the others. On both store engines, with the real SDK.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { ImError, SyncCategory } from '@morsel/protocol';
import { SYNC_PUSH_BYTES } from '../../src/im/gateway/sync-push.ts';
import { forEachEngine } from '../harness/index.ts';
import { connectNewAccount } from './clients.ts';
import { imSuite } from './suite.ts';

/** Messages a sync delivered: offline ones, or roaming ones for a device new to the account. */
const syncedMsgs = (events: { all<T>(name: string): T[] }) =>
  [
    ...events.all<{ msgs: ClientMsg[] }>('offlinemsgs'),
    ...events.all<{ msgs: ClientMsg[] }>('roamingmsgs'),
  ].flatMap((batch) => batch.msgs);

/** Chinese text of `chars` characters: 3 bytes each in UTF-8 (what MessagePack writes). */
const chinese = (chars: number, seed = 0) =>
  Array.from({ length: chars }, (_, i) =>
    String.fromCharCode(0x4e00 + ((i * 7 + seed) % 20_000)),
  ).join('');

await forEachEngine(({ name: engine }) => {
  describe('a large sync', () => {
    const suite = imSuite({ fresh: 'each', engine });

    it('delivers 70 friend applications with 5,000-character Chinese ps; a repeated one replaces the older', async () => {
      const victim = await suite.client(2);
      const victimAccid = suite.server.server.seeded.demoAccounts[2]!.accid;
      await suite.leave(victim.nim);
      for (let i = 0; i < 70; i++) {
        const sender = await connectNewAccount(suite.server, `applicant${i}`);
        await sender.nim.applyFriend({ account: victimAccid, ps: chinese(5000, i) });
        // The same application again: stored once, with the latest ps.
        if (i === 0)
          await sender.nim.applyFriend({ account: victimAccid, ps: `again ${chinese(4990)}` });
        await sender.nim.destroy();
      }
      const again = await suite.client(2);
      const sysMsgs = again.events.all<{ from: string; ps: string }[]>('offlinesysmsgs').flat();
      expect(again.events.all<ImError>('error')).toEqual([]);
      expect(sysMsgs).toHaveLength(70);
      expect(new Set(sysMsgs.map((m) => m.from)).size).toBe(70);
      expect(sysMsgs.find((m) => m.from === 'applicant0')!.ps).toMatch(/^again /);
    });

    it('delivers 80 offline one-to-one messages of 5,000 Chinese characters in pushes under the frame limit', async () => {
      const sender = await suite.client(0);
      const receiver = await suite.client(1);
      await suite.leave(receiver.nim);
      const sent: ClientMsg[] = [];
      for (let i = 0; i < 80; i++)
        sent.push(await sender.nim.sendText({ scene: 'p2p', to: 'demo2', text: chinese(5000, i) }));
      const again = await suite.client(1);
      expect(again.events.all<ImError>('error')).toEqual([]);
      const synced = syncedMsgs(again.events);
      expect(synced.map((m) => m.idServer).sort()).toEqual(sent.map((m) => m.idServer).sort());
      // 80 × about 15 KB (1.2 MB, more than a frame) came in several pushes of at most
      // SYNC_PUSH_BYTES: the SDK reports each push's messages as one batch per session.
      const batches =
        again.events.all('offlinemsgs').length + again.events.all('roamingmsgs').length;
      expect(batches).toBeGreaterThanOrEqual(Math.ceil((80 * 15_000) / SYNC_PUSH_BYTES));
    });

    it('delivers 500 team messages of over 2.1 KB to a member who was offline', async () => {
      const owner = await suite.client(0);
      const { team } = (await owner.nim.createTeam({
        type: 'normal',
        name: '大群',
        accounts: ['demo2'],
      })) as { team: { teamId: string } };
      const member = await suite.client(1);
      await suite.leave(member.nim);
      const sent: ClientMsg[] = [];
      for (let i = 0; i < 500; i++)
        sent.push(
          await owner.nim.sendText({ scene: 'team', to: team.teamId, text: chinese(750, i) }),
        );
      const again = await suite.client(1);
      expect(again.events.all<ImError>('error')).toEqual([]);
      const synced = syncedMsgs(again.events);
      // Every one of them (the team's creation notice comes too).
      const ids = new Set(synced.map((m) => m.idServer));
      expect(sent.filter((m) => !ids.has(m.idServer))).toEqual([]);
      expect(ids.size).toBe(501);
    });

    it('delivers 100 teams with long Chinese custom data and announcements to a member added to all of them', async () => {
      const owner = await suite.client(0);
      for (let i = 0; i < 100; i++) {
        await owner.nim.createTeam({
          type: 'normal',
          name: `群${i}`,
          accounts: ['demo3'],
          custom: chinese(4096, i),
          announcement: chinese(1024, i),
          intro: chinese(512, i),
        });
      }
      const victim = await suite.client(2);
      expect(victim.events.all<ImError>('error')).toEqual([]);
      const teams = victim.events.all<{ teamId: string }[]>('teams').flat();
      expect(new Set(teams.map((t) => t.teamId)).size).toBe(100);
    });

    it('completes the other categories when one fails, and keeps the failed one for the next sync', async () => {
      const sender = await suite.client(0);
      const text = await sender.nim.sendText({
        scene: 'p2p',
        to: 'demo2',
        text: '另一类失败时照样送达',
      });
      let calls = 0;
      // An extra category beside the protocol's, so breaking it leaves every real one whole.
      suite.server.server.imGateway.syncSources.register(
        'brokenCategory' as SyncCategory,
        async (_context, since) => {
          calls++;
          expect(since).toBe(0); // never moved on: the failure kept the timetag
          throw new Error('a broken row');
        },
      );
      const receiver = await suite.client(1);
      expect(receiver.events.all<ImError>('error')).toEqual([]);
      const synced = syncedMsgs(receiver.events);
      expect(synced.map((m) => m.idServer)).toEqual([text.idServer]);
      expect(calls).toBe(1);
    });
  });
});
