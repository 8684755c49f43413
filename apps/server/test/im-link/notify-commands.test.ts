// The commands that answered Not_Support before: batchMarkRead, deleteSessions, sendFilterMsg
// (refused on purpose), updatePushToken and updateDonnop, with real SDK clients.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { DonnopSettings, SysMsg } from '@morsel/protocol';
import { imSuite } from './suite.ts';
import { connectNewAccount } from './clients.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;
const received = (events: { all<T>(name: string): T[] }) => events.all<ClientMsg>('msg');

describe('batchMarkRead', () => {
  it('reads messages up to the newest one marked, on every device of the account', async () => {
    const a = await client(0);
    const b1 = await client(1, { deviceId: 'b-phone' });
    const b2 = await client(1, { deviceId: 'b-tab' });
    for (const text of ['one', 'two', 'three'])
      await a.nim.sendText({ scene: 'p2p', to: 'demo2', text });
    await b1.events.until(() => received(b1.events).length === 3);
    await b2.events.until(() => b2.nim.getLocalSession('p2p-demo1')?.unread === 3);
    const [, second] = received(b1.events);

    await b1.nim.markMsgsRead({ msgs: [second!] });
    expect(b1.nim.getLocalSession('p2p-demo1')?.unread).toBe(1);
    await b2.events.until(() => b2.nim.getLocalSession('p2p-demo1')?.unread === 1);
    expect((await b1.nim.getServerSession({ sessionId: 'p2p-demo1' })).session).toMatchObject({
      unread: 1,
      ack: second!.time,
    });
    const b3 = await client(1, { deviceId: 'b-new' });
    expect(b3.nim.getLocalSession('p2p-demo1')?.unread).toBe(1);

    // An older mark changes nothing: the ack only moves forward.
    const [first] = received(b1.events);
    await b1.nim.sendCmd('batchMarkRead', { sid: 7, cid: 2, ids: [first!.idServer!] });
    expect((await b1.nim.getServerSession({ sessionId: 'p2p-demo1' })).session?.unread).toBe(1);
  });

  it("skips messages that are not the account's to read, and refuses what names nothing", async () => {
    const a = await client(0);
    const c = await client(2);
    const mine = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'not for demo3' });
    await c.nim.sendCmd('batchMarkRead', { sid: 4, cid: 4, ids: [mine.idServer!, '999999999'] }); // skipped, no error
    await a.nim.sendCmd('batchMarkRead', { sid: 7, cid: 2, ids: [mine.idServer!] }); // my own: read already
    await expect(
      a.nim.sendCmd('batchMarkRead', { sid: 8, cid: 99, ids: ['1'] }),
    ).rejects.toMatchObject({
      code: 414,
      message: 'batchMarkRead: 8:99 names no messages or system messages',
    });
    await expect(a.nim.sendCmd('batchMarkRead', { sid: 7, cid: 2, ids: [] })).rejects.toMatchObject(
      { code: 414 },
    );
    await expect(a.nim.markMsgsRead({ msgs: [mine] })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'msgs must hold 1 to 100 received messages',
    });
    await expect(a.nim.markMsgsRead({ msgs: [] })).rejects.toMatchObject({ code: 'Param_Error' });
  });

  it('marks system messages read by id, and the other devices learn it', async () => {
    const a = await client(0);
    const b1 = await client(1, { deviceId: 'b-phone' });
    const b2 = await client(1, { deviceId: 'b-tab' });
    await a.nim.applyFriend({ account: 'demo2', ps: '加个好友' });
    const apply = await b1.events.next<SysMsg>('sysmsg');
    await b2.events.next('sysmsg');
    await b1.nim.sendCmd('batchMarkRead', { sid: 7, cid: 3, ids: [apply.idServer] });
    await b2.events.until(() => b2.nim.sysMsgUnread().total === 0);
    const b3 = await client(1, { deviceId: 'b-new' });
    expect(b3.nim.getLocalSysMsgs().find((m) => m.idServer === apply.idServer)?.read).toBe(true);
  });
});

