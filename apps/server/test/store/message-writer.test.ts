// The send path's batched writes on both engines: what one turn's messages become when they share
// a transaction (positions, sessions, duplicates), checked in the tables themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.ts';
import { insertMessage, type StoredBody } from '../../src/im/messaging/index.ts';
import type { NewMessage } from '../../src/im/messaging/message-store.ts';
import { createPostgresDatabase, forEachEngine } from '../harness/index.ts';

const APP = 'writerApp01';
const NOW = 1_767_225_600_000;

const device = { fromNick: '', fromClientType: 16, fromDeviceId: 'device-1' } as const;
const body = (from: string, to: string, idClient: string): StoredBody => ({
  scene: 'p2p',
  to,
  type: 0,
  text: idClient,
  idClient,
  from,
  ...device,
});
const convOf = (a: string, b: string) => (a < b ? `p2p:${a}|${b}` : `p2p:${b}|${a}`);

/** A one-to-one message from `from` to `to` as the send path writes it. */
function p2p(from: string, to: string, idClient: string, now = NOW, sessions = true): NewMessage {
  return {
    appKey: APP,
    convKey: convOf(from, to),
    body: body(from, to, idClient),
    now,
    ...(sessions && {
      sessions: {
        scene: 'p2p' as const,
        refs: [
          { accid: from, sessionId: `p2p-${to}`, peer: to },
          { accid: to, sessionId: `p2p-${from}`, peer: from },
        ],
      },
    }),
  };
}

function writerSuite(
  engine: string,
  open: () => Promise<{ store: Store; dispose(): Promise<void> }>,
) {
  describe(`message writer on ${engine}`, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ store, dispose } = await open());
    });
    afterAll(async () => {
      await store?.close();
      await dispose?.();
    });

    const session = (accid: string, sessionId: string) =>
      store.db
        .selectFrom('im_sessions')
        .selectAll()
        .where('app_key', '=', APP)
        .where('accid', '=', accid)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();

    it('gives the messages of one turn consecutive seqs and strictly later times per conversation', async () => {
      // Sent in one turn: they share a batch. Two conversations interleaved, one clock reading.
      const sends = Array.from({ length: 12 }, (_, i) =>
        i % 3 === 2 ? p2p('carol', 'dave', `cd-${i}`) : p2p('alice', 'bob', `ab-${i}`),
      );
      const stored = await Promise.all(sends.map((m) => insertMessage(store.db, m)));
      const ab = stored.filter((s) => s.msg.from === 'alice');
      const cd = stored.filter((s) => s.msg.from === 'carol');
      expect(ab.map((s) => s.msg.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(cd.map((s) => s.msg.seq)).toEqual([1, 2, 3, 4]);
      for (const list of [ab, cd]) {
        for (let i = 1; i < list.length; i++)
          expect(list[i]!.msg.time).toBeGreaterThan(list[i - 1]!.msg.time);
        // The last of the batch takes the clock; the ones before it the milliseconds before.
        expect(list.at(-1)!.msg.time).toBe(NOW);
      }
      expect(new Set(stored.map((s) => s.msg.idServer)).size).toBe(12);
      expect(stored.every((s) => !s.duplicate)).toBe(true);
      // What was answered is what is stored.
      const rows = await store.db
        .selectFrom('im_messages')
        .select(['id', 'seq', 'time', 'id_client'])
        .where('app_key', '=', APP)
        .execute();
      for (const s of stored)
        expect(rows).toContainEqual({
          id: s.id,
          seq: s.msg.seq,
          time: s.msg.time,
          id_client: s.msg.idClient,
        });

      // The next turn continues after them, even with a clock that went back.
      const [next] = await Promise.all([
        insertMessage(store.db, p2p('bob', 'alice', 'ba-0', NOW - 60_000)),
      ]);
      expect(next!.msg).toMatchObject({ seq: 9, time: NOW + 1 });
    });

    it('moves each touched session to its last message once, the sender having read it', async () => {
      const stored = await Promise.all(
        [
          p2p('erin', 'frank', 'ef-1'),
          p2p('frank', 'erin', 'fe-1'),
          p2p('erin', 'frank', 'ef-2'),
        ].map((m) => insertMessage(store.db, m)),
      );
      const last = stored[2]!;
      const erin = await session('erin', 'p2p-frank');
      const frank = await session('frank', 'p2p-erin');
      expect(erin).toMatchObject({
        last_msg_id: last.id,
        ack: last.msg.time,
        updated_at: last.msg.time,
        deleted: 0,
        conv_key: convOf('erin', 'frank'),
      });
      // Frank's ack is his own message's time, not the later one he has not read.
      expect(frank).toMatchObject({
        last_msg_id: last.id,
        ack: stored[1]!.msg.time,
        updated_at: last.msg.time,
      });

      // A deleted session comes back with the next message; an ack never moves back.
      await store.db
        .updateTable('im_sessions')
        .set({ deleted: 1, ack: NOW + 1_000_000 })
        .where('app_key', '=', APP)
        .where('accid', '=', 'frank')
        .execute();
      const again = await insertMessage(store.db, p2p('frank', 'erin', 'fe-2'));
      expect(await session('frank', 'p2p-erin')).toMatchObject({
        deleted: 0,
        ack: NOW + 1_000_000,
        last_msg_id: again.id,
      });
    });

    it('answers a repeated idClient with the stored message, in the same turn or a later one', async () => {
      const [first, twin, other] = await Promise.all([
        insertMessage(store.db, p2p('gina', 'hal', 'dup-1')),
        insertMessage(store.db, p2p('gina', 'hal', 'dup-1')),
        insertMessage(store.db, p2p('gina', 'hal', 'dup-2')),
      ]);
      expect(first!.duplicate).toBe(false);
      expect(twin).toMatchObject({ duplicate: true, id: first!.id });
      expect(twin!.msg).toEqual(first!.msg);
      expect(other).toMatchObject({ duplicate: false });
      const later = await insertMessage(store.db, p2p('gina', 'hal', 'dup-2'));
      expect(later).toMatchObject({ duplicate: true, id: other!.id });
      const rows = await store.db
        .selectFrom('im_messages')
        .select('seq')
        .where('app_key', '=', APP)
        .where('from_accid', '=', 'gina')
        .orderBy('seq')
        .execute();
      // No sequence number was spent on a duplicate.
      expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    });

    it('writes no session for a message that asks not to update sessions', async () => {
      await insertMessage(store.db, p2p('ivan', 'judy', 'quiet-1', NOW, false));
      expect(await session('ivan', 'p2p-judy')).toBeUndefined();
      expect(await session('judy', 'p2p-ivan')).toBeUndefined();
    });

    it('stores a turn of 600 messages (more than one batch, team-sized session lists)', async () => {
      const team = Array.from({ length: 600 }, (_, i) => `member${i}`);
      const sends: NewMessage[] = team.map((accid, i) => ({
        appKey: APP,
        convKey: 'team:1',
        body: {
          scene: 'team',
          to: '1',
          type: 0,
          text: `t${i}`,
          idClient: `team-${i}`,
          from: accid,
          ...device,
        },
        now: NOW,
        sessions: {
          scene: 'team',
          refs: team.map((member) => ({ accid: member, sessionId: 'team-1', peer: '1' })),
        },
      }));
      const stored = await Promise.all(sends.map((m) => insertMessage(store.db, m)));
      expect(stored.map((s) => s.msg.seq)).toEqual(team.map((_, i) => i + 1));
      const sessions = await store.db
        .selectFrom('im_sessions')
        .select(['accid', 'last_msg_id', 'ack'])
        .where('app_key', '=', APP)
        .where('session_id', '=', 'team-1')
        .execute();
      expect(sessions).toHaveLength(600);
      expect(sessions.every((s) => s.last_msg_id === stored.at(-1)!.id)).toBe(true);
      // Each member read up to its own message.
      expect(sessions.find((s) => s.accid === 'member7')!.ack).toBe(stored[7]!.msg.time);
    });
  });
}

