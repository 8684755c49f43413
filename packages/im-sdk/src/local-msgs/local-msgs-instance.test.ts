// NIM's local-message calls on an instance without a server: saveMsgsToLocal, updateLocalMsg,
// deleteLocalMsg, deleteLocalMsgs, deleteAllLocalMsgs and deleteLocalSession change memory at
// once and, with the database on, persist through IndexedDB (fake-indexeddb here) to the next
// instance, also for messages older than the working set that memory never loaded.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { NIM } from '../nim.ts';
import { serverlessInstances } from '../test-instances.ts';
import type { MsgToSave } from './local-msgs-manager.ts';

let seq = 0;
const { instance, leave } = serverlessInstances();

/** Ends this visit (pending writes land) and opens the next one of the same app and account. */
async function revisit(nim: NIM, appKey: string): Promise<NIM> {
  await leave(nim);
  const next = instance(appKey, { db: true });
  await next.getLocalMsgsFromDB({ sessionId: 'p2p-none' }); // waits for the load
  return next;
}

const freshApp = () => `local${++seq}-${process.pid}`;
const texts = (msgs: { text?: string }[]) => msgs.map((m) => m.text);

let n = 0;
function incoming(from: string, time: number, text: string): MsgToSave {
  return { scene: 'p2p', from, to: 'shop1', type: 0, text, idClient: `saved${++n}-${seq}`, time };
}

