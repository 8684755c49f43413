// Profiles, friends, blacklists and system messages with real SDK clients.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { SysMsg, User } from '@morsel/protocol';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;

describe('profiles', () => {
  it('updates my profile, tells my other devices and my friends, and checks formats', async () => {
    const a1 = await client(0, { deviceId: 'a1' });
    const a2 = await client(0, { deviceId: 'a2' });
    const b = await client(1);
    await a1.nim.addFriend({ account: 'demo2' });
    const updated = await a1.nim.updateMyInfo({
      nick: '零食小铺',
      gender: 'female',
      email: 'shop@example.cn',
      birth: '1999-09-09',
      sign: '好吃不贵',
    });
    expect(updated).toMatchObject({ account: 'demo1', nick: '零食小铺', gender: 'female' });
    expect(await a2.events.next<User>('updatemyinfo')).toMatchObject({ nick: '零食小铺' });
    expect(await b.events.next<User>('updateuser')).toMatchObject({
      account: 'demo1',
      sign: '好吃不贵',
    });
    await expect(a1.nim.updateMyInfo({ email: 'not-an-email' })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'email is not valid',
    });
    await expect(
      a1.nim.sendCmd('updateMyInfo', { user: { birth: '99-1-1' } }),
    ).rejects.toMatchObject({ code: 414 });
    const [profile] = await b.nim.getUsers({ accounts: ['demo1'] });
    expect(profile).toMatchObject({ nick: '零食小铺', email: 'shop@example.cn' });
    await expect(
      b.nim.getUsers({ accounts: Array.from({ length: 151 }, (_, i) => `u${i}`) }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    // Messages sent from now on carry the new nick.
    await a1.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'hi' });
    expect((await b.events.next<ClientMsg>('msg')).fromNick).toBe('零食小铺');
  });
});

describe('friends', () => {
  it('applies, passes, updates and deletes a friendship with system messages on both sides', async () => {
    const a = await client(0);
    const b = await client(1);
    await a.nim.applyFriend({ account: 'demo2', ps: '你好，我是小零' });
    const apply = await b.events.next<SysMsg>('sysmsg');
    expect(apply).toMatchObject({
      type: 'applyFriend',
      category: 'friend',
      from: 'demo1',
      state: 'init',
      read: false,
      ps: '你好，我是小零',
    });
    expect(b.nim.sysMsgUnread()).toMatchObject({ friend: 1, total: 1 });

    await b.nim.passFriendApply({ account: 'demo1', idServer: apply.idServer });
    expect(await a.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'passFriendApply',
      from: 'demo2',
      state: 'passed',
    });
    expect(await a.events.next('friendaction')).toMatchObject({
      type: 'passFriendApply',
      account: 'demo2',
    });
    expect((await a.nim.getFriends()).map((f) => f.account)).toEqual(['demo2']);
    expect((await b.nim.getFriends()).map((f) => f.account)).toEqual(['demo1']);
    await expect(b.nim.passFriendApply({ account: 'demo1' })).rejects.toMatchObject({ code: 404 });
    await expect(a.nim.applyFriend({ account: 'demo2' })).rejects.toMatchObject({ code: 417 });

    await a.nim.updateFriend({ account: 'demo2', alias: '老顾客' });
    expect((await a.nim.getFriends())[0]).toMatchObject({ alias: '老顾客' });
    await expect(a.nim.updateFriend({ account: 'demo2' })).rejects.toMatchObject({
      message: 'updateFriend needs account and at least one of alias or custom',
    });

    await a.nim.deleteFriend({ account: 'demo2' });
    expect(await b.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'deleteFriend',
      from: 'demo1',
    });
    expect(await b.nim.getFriends()).toEqual([]);
    expect(a.nim.getLocalFriends()).toEqual([]);
  });

  it('rejects an application, and adds a friend directly', async () => {
    const a = await client(0);
    const c = await client(2);
    await a.nim.applyFriend({ account: 'demo3' });
    await c.events.next('sysmsg');
    await c.nim.rejectFriendApply({ account: 'demo1', ps: '不认识' });
    expect(await a.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'rejectFriendApply',
      state: 'rejected',
      ps: '不认识',
    });
    expect(await a.nim.getFriends()).toEqual([]);
    await a.nim.addFriend({ account: 'demo3' });
    expect(await c.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'addFriend',
      from: 'demo1',
    });
    expect((await c.nim.getFriends()).map((f) => f.account)).toEqual(['demo1']);
    await expect(a.nim.addFriend({ account: 'demo1' })).rejects.toMatchObject({ code: 414 });
    await expect(
      a.nim.applyFriend({ account: 'demo3', ps: 'x'.repeat(5001) }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
  });

  it('delivers friend requests made while offline at the next login, with unread counts', async () => {
    const a = await client(0);
    await a.nim.applyFriend({ account: 'demo2', ps: '离线申请' });
    const b = await client(1);
    const [offline] = b.events.all<SysMsg[]>('offlinesysmsgs');
    expect(offline).toEqual([expect.objectContaining({ type: 'applyFriend', ps: '离线申请' })]);
    expect(b.events.all('sysmsgunread').at(-1)).toMatchObject({ friend: 1, total: 1 });

    const b2 = await client(1, { deviceId: 'b-second' });
    await b.nim.markSysMsgRead({ sysMsgs: offline! });
    expect(await b2.events.next('updatesysmsgunread')).toMatchObject({ friend: 0, total: 0 });
  });
});

