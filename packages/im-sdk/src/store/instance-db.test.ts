// The instance with its local database (fake-indexeddb in Node), without a server: what one
// instance keeps, the next instance of the account shows; with the database off, nothing is kept.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { serverlessInstances } from '../test-instances.ts';

let seq = 0;
const { instance, leave } = serverlessInstances();

describe('an instance and its local database', () => {
  it("shows the last visit's local messages and sessions, and pages older ones from the database", async () => {
    const appKey = `inst${++seq}-${process.pid}`;
    const first = instance(appKey, { db: true });
    await first.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' }); // waits for the load
    for (let i = 0; i < 120; i++)
      await first.sendText({ scene: 'p2p', to: 'buyer', text: `备忘 ${i}`, isLocal: true });
    await leave(first);

    const second = instance(appKey, { db: true });
    const older = await second.getLocalMsgsFromDB({ sessionId: 'p2p-buyer', limit: 120 });
    expect(older.msgs).toHaveLength(120);
    expect(new Set(older.msgs.map((m) => m.text))).toEqual(
      new Set(Array.from({ length: 120 }, (_, i) => `备忘 ${i}`)),
    );
    const times = older.msgs.map((m) => m.time);
    expect(times).toEqual([...times].sort((a, b) => b - a)); // newest first
    const session = second.getLocalSession('p2p-buyer');
    expect(session?.lastMsg?.text).toBe('备忘 119');
    await expect(
      second.getLocalMsgsFromDB({ sessionId: 'p2p-buyer', limit: 0 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await second.clearDB();
    await leave(second);

    const third = instance(appKey, { db: true });
    expect((await third.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' })).msgs).toEqual([]);
    expect(third.getLocalSessions()).toEqual([]);
  });

  it('loads the working set before connecting: the latest 100 messages of a session', async () => {
    const appKey = `inst${++seq}-${process.pid}`;
    const first = instance(appKey, { db: true });
    await first.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' });
    for (let i = 0; i < 105; i++)
      await first.sendText({ scene: 'p2p', to: 'buyer', text: `m${i}`, isLocal: true });
    await leave(first);

    const errors: unknown[] = [];
    const second = instance(appKey, {
      db: true,
      onerror: (e) => errors.push(e),
      reconnectionAttempts: 0,
    });
    await second.connect().catch(() => {}); // nobody listens there: the load still happened first
    expect(second.getLocalMsgs({ sessionId: 'p2p-buyer', limit: 1000 })).toHaveLength(100);
    expect(errors.filter((e) => (e as { code?: unknown }).code === 'DB')).toEqual([]);
  });

  it('keeps nothing with db off (the default in Node): reads are empty, clearDB is NO_DB', async () => {
    const appKey = `inst${++seq}-${process.pid}`;
    const first = instance(appKey);
    await first.sendText({ scene: 'p2p', to: 'buyer', text: 'hi', isLocal: true });
    expect(first.getLocalMsgs({ sessionId: 'p2p-buyer' })).toHaveLength(1); // memory still works
    expect(await first.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' })).toEqual({ msgs: [] });
    await expect(first.clearDB()).rejects.toMatchObject({ code: 'NO_DB', message: 'no db' });
    const viaDone = await new Promise(
      (resolve) => void first.clearDB({ done: (error) => resolve(error) }),
    );
    expect(viaDone).toMatchObject({ code: 'NO_DB' });
    await leave(first);
    const second = instance(appKey);
    await second.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' });
    expect(second.getLocalSessions()).toEqual([]);
  });
});