/** Local messages to `to`, one a millisecond, so their order is their time order everywhere. */
async function localTexts(nim: NIM, to: string, count: number) {
  for (let i = 0; i < count; i++) {
    const sent = await nim.sendText({ scene: 'p2p', to, text: `${to} ${i}`, isLocal: true });
    while (Date.now() <= sent.time) await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The second visit of a fresh app whose first visit kept `counts[to]` local messages to each `to`. */
async function secondVisit(
  counts: Record<string, number>,
): Promise<{ appKey: string; second: NIM }> {
  const appKey = freshApp();
  const first = instance(appKey, { db: true });
  for (const [to, count] of Object.entries(counts)) await localTexts(first, to, count);
  return { appKey, second: await revisit(first, appKey) };
}

describe('local messages', () => {
  it('saveMsgsToLocal stores messages in their sessions (no unread) and the next visit has them', async () => {
    const appKey = freshApp();
    const first = instance(appKey, { db: true });
    const a = incoming('ann', 1000, 'hello');
    const b = incoming('ann', 2000, 'again');
    const saved = await first.saveMsgsToLocal({
      msgs: [a, b, { ...incoming('shop1', 1500, 'mine'), to: 'bob' }],
    });
    expect(saved.map((m) => [m.sessionId, m.flow, m.status])).toEqual([
      ['p2p-ann', 'in', 'success'],
      ['p2p-ann', 'in', 'success'],
      ['p2p-bob', 'out', 'success'],
    ]);
    expect(texts(first.getLocalMsgs({ sessionId: 'p2p-ann' }))).toEqual(['again', 'hello']);
    expect(first.getLocalSession('p2p-ann')).toMatchObject({
      unread: 0,
      lastMsg: { text: 'again' },
    });
    // Saving a held message again takes the new fields; it is still stored once.
    await first.saveMsgsToLocal({ msgs: [{ ...a, text: 'hello (edited)' }] });
    expect(texts(first.getLocalMsgs({ sessionId: 'p2p-ann' }))).toEqual([
      'again',
      'hello (edited)',
    ]);

    const second = await revisit(first, appKey);
    expect(texts(second.getLocalMsgs({ sessionId: 'p2p-ann' }))).toEqual([
      'again',
      'hello (edited)',
    ]);
    expect(texts(second.getLocalMsgs({ sessionId: 'p2p-bob' }))).toEqual(['mine']);
    expect(second.getLocalSession('p2p-ann')?.lastMsg?.text).toBe('again');
  });

  it('saveMsgsToLocal refuses what is not a message', async () => {
    const nim = instance(freshApp());
    await expect(nim.saveMsgsToLocal({ msgs: [] })).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(
      nim.saveMsgsToLocal({ msgs: [{ ...incoming('ann', 1, 'x'), idClient: '' }] }),
    ).rejects.toMatchObject({ code: 'Param_Error', message: 'a message needs its idClient' });
    await expect(
      nim.saveMsgsToLocal({ msgs: [{ ...incoming('ann', 1, 'x'), scene: 'room' as 'p2p' }] }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    const viaDone = await new Promise(
      (resolve) => void nim.saveMsgsToLocal({ msgs: [], done: (error) => resolve(error) }),
    );
    expect(viaDone).toMatchObject({ code: 'Param_Error' });
    expect(nim.getLocalSessions()).toEqual([]);
  });

  it("updateLocalMsg changes localCustom, also of the session's last message, and it persists", async () => {
    const appKey = freshApp();
    const first = instance(appKey, { db: true });
    await localTexts(first, 'buyer', 2);
    const [latest, older] = first.getLocalMsgs({ sessionId: 'p2p-buyer' });
    expect(
      (await first.updateLocalMsg({ idClient: older!.idClient, localCustom: 'starred' }))
        .localCustom,
    ).toBe('starred');
    await first.updateLocalMsg({ idClient: latest!.idClient, localCustom: '{"pinned":true}' });
    await expect(
      first.updateLocalMsg({ idClient: 'nobody', localCustom: 'x' }),
    ).rejects.toMatchObject({ code: 'Param_Error' });

    const second = await revisit(first, appKey);
    expect(second.getLocalMsgByIdClient(older!.idClient)?.localCustom).toBe('starred');
    expect(second.getLocalSession('p2p-buyer')?.lastMsg?.localCustom).toBe('{"pinned":true}');
  });

  it('deleteLocalMsg removes one message, the session shows the one before, and it persists', async () => {
    const appKey = freshApp();
    const first = instance(appKey, { db: true });
    await localTexts(first, 'buyer', 3);
    const [latest] = first.getLocalMsgs({ sessionId: 'p2p-buyer' });
    expect(first.deleteLocalMsg({ msg: latest! })).toBe(true);
    expect(first.deleteLocalMsg({ msg: latest! })).toBe(false); // gone already
    expect(first.getLocalSession('p2p-buyer')?.lastMsg?.text).toBe('buyer 1');

    const second = await revisit(first, appKey);
    expect(texts(second.getLocalMsgs({ sessionId: 'p2p-buyer' }))).toEqual(['buyer 1', 'buyer 0']);
    expect((await second.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' })).msgs).toHaveLength(2);
    expect(second.getLocalSession('p2p-buyer')?.lastMsg?.text).toBe('buyer 1');
  });

  it('deleteLocalMsgs empties one session, also of messages the working set never loaded', async () => {
    const { appKey, second } = await secondVisit({ buyer: 105, other: 2 });
    expect(second.getLocalMsgs({ sessionId: 'p2p-buyer', limit: 1000 })).toHaveLength(100); // the working set

    await second.deleteLocalMsgs({ scene: 'p2p', to: 'buyer' });
    expect(second.getLocalMsgs({ sessionId: 'p2p-buyer' })).toEqual([]);
    expect(second.getLocalSession('p2p-buyer')).toMatchObject({ unread: 0 });
    expect(second.getLocalSession('p2p-buyer')?.lastMsg).toBeUndefined();
    await expect(
      second.deleteLocalMsgs({ scene: 'room' as 'p2p', to: 'buyer' }),
    ).rejects.toMatchObject({ code: 'Param_Error' });

    const third = await revisit(second, appKey);
    expect((await third.getLocalMsgsFromDB({ sessionId: 'p2p-buyer', limit: 200 })).msgs).toEqual(
      [],
    );
    expect(texts((await third.getLocalMsgsFromDB({ sessionId: 'p2p-other' })).msgs)).toEqual([
      'other 1',
      'other 0',
    ]);
    expect(third.getLocalSession('p2p-buyer')?.lastMsg).toBeUndefined();
  });

  it('deleteAllLocalMsgs empties every session on this device and in the database; sessions stay', async () => {
    const { appKey, second } = await secondVisit({ buyer: 103, other: 1 });

    await second.deleteAllLocalMsgs();
    // A message saved right after the clearing (same turn) is kept: it came after.
    const after = await second.saveMsgsToLocal({
      msgs: [incoming('other', Date.now() + 1000, 'after the clearing')],
    });
    expect(second.getLocalMsgs({ sessionId: 'p2p-buyer' })).toEqual([]);
    expect(texts(second.getLocalMsgs({ sessionId: 'p2p-other' }))).toEqual(['after the clearing']);
    expect(second.getLocalSession('p2p-buyer')?.lastMsg).toBeUndefined();

    const third = await revisit(second, appKey);
    expect((await third.getLocalMsgsFromDB({ sessionId: 'p2p-buyer', limit: 200 })).msgs).toEqual(
      [],
    );
    expect(
      (await third.getLocalMsgsFromDB({ sessionId: 'p2p-other' })).msgs.map((m) => m.idClient),
    ).toEqual([after[0]!.idClient]);
    expect(
      third
        .getLocalSessions()
        .map((s) => s.id)
        .sort(),
    ).toEqual(['p2p-buyer', 'p2p-other']);
    expect(third.getLocalSession('p2p-buyer')?.lastMsg).toBeUndefined();
  });

  it('deleteLocalSession removes the session here and in the database; its messages stay', async () => {
    const appKey = freshApp();
    const first = instance(appKey, { db: true });
    await localTexts(first, 'buyer', 2);
    await localTexts(first, 'other', 1);
    expect(first.deleteLocalSession({ id: 'p2p-buyer' })).toBe(true);
    expect(first.deleteLocalSession({ id: 'p2p-buyer' })).toBe(false);
    expect(first.getLocalSessions().map((s) => s.id)).toEqual(['p2p-other']);

    const second = await revisit(first, appKey);
    expect(second.getLocalSessions().map((s) => s.id)).toEqual(['p2p-other']);
    expect(texts((await second.getLocalMsgsFromDB({ sessionId: 'p2p-buyer' })).msgs)).toEqual([
      'buyer 1',
      'buyer 0',
    ]);
  });

  it('works from memory alone with the database off', async () => {
    const nim = instance(freshApp());
    await nim.saveMsgsToLocal({
      msgs: [
        incoming('ann', 1000, 'one'),
        incoming('ann', 2000, 'two'),
        incoming('bob', 1500, 'three'),
      ],
    });
    const [two] = nim.getLocalMsgs({ sessionId: 'p2p-ann' });
    await nim.updateLocalMsg({ idClient: two!.idClient, localCustom: 'x' });
    expect(nim.getLocalMsgByIdClient(two!.idClient)?.localCustom).toBe('x');
    await nim.deleteLocalMsgs({ scene: 'p2p', to: 'ann' });
    expect(nim.getLocalMsgs({ sessionId: 'p2p-ann' })).toEqual([]);
    expect(texts(nim.getLocalMsgs({ sessionId: 'p2p-bob' }))).toEqual(['three']);
    await nim.deleteAllLocalMsgs();
    expect(nim.getLocalMsgs({ sessionId: 'p2p-bob' })).toEqual([]);
    expect(
      nim
        .getLocalSessions()
        .map((s) => s.id)
        .sort(),
    ).toEqual(['p2p-ann', 'p2p-bob']);
  });
});
