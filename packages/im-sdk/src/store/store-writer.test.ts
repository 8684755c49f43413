import { describe, expect, it } from 'vitest';
import { TaskQueue } from '../util/task-queue.ts';
import { MemoryStore } from './memory-store.ts';
import type { ChangeBatch } from './persistence.ts';
import { StoreWriter } from './store-writer.ts';
import { msg, session } from './test-data.ts';

/** A memory store whose writer records each batch (as stored: cloned when written). */
function recorded(ready?: Promise<void>) {
  const batches: ChangeBatch[] = [];
  const errors: unknown[] = [];
  const store = new MemoryStore();
  const writer = new StoreWriter(
    new TaskQueue(100),
    async (batch) => void batches.push(structuredClone(batch)),
    (e) => errors.push(e),
    ready,
  );
  store.listen(writer);
  return { store, writer, batches, errors };
}

describe('the store writer', () => {
  it('writes the changes of one turn as one batch, read when written', async () => {
    const { store, writer, batches } = recorded();
    const m = msg('ann', 1);
    store.putMsgs([m, msg('ann', 2)]);
    const s = session('ann', 2);
    store.putSession(s);
    s.unread = 5; // in place after the put
    store.setTimetags({ offlineMsgs: 2 });
    store.updateMsg(m.idClient, { localCustom: 'x' });
    await writer.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.putMsgs).toHaveLength(2);
    expect(batches[0]!.putMsgs[0]!.localCustom).toBe('x');
    expect(batches[0]!.putSessions[0]!.unread).toBe(5);
    expect(batches[0]!.timetags).toEqual({ offlineMsgs: 2 });
  });

  it('keeps only the last word on a record: put then removed is a removal, and back', async () => {
    const { store, writer, batches } = recorded();
    const m = msg('bob', 1);
    store.putMsgs([m]);
    store.removeMsg(m.idClient);
    store.putSession(session('bob', 1));
    store.removeSession('p2p-bob');
    store.putSession(session('cy', 1));
    store.removeSession('p2p-cy');
    store.putSession(session('cy', 2));
    store.clearSession('p2p-dan', 10);
    await writer.flush();
    expect(batches).toEqual([
      {
        clearSessions: [{ sessionId: 'p2p-dan', before: 10 }],
        removeMsgs: [m.idClient],
        removeMsgsByIdServer: [],
        putMsgs: [],
        removeSessions: ['p2p-bob'],
        putSessions: [session('cy', 2)],
      },
    ]);
  });

  it('removes a message memory does not hold: by idClient when known, else by idServer', async () => {
    const { store, writer, batches } = recorded();
    const held = msg('hal', 1);
    store.putMsgs([held]);
    await writer.flush();
    batches.length = 0;
    expect(store.forgetMsg({ idServer: held.idServer!, idClient: held.idClient })).toBe(held);
    expect(store.forgetMsg({ idServer: 'old-1', idClient: 'c-old-1' })).toBeUndefined();
    expect(store.forgetMsg({ idServer: 'old-2' })).toBeUndefined();
    await writer.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.removeMsgs.sort()).toEqual([held.idClient, 'c-old-1'].sort());
    expect(batches[0]!.removeMsgsByIdServer).toEqual(['old-2']);
    expect(store.getMsg(held.idClient)).toBeUndefined();
  });

  it('clears every message first: what was gathered before the clearing goes, what came after stays', async () => {
    const { store, writer, batches } = recorded();
    const before = msg('ida', 1);
    store.putMsgs([before, msg('jo', 2)]);
    store.clearSession('p2p-ida', 5);
    store.removeMsg(before.idClient);
    store.putSession(session('ida', 1));
    expect(store.clearMsgs()).toHaveLength(1);
    const after = msg('jo', 3);
    store.putMsgs([after]);
    await writer.flush();
    expect(batches).toEqual([
      {
        clearAllMsgs: true,
        clearSessions: [],
        removeMsgs: [],
        removeMsgsByIdServer: [],
        putMsgs: [after],
        removeSessions: [],
        putSessions: [session('ida', 1)],
      },
    ]);
    expect(store.allMsgs()).toEqual([after]);
    batches.length = 0;
    store.putMsgs([msg('jo', 4)]);
    await writer.flush();
    expect(batches[0]!.clearAllMsgs).toBeUndefined(); // once only
  });

  it('writes nothing before it is ready, then everything gathered', async () => {
    let open!: () => void;
    const { store, writer, batches } = recorded(new Promise((resolve) => (open = resolve)));
    store.putMsgs([msg('eve', 1)]);
    await new Promise((resolve) => setImmediate(resolve));
    store.putMsgs([msg('eve', 2)]);
    expect(batches).toEqual([]);
    open();
    await new Promise((resolve) => setImmediate(resolve));
    await writer.flush();
    expect(batches.map((b) => b.putMsgs.length)).toEqual([2]);
  });

  it('reports a failed batch and writes the next', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const store = new MemoryStore();
    const writer = new StoreWriter(
      new TaskQueue(1),
      async () => {
        if (++calls === 1) throw new Error('disk full');
      },
      (e) => errors.push(e),
    );
    store.listen(writer);
    store.putMsgs([msg('fay', 1)]);
    await writer.flush();
    store.putMsgs([msg('fay', 2)]);
    await writer.flush();
    expect(calls).toBe(2);
    expect(errors.map(String)).toEqual(['Error: disk full']);
  });

  it('is not told what a database load brings in', async () => {
    const { store, writer, batches } = recorded();
    store.hydrate({
      timetags: { offlineMsgs: 1 },
      sessions: [session('gus', 1)],
      msgs: [msg('gus', 1)],
    });
    await writer.flush();
    expect(batches).toEqual([]);
    expect(store.sessions()).toHaveLength(1);
    expect(store.timetags()).toEqual({ offlineMsgs: 1 });
  });
});