describe('blacklist', () => {
  it('refuses messages from a blacklisted account: treated as sent, never delivered', async () => {
    const a = await client(0);
    const b1 = await client(1, { deviceId: 'b1' });
    const b2 = await client(1, { deviceId: 'b2' });
    await b1.nim.markInBlacklist({ account: 'demo1', isAdd: true });
    expect(await b2.events.next('markinblacklist')).toEqual({ account: 'demo1', isAdd: true });
    expect(b1.nim.isUserInBlackList('demo1')).toBe(true);
    const blocked = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '看不到我' });
    expect(blocked).toMatchObject({ status: 'success', isInBlackList: true });
    await expect(
      a.nim.sendCustomSysMsg({ scene: 'p2p', to: 'demo2', content: '{"typing":true}' }),
    ).rejects.toMatchObject({ code: 7101 });
    expect(await b1.nim.getRelations()).toEqual({ blacklist: ['demo1'], mutelist: [] });

    await b1.nim.markInBlacklist({ account: 'demo1', isAdd: false });
    await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '又能看到了' });
    const received = await b1.events.next<ClientMsg>('msg');
    expect(received.text).toBe('又能看到了');
    expect(b1.events.all<ClientMsg>('msg').map((m) => m.text)).not.toContain('看不到我');

    const fresh = await client(1, { deviceId: 'b-new' });
    expect(fresh.events.all('blacklist').at(-1)).toEqual([]);
  });
});

describe('custom system messages', () => {
  it('delivers to online devices, or keeps one for offline delivery when asked', async () => {
    const a = await client(0);
    const b = await client(1);
    await a.nim.sendCustomSysMsg({ scene: 'p2p', to: 'demo2', content: '{"typing":true}' });
    expect(await b.events.next('customsysmsg')).toMatchObject({
      from: 'demo1',
      content: '{"typing":true}',
      type: 'customP2p',
    });
    await expect(
      a.nim.sendCustomSysMsg({ scene: 'p2p', to: 'demo2', content: '' }),
    ).rejects.toMatchObject({ code: 'Param_Error' });

    await a.nim.sendCustomSysMsg({
      scene: 'p2p',
      to: 'demo3',
      content: '{"order":"shipped"}',
      sendToOnlineUsersOnly: false,
    });
    const c = await client(2);
    expect(c.events.all<SysMsg[]>('offlinesysmsgs').flat()).toEqual([
      expect.objectContaining({ type: 'customP2p', content: '{"order":"shipped"}' }),
    ]);
  });
});
