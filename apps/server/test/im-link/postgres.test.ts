// The messaging paths on PostgreSQL: the same behaviour as on SQLite (ordering, deduplication,
// offline sync, unread counts, recall), through the real SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NIM, ClientMsg } from '@morsel/im-sdk';
import {
  checkPostgres,
  createPostgresDatabase,
  startTestServer,
  type TestServer,
} from '../harness/index.ts';
import { connectClient } from './clients.ts';

describe.runIf(await checkPostgres())('messaging on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: TestServer;
  const opened: NIM[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    server = await startTestServer({ databaseUrl: database.url, imCommandsPerSecond: 10_000 });
  });
  afterAll(async () => {
    await Promise.all(opened.map((nim) => nim.destroy()));
    await server?.stop();
    await database?.drop();
  });

  it('orders, deduplicates, syncs offline messages with unread counts, pages history and recalls', async () => {
    const a = await connectClient(server, 0);
    opened.push(a.nim);
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `pg ${i}` }),
      ),
    );
    const again = await a.nim.sendCmd('sendMsg', {
      msg: {
        scene: 'p2p',
        to: 'demo2',
        type: 0,
        text: 'pg 0',
        idClient: sent[0]!.idClient,
        resend: true,
      },
    });
    expect(again.msg.idServer).toBe(sent[0]!.idServer);
    const seqs = sent.map((m) => m.seq!).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => seqs[0]! + i));
    expect(new Set(sent.map((m) => m.time)).size).toBe(40);

    const b = await connectClient(server, 1);
    opened.push(b.nim);
    const delivered = [
      ...b.events.all<{ msgs: ClientMsg[] }>('roamingmsgs'),
      ...b.events.all<{ msgs: ClientMsg[] }>('offlinemsgs'),
    ].flatMap((x) => x.msgs);
    expect(delivered.map((m) => m.idServer).sort()).toEqual(sent.map((m) => m.idServer).sort());
    expect(b.nim.getLocalSession('p2p-demo1')?.unread).toBe(40);

    const { msgs } = await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 25 });
    expect(msgs).toHaveLength(25);
    const latest = sent.reduce((x, y) => (x.time > y.time ? x : y));
    await a.nim.deleteMsg({ msg: latest });
    await b.events.until(() => b.events.all('sysmsg').length === 1);
    const { session } = await b.nim.getServerSession({ sessionId: 'p2p-demo1' });
    expect(session?.unread).toBe(39);
    expect(session?.lastMsg?.idServer).not.toBe(latest.idServer);
  });
});
