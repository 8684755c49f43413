// Chatrooms end to end: rooms made through the REST API, real SDK Chatroom instances (the owner,
// a manager, guests, anonymous visitors) on the real server, on both store engines.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImError } from '@morsel/protocol';
import { forEachEngine, startTestServer, type TestServer } from '../harness/index.ts';
import { rawClient } from '../im-link/raw-client.ts';
import { APP, chatroomFor, createRoom, rest, until, type Entered } from './rooms.ts';

const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: ImError) => error.code,
  );

await forEachEngine('chatrooms', (engine) => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const entered: Entered[] = [];
  const account = (index: number) => {
    const { accid, token } = server.server.seeded.demoAccounts[index]!;
    return { account: accid, token };
  };
  async function enter(roomId: string, who: Parameters<typeof chatroomFor>[2], extra = {}) {
    const one = chatroomFor(server, roomId, who, extra);
    entered.push(one);
    await one.room.connect();
    return one;
  }

  beforeAll(async () => {
    const database = await engine.freshDatabase();
    drop = database.drop;
    server = await startTestServer({
      ...database.config,
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCommandsPerSecond: 10_000,
      imChatroomMessagesPerSecond: 200,
    });
  });
  afterAll(async () => {
    await Promise.all(entered.map((one) => one.room.destroy()));
    await server?.stop();
    await drop?.();
  });

  it('lets the owner, a guest and an anonymous visitor enter, and lists them by type', async () => {
    const roomId = await createRoom(server);
    const im = await rawClient(server);
    await im.login({ accid: 'demo2', token: account(1).token });
    const address = await im.call('getChatroomAddress', { chatroomId: roomId });
    expect(address.code).toBe(200);
    expect(address.body!.address).toEqual([server.url]);
    expect((await im.call('getChatroomAddress', { chatroomId: '99999' })).code).toBe(404);
    im.close();

    const owner = await enter(roomId, account(0));
    const guest = await enter(roomId, account(1));
    const anon = await enter(roomId, { anonymous: '路人甲' });
    expect(anon.room.account).toMatch(/^anon_[0-9a-f]{20}$/);
    await until(() =>
      expect(owner.events.notifications()).toEqual(['memberEnter', 'memberEnter', 'memberEnter']),
    );

    const { chatroom } = await guest.room.getChatroom();
    expect(chatroom).toMatchObject({ id: roomId, name: '直播间', onlineMemberNum: 3, mute: false });
    const visitors = await owner.room.getChatroomMembers({ guest: true });
    expect(visitors.members.map((m) => [m.account, m.type]).sort()).toEqual(
      [
        ['demo2', 'guest'],
        [anon.room.account, 'anonymous'],
      ].sort(),
    );
    const fixed = await owner.room.getChatroomMembers({ guest: false, limit: 10 });
    expect(fixed.members.map((m) => [m.account, m.type, m.online])).toEqual([
      ['demo1', 'owner', true],
    ]);
    const info = await guest.room.getChatroomMembersInfo({ accounts: ['demo1', 'nobody'] });
    expect(info.members).toHaveLength(1);

    // A room that does not exist, a wrong token: refused at login.
    const lost = chatroomFor(server, '424242', account(2));
    expect(await codeOf(lost.room.connect())).toBe(404);
    const wrong = chatroomFor(server, roomId, { account: 'demo3', token: 'not-the-token' });
    expect(await codeOf(wrong.room.connect())).toBe(302);
    await Promise.all([lost.room.destroy(), wrong.room.destroy()]);
  });

  it('delivers messages in batches, never back to their sender, and keeps history', async () => {
    const roomId = await createRoom(server);
    const owner = await enter(roomId, account(0));
    const guest = await enter(roomId, account(1));
    const sent = await guest.room.sendText({ text: '你好' });
    expect(sent).toMatchObject({ from: 'demo2', text: '你好', flow: 'out', chatroomId: roomId });
    await until(() => expect(owner.events.texts()).toEqual(['你好']));
    expect(owner.events.msgs.find((m) => m.type === 'text')).toMatchObject({
      idServer: sent.idServer,
      fromNick: '小食',
      flow: 'in',
    });

    const before = owner.events.batches.length;
    const texts = Array.from({ length: 60 }, (_, i) => `m${i}`);
    await Promise.all(texts.map((text) => guest.room.sendText({ text })));
    await until(() => expect(owner.events.texts()).toHaveLength(61));
    expect(owner.events.texts().slice(1)).toEqual(texts);
    // 60 messages sent within a few batch windows: far fewer frames than messages.
    expect(owner.events.batches.length - before).toBeLessThan(20);
    expect(guest.events.texts()).toEqual([]); // its own messages came back in replies only

    const history = await owner.room.getHistoryMsgs({ limit: 5 });
    expect(history.msgs.map((m) => m.text)).toEqual(['m59', 'm58', 'm57', 'm56', 'm55']);
    const oldest = await owner.room.getHistoryMsgs({ reverse: true, limit: 2 });
    expect(oldest.msgs.map((m) => m.text)).toEqual(['你好', 'm0']);
    const skipped = await guest.room.sendText({ text: '不留痕', skipHistory: true });
    await until(() => expect(owner.events.texts()).toContain('不留痕'));
    expect((await owner.room.getHistoryMsgs({ limit: 1 })).msgs[0]!.idServer).not.toBe(
      skipped.idServer,
    );
  });

  it('checks every identity rule on the server and names each change', async () => {
    const roomId = await createRoom(server);
    const owner = await enter(roomId, account(0));
    const guest = await enter(roomId, account(1));
    const anon = await enter(roomId, { anonymous: '路人乙' });
    const visitor = anon.room.account;

    // A guest may not mark anyone; only the owner names managers; nobody touches the owner.
    expect(await codeOf(guest.room.markChatroomGaglist({ account: visitor, isAdd: true }))).toBe(
      403,
    );
    const made = await owner.room.markChatroomManager({ account: 'demo2', isAdd: true });
    expect(made.member).toMatchObject({ account: 'demo2', type: 'manager' });
    expect(await codeOf(guest.room.markChatroomManager({ account: visitor, isAdd: true }))).toBe(
      403,
    );
    expect(await codeOf(guest.room.markChatroomGaglist({ account: 'demo1', isAdd: true }))).toBe(
      403,
    );
    expect(
      await codeOf(guest.room.markChatroomIdentity({ account: 'demo1', identity: 7, isAdd: true })),
    ).toBe('Param_Error');

    // Muted (gagged) and temporarily muted visitors cannot speak: 13004.
    const gag = await guest.room.markChatroomIdentity({
      account: visitor,
      identity: -2,
      isAdd: true,
    });
    // A gagged visitor is a restricted member.
    expect(gag.member).toMatchObject({ gaged: true, type: 'restricted' });
    expect(await codeOf(anon.room.sendText({ text: 'x' }))).toBe(13004);
    await guest.room.markChatroomGaglist({ account: visitor, isAdd: false });
    expect(await codeOf(anon.room.sendText({ text: 'x' }))).toBe('ok');
    await guest.room.updateChatroomMemberTempMute({
      account: visitor,
      duration: 600,
      needNotify: true,
    });
    expect(await codeOf(anon.room.sendText({ text: 'y' }))).toBe(13004);
    const [muted] = (await owner.room.getChatroomMembersInfo({ accounts: [visitor] })).members;
    expect(muted).toMatchObject({ tempMuted: true });
    expect(muted!.tempMuteDuration).toBeGreaterThan(0);
    await guest.room.updateChatroomMemberTempMute({
      account: visitor,
      duration: 0,
      needNotify: true,
    });
    expect(await codeOf(anon.room.sendText({ text: 'z' }))).toBe('ok');

    // Common members; a manager cannot act on another manager.
    await owner.room.markChatroomCommonMember({ account: 'demo3', isAdd: true, level: 3 });
    const third = await enter(roomId, account(2));
    expect(
      (await third.room.getChatroomMembersInfo({ accounts: ['demo3'] })).members[0],
    ).toMatchObject({ type: 'common', level: 3 });
    await owner.room.markChatroomManager({ account: 'demo3', isAdd: true });
    expect(await codeOf(guest.room.kickChatroomMember({ account: 'demo3' }))).toBe(403);
    await owner.room.markChatroomManager({ account: 'demo3', isAdd: false });

    // Room mute (REST): only the owner and managers speak: 13006.
    expect(
      (await rest(server, 'chatroom/muteRoom', { roomid: roomId, operator: 'demo3', mute: 'true' }))
        .code,
    ).toBe(403);
    const mute = await rest(server, 'chatroom/muteRoom', {
      roomid: roomId,
      operator: 'demo1',
      mute: 'true',
    });
    expect(mute).toEqual({ code: 200, desc: { success: true } });
    expect((await owner.room.getChatroom()).chatroom.mute).toBe(true);
    expect(await codeOf(anon.room.sendText({ text: 'a' }))).toBe(13006);
    expect(await codeOf(guest.room.sendText({ text: 'manager speaks' }))).toBe('ok');
    await rest(server, 'chatroom/muteRoom', { roomid: roomId, operator: 'demo1', mute: 'false' });

    // Updating the room: managers only, needNotify required; own member info by anyone.
    expect(
      await codeOf(anon.room.updateChatroom({ chatroom: { name: 'x' }, needNotify: true })),
    ).toBe(403);
    expect(await codeOf(guest.room.updateChatroom({ chatroom: { name: 'x' } } as never))).toBe(
      'Param_Error',
    );
    const updated = await guest.room.updateChatroom({
      chatroom: { name: '新名字', announcement: '公告' },
      needNotify: true,
    });
    expect(updated.chatroom).toMatchObject({ name: '新名字', announcement: '公告' });
    const mine = await anon.room.updateMyChatroomMemberInfo({
      member: { nick: '改名了' },
      needNotify: true,
    });
    expect(mine.member.nick).toBe('改名了');

    await until(() =>
      expect(third.events.notifications()).toEqual(
        expect.arrayContaining([
          'addManager',
          'removeManager',
          'muteRoom',
          'unmuteRoom',
          'updateChatroom',
          'updateMemberInfo',
        ]),
      ),
    );
    expect(owner.events.notifications()).toEqual(
      expect.arrayContaining([
        'memberEnter',
        'addManager',
        'gagMember',
        'ungagMember',
        'addTempMute',
        'removeTempMute',
        'addCommon',
      ]),
    );
    const tempMute = owner.events.msgs.find((m) => m.attach?.type === 'addTempMute')!;
    expect(tempMute.attach).toMatchObject({
      id: 314,
      from: 'demo2',
      to: [visitor],
      data: { duration: 600 },
    });
  });

  it('runs the queue; a transient element leaves with its owner', async () => {
    const roomId = await createRoom(server);
    const owner = await enter(roomId, account(0));
    const guest = await enter(roomId, account(1));
    const anon = await enter(roomId, { anonymous: '麦序' });

    await anon.room.queueOffer({
      elementKey: 'mic1',
      elementValue: anon.room.account,
      transient: true,
    });
    await guest.room.queueOffer({ elementKey: 'mic2', elementValue: 'demo2' });
    await guest.room.queueOffer({ elementKey: 'mic3', elementValue: 'demo2' });
    expect(await owner.room.queueList()).toEqual([
      { key: 'mic1', value: anon.room.account },
      { key: 'mic2', value: 'demo2' },
      { key: 'mic3', value: 'demo2' },
    ]);
    expect(await owner.room.peak()).toEqual({ key: 'mic1', value: anon.room.account });
    await guest.room.queueChange({ elementKey: 'mic3', elementValue: 'changed' });
    expect(await codeOf(guest.room.queueChange({ elementKey: 'nope', elementValue: 'x' }))).toBe(
      404,
    );
    expect(await guest.room.queuePoll({ elementKey: 'mic3' })).toEqual({
      key: 'mic3',
      value: 'changed',
    });

    await anon.room.disconnect();
    await until(async () =>
      expect(await owner.room.queueList()).toEqual([{ key: 'mic2', value: 'demo2' }]),
    );
    expect(await codeOf(guest.room.queueDrop())).toBe(403);
    expect(await guest.room.queuePoll()).toEqual({ key: 'mic2', value: 'demo2' });
    expect(await codeOf(owner.room.peak())).toBe(404);
    expect(await codeOf(owner.room.queuePoll())).toBe(404);
    await owner.room.queueDrop();

    // Queue level 1: only the owner and managers change the queue.
    await owner.room.updateChatroom({ chatroom: { queuelevel: 1 }, needNotify: false });
    expect(await codeOf(guest.room.queueOffer({ elementKey: 'k', elementValue: 'v' }))).toBe(403);
    await until(() =>
      expect(owner.events.notifications()).toEqual(
        expect.arrayContaining(['updateQueue', 'batchUpdateQueue', 'memberExit']),
      ),
    );
  });

  it('kicks with each reason: managerKick, blacked, samePlatformKick, chatroomClosed', async () => {
    const roomId = await createRoom(server);
    const owner = await enter(roomId, account(0));
    const guest = await enter(roomId, account(1));
    const anon = await enter(roomId, { anonymous: '捣乱的' });

    await owner.room.kickChatroomMember({ account: anon.room.account, custom: '请离开' });
    await until(() =>
      expect(anon.events.disconnects).toEqual([
        expect.objectContaining({ code: 'kicked', reason: 'managerKick', custom: '请离开' }),
      ]),
    );
    expect(await codeOf(anon.room.sendText({ text: 'x' }))).toBe(
      'Error_Connection_Socket_State_not_Match',
    );

    await owner.room.markChatroomBlacklist({ account: 'demo2', isAdd: true });
    await until(() =>
      expect(guest.events.disconnects).toEqual([expect.objectContaining({ reason: 'blacked' })]),
    );
    expect(await codeOf(guest.room.connect())).toBe(13003);
    await owner.room.markChatroomBlacklist({ account: 'demo2', isAdd: false });
    await guest.room.connect();

    // The same account from a second device of the same platform replaces the first.
    const second = await enter(roomId, { ...account(1), account: 'DEMO2' });
    await until(() =>
      expect(guest.events.disconnects.at(-1)).toMatchObject({ reason: 'samePlatformKick' }),
    );
    expect(await codeOf(second.room.sendText({ text: 'still here' }))).toBe('ok');

    expect(await codeOf(second.room.closeChatroom())).toBe(403);
    await owner.room.closeChatroom({ custom: '下播了' });
    await until(() => {
      expect(owner.events.disconnects.at(-1)).toMatchObject({ reason: 'chatroomClosed' });
      expect(second.events.disconnects.at(-1)).toMatchObject({ reason: 'chatroomClosed' });
    });
    expect(await codeOf(second.room.connect())).toBe(13002);
    const reopened = await rest(server, 'chatroom/toggleCloseStat', {
      roomid: roomId,
      operator: 'demo1',
      valid: 'true',
    });
    expect(reopened).toMatchObject({ code: 200, desc: { valid: true } });
    await second.room.connect();
  });

  it('answers the REST actions with NIM parameter names and reply shapes', async () => {
    const created = await rest(server, 'chatroom/create', {
      creator: 'demo1',
      name: '接口房间',
      announcement: '欢迎',
      ext: '{"a":1}',
      queuelevel: '0',
    });
    expect(created).toMatchObject({
      code: 200,
      chatroom: {
        name: '接口房间',
        announcement: '欢迎',
        ext: '{"a":1}',
        creator: 'demo1',
        valid: true,
      },
    });
    const roomid = String(created.chatroom.roomid);
    const watcher = await enter(roomid, account(2));

    const got = await rest(server, 'chatroom/get', { roomid, needOnlineUserCount: 'true' });
    expect(got.chatroom).toMatchObject({ roomid: Number(roomid), onlineusercount: 1 });
    expect((await rest(server, 'chatroom/get', { roomid: '777777' })).code).toBe(404);
    expect((await rest(server, 'chatroom/get', { roomid: 'abc' })).code).toBe(414);
    expect((await rest(server, 'chatroom/create', { name: 'no creator' })).code).toBe(414);

    const addr = await rest(server, 'chatroom/requestAddr', { roomid, accid: 'demo2' });
    expect(addr).toEqual({ code: 200, addr: [server.url] });

    const sent = await rest(server, 'chatroom/sendMsg', {
      roomid,
      msgId: 'rest-1',
      fromAccid: 'demo1',
      msgType: '0',
      attach: '来自服务器',
    });
    expect(sent.desc).toMatchObject({
      msgid_client: 'rest-1',
      fromAccount: 'demo1',
      attach: '来自服务器',
    });
    await until(() => expect(watcher.events.texts()).toEqual(['来自服务器']));

    const role = await rest(server, 'chatroom/setMemberRole', {
      roomid,
      operator: 'demo1',
      target: 'demo2',
      opt: '1',
      optvalue: 'true',
    });
    expect(role).toMatchObject({ code: 200, desc: { accid: 'demo2', type: 'MANAGER' } });
    const tempMute = await rest(server, 'chatroom/temporaryMute', {
      roomid,
      operator: 'demo2',
      target: 'demo3',
      muteDuration: '30',
    });
    expect(tempMute).toEqual({ code: 200, desc: { muteDuration: 30 } });
    expect(await codeOf(watcher.room.sendText({ text: 'muted' }))).toBe(13004);

    await rest(server, 'chatroom/queueOffer', { roomid, key: 'k1', value: 'v1' });
    await rest(server, 'chatroom/queueOffer', { roomid, key: 'k2', value: 'v2' });
    expect(await rest(server, 'chatroom/queueList', { roomid })).toEqual({
      code: 200,
      desc: { list: [{ k1: 'v1' }, { k2: 'v2' }] },
    });
    expect(await rest(server, 'chatroom/queuePoll', { roomid })).toEqual({
      code: 200,
      desc: { key: 'k1', value: 'v1' },
    });
    expect((await rest(server, 'chatroom/queueDrop', { roomid })).code).toBe(200);
    expect(await watcher.room.queueList()).toEqual([]);

    const update = await rest(server, 'chatroom/update', {
      roomid,
      name: '改过的',
      needNotify: 'true',
    });
    expect(update.chatroom).toMatchObject({ name: '改过的' });
    await until(() =>
      expect(watcher.events.notifications()).toEqual(
        expect.arrayContaining(['addManager', 'addTempMute', 'updateQueue', 'updateChatroom']),
      ),
    );
  });

  it("fails a send with 'chatroom not connected' before the room is entered", async () => {
    const roomId = await createRoom(server);
    const idle = chatroomFor(server, roomId, account(0), { chatroomId: roomId });
    entered.push(idle);
    await expect(idle.room.sendText({ text: 'x' })).rejects.toThrow(/chatroom not connected/);
  });
});