await forEachEngine((engine) => {
  writerSuite(engine.name, async () => {
    const fresh = await engine.freshStore();
    return { store: await fresh.open(), dispose: fresh.dispose };
  });

  // Several processes share a database only on PostgreSQL (SQLite is one process's file).
  if (engine.name === 'postgres')
    describe('message writer: two processes on one PostgreSQL database', () => {
      it('never hands out a seq twice or skips one when both write to the same conversations', async () => {
        const database = await createPostgresDatabase();
        // Two stores are two gateway processes as far as the database can tell: separate pools.
        const one = await openStore({ databaseUrl: database.url });
        const two = await openStore({ databaseUrl: database.url });
        try {
          const pairs = [
            ['ann', 'ben'],
            ['cat', 'dan'],
            ['eve', 'fay'],
            ['gus', 'hal'],
            ['ida', 'jon'],
          ] as const;
          // Each turn both write a message to every conversation, in opposite orders, so their
          // batches would lock the same rows in different orders if rows were not sorted.
          for (let turn = 0; turn < 20; turn++) {
            await Promise.all([
              ...pairs.map(([a, b]) => insertMessage(one.db, p2p(a, b, `one-${turn}-${a}`))),
              ...[...pairs]
                .reverse()
                .map(([a, b]) => insertMessage(two.db, p2p(b, a, `two-${turn}-${b}`))),
            ]);
          }
          for (const [a, b] of pairs) {
            const rows = await one.db
              .selectFrom('im_messages')
              .select(['seq', 'time'])
              .where('app_key', '=', APP)
              .where('conv_key', '=', convOf(a, b))
              .orderBy('seq')
              .execute();
            expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
            for (let i = 1; i < rows.length; i++)
              expect(rows[i]!.time).toBeGreaterThan(rows[i - 1]!.time);
            // Both sessions point at the conversation's last message.
            const last = await one.db
              .selectFrom('im_messages')
              .select('id')
              .where('conv_key', '=', convOf(a, b))
              .where('seq', '=', 40)
              .executeTakeFirstOrThrow();
            const sessions = await one.db
              .selectFrom('im_sessions')
              .select('last_msg_id')
              .where('app_key', '=', APP)
              .where('conv_key', '=', convOf(a, b))
              .execute();
            expect(sessions).toEqual([{ last_msg_id: last.id }, { last_msg_id: last.id }]);
          }
        } finally {
          await one.close();
          await two.close();
          await database.drop();
        }
      });
    });
});
