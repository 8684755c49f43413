// The SDK's local database (fake-indexeddb in Node, the engine browsers use) against the real
// server: what a recall removes and what a reconnect's sync delivers again. Each "visit" is a new
// instance of the same device, as a page reload is.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ClientMsg, NIM } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });

/** One visit of demo2's page on one device, with its local database. */
const visit = () => suite.client(1, { deviceId: 'b-browser', db: true });
const inDb = async (nim: NIM) =>
  (await nim.getLocalMsgsFromDB({ sessionId: 'p2p-demo1', limit: 1000 })).msgs;

describe('the local database and the server', () => {
  it('never shows a recalled or self-deleted message again, also one older than the working set', async () => {
    const a = await suite.client(0);
    const sent: ClientMsg[] = [];
    for (let i = 0; i < 120; i++)
      sent.push(await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `old ${i}` }));
    const first = await visit(); // the sync stores all 120
    expect(await inDb(first.nim)).toHaveLength(120);
    await suite.leave(first.nim);

    const second = await visit(); // loads the latest 100: the oldest 20 stay in the database
    expect(second.nim.getLocalMsgByIdClient(sent[0]!.idClient)).toBeUndefined();
    await a.nim.deleteMsg({ msg: sent[0]! });
    await second.events.until(() =>
      second.events
        .all<{ idServer: string }>('sysmsg')
        .some((n) => n.idServer === sent[0]!.idServer),
    );
    // Another device of demo2 deletes one for demo2 only: this device hears of it by idServer.
    const phone = await suite.client(1, { deviceId: 'b-phone' });
    await phone.nim.deleteMsgSelf({
      msg: { ...sent[1]!, flow: 'in', sessionId: 'p2p-demo1', target: 'demo1' },
    });
    await second.events.next('deletemsgself');
    const stored = (await inDb(second.nim)).map((m) => m.idServer);
    expect(stored).toHaveLength(118);
    expect(stored).not.toContain(sent[0]!.idServer);
    expect(stored).not.toContain(sent[1]!.idServer);
    await suite.leave(second.nim);

    // A recall while the device is away reaches the database through the next sync.
    await a.nim.deleteMsg({ msg: sent[2]! });
    const third = await visit();
    expect((await inDb(third.nim)).map((m) => m.idServer)).not.toContain(sent[2]!.idServer);
  });

  it("reports messages received live once, though the next visit's sync delivers them again", async () => {
    const first = await visit();
    const a = await suite.client(0);
    const sent: ClientMsg[] = [];
    for (let i = 0; i < 130; i++)
      sent.push(await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `live ${i}` }));
    await first.events.until(() => first.events.all('msg').length === 130);
    await suite.leave(first.nim);

    const second = await visit();
    const reported = second.events
      .all<{ msgs: ClientMsg[] }>('offlinemsgs')
      .flatMap((b) => b.msgs)
      .map((m) => m.idServer);
    expect(reported.filter((id) => sent.some((m) => m.idServer === id))).toEqual([]);
    expect(second.events.all('msg')).toEqual([]);
    const stored = await inDb(second.nim);
    expect(stored).toHaveLength(130);
    expect(new Set(stored.map((m) => m.idClient)).size).toBe(130);
    expect(second.nim.getLocalSession('p2p-demo1')?.unread).toBe(130);
  });
});

describe('what a reload keeps', () => {
  it('finds system messages (stored) and friends (synced again from the start) after a reload', async () => {
    const a = await suite.client(0);
    await a.nim.applyFriend({ account: 'demo2', ps: '加个好友' });
    const b = await suite.client(1, { deviceId: 'b-phone' });
    await b.nim.addFriend({ account: 'demo3' });
    const first = await visit(); // its sync brings them, and its timetags cover them
    expect(first.nim.getLocalSysMsgs().map((m) => m.ps)).toEqual(['加个好友']);
    expect(first.nim.getLocalFriends().map((f) => f.account)).toEqual(['demo3']);
    await suite.leave(first.nim);

    const second = await visit();
    expect(second.nim.getLocalSysMsgs().map((m) => m.ps)).toEqual(['加个好友']);
    expect(second.nim.getLocalFriends().map((f) => f.account)).toEqual(['demo3']);
  });
});

describe('local-message deletes and the server', () => {
  it("a message deleted here (one, a session, all) does not come back with the next visit's sync", async () => {
    const a = await suite.client(0);
    const c = await suite.client(2);
    const offline: ClientMsg[] = [];
    for (let i = 0; i < 3; i++)
      offline.push(await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: `offline ${i}` }));
    const first = await visit(); // the sync brings them
    // And some live, inside the live timetag's margin: the next visit's sync sends those again.
    const live = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'live' });
    const fromC = await c.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'from demo3' });
    await first.events.until(() => first.events.all('msg').length === 2);
    expect(
      first.nim.deleteLocalMsg({ msg: first.nim.getLocalMsgByIdClient(offline[0]!.idClient)! }),
    ).toBe(true);
    await first.nim.deleteLocalMsgs({ scene: 'p2p', to: 'demo1' });
    await first.nim.deleteAllLocalMsgs();
    await suite.leave(first.nim);

    const second = await visit();
    const shown = [
      ...second.events.all<{ msgs: ClientMsg[] }>('offlinemsgs').flatMap((b) => b.msgs),
      ...second.events.all<{ msgs: ClientMsg[] }>('roamingmsgs').flatMap((b) => b.msgs),
      ...second.events.all<ClientMsg>('msg'),
    ].map((m) => m.idServer);
    const deleted = [...offline, live, fromC].map((m) => m.idServer);
    expect(shown.filter((id) => deleted.includes(id))).toEqual([]);
    expect(await inDb(second.nim)).toEqual([]);
    expect(second.nim.getLocalMsgs({ sessionId: 'p2p-demo3' })).toEqual([]);
    // New messages still arrive.
    const next = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'after' });
    await second.events.until(() =>
      second.events.all<ClientMsg>('msg').some((m) => m.idServer === next.idServer),
    );
  });
});
