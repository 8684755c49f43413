// Decision 0062: the sync's probes answer quiet categories without running their sources. Their
// answer must never differ from running every source: after random changes in every probed
// category, a sync with the probes gives the same pushes and timetags as one without, for a new
// device (timetags 0) and for a device that synced before the changes. And a login into an
// account with nothing new runs one query for all the probed categories. Both store engines.
import { describe, expect, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import type { SyncCategory } from '@morsel/protocol';
import { forEachEngine, type TestServer } from '../harness/index.ts';
import type { HandlerContext } from '../../src/im/gateway/index.ts';
import { connectNewAccount } from './clients.ts';
import { imSuite } from './suite.ts';

type Pushed = [string, unknown];

/** Runs the server's sync handler for `accid` as a connection would, recording its pushes. */
async function syncOf(
  server: TestServer,
  accid: string,
  timetags: Record<string, number>,
  probing: boolean,
  now: number,
): Promise<{ pushes: Pushed[]; timetags: Record<string, number> }> {
  const sources = server.server.imGateway.syncSources;
  const pushes: Pushed[] = [];
  const context = {
    session: { appKey: server.server.seeded.appKey, accid, clientType: 16, deviceId: 'probe' },
    connection: {
      id: 'probe',
      push: (name: string, params: unknown) => pushes.push([name, params]),
    },
    gateway: server.server.imGateway.gateway,
    now: () => now,
  } as unknown as HandlerContext;
  sources.probing = probing;
  try {
    const reply = await sources.handlers().sync!(context, { timetags });
    return { pushes, timetags: (reply as { timetags: Record<string, number> }).timetags };
  } finally {
    sources.probing = true;
  }
}

/** A small seeded generator, so a failure names the seed that made it. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

await forEachEngine(({ name: engine }) => {
  describe('sync probes', () => {
    const suite = imSuite({ fresh: 'each', engine });

    it('give the same sync as running every source, after random changes in every category', async () => {
      const names = ['pa', 'pb', 'pc'];
      const clients: NIM[] = [];
      for (const name of names) {
        const { nim } = await connectNewAccount(suite.server, name);
        suite.opened.push(nim);
        clients.push(nim);
      }
      const [a, b, c] = clients as [NIM, NIM, NIM];
      const zero = Object.fromEntries(
        suite.server.server.imGateway.syncSources.categories().map((k) => [k, 0]),
      );
      // Each device's timetags after a first sync, before the changes.
      const before = new Map<string, Record<string, number>>();
      for (const name of names) {
        before.set(name, (await syncOf(suite.server, name, zero, true, Date.now())).timetags);
      }

      const next = random(24);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
      const { team } = await a.createTeam({ type: 'normal', name: '探针群', accounts: ['pb'] });
      const actions: (() => Promise<unknown>)[] = [
        () => pick([a, c]).sendText({ scene: 'p2p', to: 'pb', text: `你好 ${next()}` }),
        () => b.sendText({ scene: 'team', to: team.teamId, text: `群消息 ${next()}` }),
        () => a.applyFriend({ account: 'pc', ps: '加个好友' }),
        () => b.addFriend({ account: 'pc' }),
        () => c.markInBlacklist({ account: 'pa', isAdd: next() < 0.7 }),
        () => b.markInMutelist({ account: 'pc', isAdd: true }),
        () => pick(clients).updateMyInfo({ nick: `昵称${Math.floor(next() * 100)}` }),
        () =>
          a.updateDonnop({
            donnop: { open: next() < 0.5, startTime: '22:00', endTime: '07:00' },
          }),
        () => b.addStickTopSession({ id: 'p2p-pa' }),
        async () => {
          const msg = await a.sendText({ scene: 'p2p', to: 'pb', text: '置顶这条' });
          await b.addMsgPin({ msg });
          await b.addQuickComment({ msg, body: 1 });
        },
        () => b.deleteServerSessions({ sessions: [{ scene: 'p2p', to: 'pc' }] }),
      ];
      // Every kind of change once, then a random sequence of them. A refused action (a message
      // from someone blacklisted, a second friend request) changes nothing.
      for (const action of [...actions, ...Array.from({ length: 24 }, () => pick(actions))]) {
        await action().catch(() => undefined);
      }

      const now = Date.now();
      const pushed = new Set<string>();
      for (const name of names) {
        for (const timetags of [zero, before.get(name)!]) {
          const probed = await syncOf(suite.server, name, timetags, true, now);
          const full = await syncOf(suite.server, name, timetags, false, now);
          expect(probed.pushes, `${name} pushes`).toEqual(full.pushes);
          expect(probed.timetags, `${name} timetags`).toEqual(full.timetags);
          for (const [push] of full.pushes) pushed.add(push);
        }
      }
      // The comparison covered every probed category that these changes reach.
      expect([...pushed].sort()).toEqual(
        expect.arrayContaining([
          'syncDonnop',
          'syncFriendUsers',
          'syncFriends',
          'syncMsgPins',
          'syncMyInfo',
          'syncMyTeamMembers',
          'syncOfflineMsgs',
          'syncOfflineSysMsgs',
          'syncQuickComments',
          'syncRelations',
          'syncRoamingMsgs',
          'syncSessions',
          'syncStickTopSessions',
          'syncTeams',
        ]),
      );
    });

    it('answers every probed category of an account with nothing new with one query', async () => {
      const { nim } = await connectNewAccount(suite.server, 'quiet');
      suite.opened.push(nim);
      const sources = suite.server.server.imGateway.syncSources;
      const first = await syncOf(suite.server, 'quiet', {}, true, Date.now());
      const queries: string[] = [];
      const db = suite.server.server.store.db;
      const execute = db.getExecutor().executeQuery.bind(db.getExecutor());
      const executor = db.getExecutor() as { executeQuery: typeof execute };
      executor.executeQuery = (query, ...rest) => {
        queries.push(query.sql);
        return execute(query, ...rest);
      };
      try {
        const again = await syncOf(suite.server, 'quiet', first.timetags, true, Date.now());
        expect(again.pushes).toEqual([]);
      } finally {
        executor.executeQuery = execute;
      }
      // The probes' one query, and the sources that have no probe (deleteMsg's own reads).
      const unprobed: SyncCategory[] = ['deleteMsg'];
      expect(sources.categories()).toEqual(expect.arrayContaining(unprobed));
      expect(queries.filter((q) => q.startsWith('select case when exists'))).toHaveLength(1);
      expect(queries.length).toBeLessThanOrEqual(1 + 4);
    });
  });
});
