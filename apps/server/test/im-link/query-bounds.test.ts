// What bounds the expensive queries (security review M7), on SQLite and PostgreSQL: thread
// replies found through the indexed thread_root column, keyword search limited by time and by
// the rows it reads, and PostgreSQL's statement timeout cancelling a slow statement.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import { isStatementTimeout } from '../../src/store/index.ts';
import { fillThreadRoots } from '../../src/store/migrations/0018_im_thread_root.ts';
import { forEachEngine } from '../harness/index.ts';
import { imSuite } from './suite.ts';

const DAY = 86_400_000;

await forEachEngine(({ name: engine }) => {
  describe('query bounds', () => {
    const suite = imSuite({
      fresh: 'all',
      engine,
      config: { imSearchMaxScanRows: 5, imSearchWindowDays: 30, dbStatementTimeoutMs: 300 },
    });
    const db = () => suite.server.server.store.db;
    const text = (msg: ClientMsg | undefined) => msg?.text;

    it('thread replies are found through the thread_root column, filled on insert and by the migration', async () => {
      const a = await suite.client(0);
      const b = await suite.client(1);
      const root = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '主题' });
      const ref = {
        from: root.from,
        to: root.to,
        time: root.time,
        idServer: root.idServer!,
        idClient: root.idClient,
      };
      const reply = await b.nim.sendText({
        scene: 'p2p',
        to: 'demo1',
        text: '回复',
        threadMsg: ref,
      });
      const stored = await db()
        .selectFrom('im_messages')
        .select('thread_root')
        .where('id', '=', Number(reply.idServer))
        .executeTakeFirstOrThrow();
      expect(Number(stored.thread_root)).toBe(Number(root.idServer));
      expect((await a.nim.getThreadMsgs({ threadMsg: root })).msgs.map(text)).toEqual(['回复']);

      // Without the column the reply is no longer found, though its body still names the root:
      // the query reads the column, not the JSON.
      await db()
        .updateTable('im_messages')
        .set({ thread_root: null })
        .where('id', '=', Number(reply.idServer))
        .execute();
      expect((await a.nim.getThreadMsgs({ threadMsg: root })).msgs).toEqual([]);
      // The migration's backfill sets it again from the body.
      await fillThreadRoots(db() as never);
      expect((await a.nim.getThreadMsgs({ threadMsg: root })).msgs.map(text)).toEqual(['回复']);
    });

    it('keyword search reads at most imSearchMaxScanRows messages, from where it starts', async () => {
      const a = await suite.client(0);
      const sent: ClientMsg[] = [];
      for (let i = 1; i <= 8; i++)
        sent.push(await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: `找我 ${i}` }));
      const newest = await a.nim.searchHistoryMsgs({ scene: 'p2p', to: 'demo3', keyword: '找我' });
      expect(newest.msgs.map(text)).toEqual(['找我 8', '找我 7', '找我 6', '找我 5', '找我 4']);
      const oldest = await a.nim.searchHistoryMsgs({
        scene: 'p2p',
        to: 'demo3',
        keyword: '找我',
        reverse: true,
      });
      expect(oldest.msgs.map(text)).toEqual(['找我 1', '找我 2', '找我 3', '找我 4', '找我 5']);
      // Plain history is not bounded so.
      expect(
        (await a.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo3', limit: 100 })).msgs,
      ).toHaveLength(8);
    });

    it('keyword search reaches back at most imSearchWindowDays, whatever beginTime asks', async () => {
      const a = await suite.client(1);
      const old = await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: '旧消息 关键字' });
      await a.nim.sendText({ scene: 'p2p', to: 'demo3', text: '新消息 关键字' });
      await db()
        .updateTable('im_messages')
        .set({ time: old.time - 40 * DAY })
        .where('id', '=', Number(old.idServer))
        .execute();
      const found = await a.nim.searchHistoryMsgs({
        scene: 'p2p',
        to: 'demo3',
        keyword: '关键字',
        beginTime: 1,
      });
      expect(found.msgs.map(text)).toEqual(['新消息 关键字']);
      const history = await a.nim.getHistoryMsgs({
        scene: 'p2p',
        to: 'demo3',
        beginTime: 1,
        limit: 100,
      });
      expect(history.msgs.map(text)).toContain('旧消息 关键字');
    });

    // PostgreSQL only: SQLite has no statement time-out (its scans are bounded instead).
    if (engine === 'postgres')
      it('PostgreSQL cancels a statement past dbStatementTimeoutMs with a recognisable error', async () => {
        const error = await sql`select pg_sleep(5)`.execute(db()).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isStatementTimeout(error)).toBe(true);
        // The connection went back to the pool in working order.
        expect((await sql<{ one: number }>`select 1 as one`.execute(db())).rows).toEqual([
          { one: 1 },
        ]);
      });
  });
});