describe('deleteSessions', () => {
  it('deletes sessions on the server and on every device; a new message brings one back, only it unread', async () => {
    const a1 = await client(0, { deviceId: 'a-phone' });
    const a2 = await client(0, { deviceId: 'a-tab' });
    const b = await client(1);
    for (let i = 0; i < 3; i++)
      await b.nim.sendText({ scene: 'p2p', to: 'demo1', text: `old ${i}` });
    await a2.events.until(() => a2.nim.getLocalSession('p2p-demo2')?.unread === 3);

    await a1.nim.deleteSession({ scene: 'p2p', to: 'demo2' });
    expect(a1.nim.getLocalSession('p2p-demo2')).toBeUndefined();
    expect(await a2.events.next('deletesessions')).toEqual(['p2p-demo2']);
    expect(a2.nim.getLocalSession('p2p-demo2')).toBeUndefined();
    expect((await a1.nim.getServerSessions({})).sessions.map((s) => s.id)).not.toContain(
      'p2p-demo2',
    );
    const a3 = await client(0, { deviceId: 'a-new' });
    expect(a3.nim.getLocalSession('p2p-demo2')).toBeUndefined();

    await b.nim.sendText({ scene: 'p2p', to: 'demo1', text: 'back again' });
    await a1.events.until(
      () => a1.nim.getLocalSession('p2p-demo2')?.lastMsg?.text === 'back again',
    );
    expect(a1.nim.getLocalSession('p2p-demo2')?.unread).toBe(1);
    expect((await a1.nim.getServerSession({ sessionId: 'p2p-demo2' })).session?.unread).toBe(1);
  });

  it('reaches a device that was offline when the sessions were deleted, at its next sync', async () => {
    const a1 = await client(0, { deviceId: 'a-phone' });
    const a2 = await client(0, { deviceId: 'a-tab' });
    const b = await client(1);
    const c = await client(2);
    await b.nim.sendText({ scene: 'p2p', to: 'demo1', text: 'from b' });
    await c.nim.sendText({ scene: 'p2p', to: 'demo1', text: 'from c' });
    await a2.events.until(
      () =>
        a2.nim.getLocalSession('p2p-demo2') !== undefined &&
        a2.nim.getLocalSession('p2p-demo3') !== undefined,
    );

    await a2.nim.disconnect();
    await a1.nim.deleteSession({ scene: 'p2p', to: 'demo2' });
    await a2.nim.connect();
    expect(await a2.events.next('deletesessions')).toEqual(['p2p-demo2']);
    await a2.events.until(() => a2.events.all('syncdone').length === 2);
    expect(a2.nim.getLocalSession('p2p-demo2')).toBeUndefined();
    expect(a2.nim.getLocalSession('p2p-demo3')?.lastMsg?.text).toBe('from c');
  });

  it('takes 1 to 100 sessions with valid ids', async () => {
    const a = await client(0);
    const many = Array.from({ length: 101 }, (_, i) => ({ scene: 'p2p' as const, to: `u${i}` }));
    await expect(a.nim.deleteSessions({ sessions: many })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'sessions must hold 1 to 100 sessions',
    });
    await expect(a.nim.deleteSessions({ sessions: [] })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(a.nim.sendCmd('deleteSessions', { sessions: [] })).rejects.toMatchObject({
      code: 414,
    });
    await expect(
      a.nim.sendCmd('deleteSessions', { sessions: ['chat-demo2'] }),
    ).rejects.toMatchObject({ code: 414 });
  });
});

describe('sendFilterMsg', () => {
  it('is refused with Not_Support and the reason', async () => {
    const a = await client(0);
    const msg = { scene: 'p2p' as const, to: 'demo2', type: 0 as const, idClient: 'f1', text: 'x' };
    await expect(a.nim.sendCmd('sendFilterMsg', { msg })).rejects.toMatchObject({
      code: 403,
      message: expect.stringMatching(/^Not_Support: sendFilterMsg has no defined meaning/),
    });
  });
});

describe('push settings', () => {
  const tokens = () =>
    suite.server.server.store.db
      .selectFrom('im_push_tokens')
      .select(['accid', 'device_id', 'token_name', 'token', 'pushkit'])
      .orderBy('accid')
      .execute();

  it('keeps one push token per device, moves a token to the account that registers it last, and drops it when emptied', async () => {
    const a = await client(0, { deviceId: 'phone-1' });
    await a.nim.updatePushToken({ tokenName: 'apns-prod', token: 'tok-1' });
    await a.nim.updatePushToken({ tokenName: 'apns-prod', token: 'tok-2', pushkit: true });
    expect(await tokens()).toEqual([
      { accid: 'demo1', device_id: 'phone-1', token_name: 'apns-prod', token: 'tok-2', pushkit: 1 },
    ]);
    // The same phone now logged in as another account: the token follows it.
    const other = await connectNewAccount(suite.server, 'shopper9', { deviceId: 'phone-1' });
    suite.opened.push(other.nim);
    await other.nim.updatePushToken({ tokenName: 'apns-prod', token: 'tok-2' });
    expect((await tokens()).map((t) => t.accid)).toEqual(['shopper9']);
    await other.nim.updatePushToken({ tokenName: 'apns-prod', token: '' });
    expect(await tokens()).toEqual([]);
    await expect(a.nim.updatePushToken({ tokenName: '', token: 'x' })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'tokenName is required',
    });
    await expect(
      a.nim.sendCmd('updatePushToken', { tokenName: 'x', token: 'y', extra: 1 } as never),
    ).rejects.toMatchObject({ code: 414 });
  });

  it('keeps the do-not-disturb window for the account, on every device and for a new one', async () => {
    const a1 = await client(0, { deviceId: 'a-phone' });
    const a2 = await client(0, { deviceId: 'a-tab' });
    expect(a1.nim.getDonnop()).toBeUndefined();
    const set = await a1.nim.updateDonnop({
      donnop: { open: true, startTime: '22:30', endTime: '08:00' },
    });
    expect(set).toMatchObject({
      open: true,
      startTime: '22:30',
      endTime: '08:00',
      showDetail: true,
    });
    expect(await a2.events.next<DonnopSettings>('donnop')).toEqual(set);
    const a3 = await client(0, { deviceId: 'a-new' });
    expect(a3.nim.getDonnop()).toEqual(set);
    expect(a3.events.all('donnop')).toEqual([set]);

    await expect(
      a1.nim.updateDonnop({ donnop: { open: true, startTime: '24:00', endTime: '08:00' } }),
    ).rejects.toMatchObject({ code: 'Param_Error', message: 'donnop.startTime must be HH:mm' });
    await expect(
      a1.nim.sendCmd('updateDonnop', {
        donnop: { open: true, startTime: '7:00', endTime: '08:00' },
      }),
    ).rejects.toMatchObject({ code: 414 });
  });
});
