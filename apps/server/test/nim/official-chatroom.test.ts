// Chatrooms through the official NIM Chatroom SDK (NIM_Web_Chatroom_nodejs.js), pointed at the
// NIM link of a Morsel server by `chatroomAddresses`: its first command (the chatroom login)
// makes the socket a chatroom-link connection. Members and anonymous guests of the official SDK
// talk with clients of our own SDK in the same room. Shapes as NIM's dist/types declare them
// (chatroom/NIMChatroomMessageInterface.d.ts, NIMChatroomMemberInterface.d.ts). The IM SDK's
// getChatroomAddress is in official-chatroom-address.test.ts: the NIM and Chatroom bundles break
// each other's polyfills when loaded in one process.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { APP, createRoom, until } from '../chatroom/rooms.ts';
import { guardLoopback } from './loopback-guard.ts';
import { call, callForContent, roomMembers, type NimRoomMsg } from './official-chatroom-sdk.ts';

describe('chatrooms through the official NIM Chatroom SDK', () => {
  let server: TestServer;
  let unguard: () => void;
  const { demo, enterOfficial, enterOurs, leaveAll } = roomMembers(() => server);

  beforeAll(async () => {
    unguard = guardLoopback();
    server = await startTestServer({
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCommandsPerSecond: 10_000,
    });
  });
  afterEach(leaveAll);
  afterAll(async () => {
    await server?.stop();
    unguard?.();
  });

  it('lets a member in, and messages cross between the official SDK and ours', async () => {
    const roomId = await createRoom(server);
    const official = enterOfficial(roomId, { account: demo(1).accid, token: demo(1).token });
    const entered = await official.connected;
    expect(entered.chatroom).toMatchObject({ id: roomId, name: '直播间', creator: 'demo1' });
    expect(entered.member).toMatchObject({
      chatroomId: roomId,
      account: demo(1).accid,
      type: 'guest',
      online: true,
      tempMuted: false,
      tempMuteDuration: 0,
    });

    const mine = await enterOurs(roomId, 0);
    const sent = await call<NimRoomMsg>(official.room, 'sendText', { text: '大家好，我是 NIM' });
    expect(sent).toMatchObject({ type: 'text', text: '大家好，我是 NIM', flow: 'out' });
    await until(() => expect(mine.events.texts()).toContain('大家好，我是 NIM'));
    expect(mine.events.msgs.find((m) => m.type === 'text')).toMatchObject({
      from: demo(1).accid,
      chatroomId: roomId,
    });

    await mine.room.sendText({ text: '欢迎光临' });
    await mine.room.sendCustomMsg({ content: '{"coupon":"满100减20"}' });
    await until(() => {
      expect(official.msgs.find((m) => m.type === 'text')).toMatchObject({
        chatroomId: roomId,
        from: demo(0).accid,
        text: '欢迎光临',
        flow: 'in',
        resend: false,
        time: expect.any(Number),
      });
      expect(official.msgs.find((m) => m.type === 'custom')).toMatchObject({
        content: '{"coupon":"满100减20"}',
      });
    });
    // Our member's arrival reached the official SDK as NIM's notification.
    expect(
      official.msgs.some((m) => m.type === 'notification' && m.attach?.type === 'memberEnter'),
    ).toBe(true);
  });

  it('lets an anonymous guest in under a name the server gives, who hears the room', async () => {
    const roomId = await createRoom(server);
    const guest = enterOfficial(roomId, { isAnonymous: true, chatroomNick: '路人乙' });
    const entered = await guest.connected;
    expect(entered.member).toMatchObject({ type: 'anonymous', nick: '路人乙', online: true });
    expect(entered.member.account).toMatch(/^anon_[0-9a-f]{20}$/);

    const mine = await enterOurs(roomId, 0);
    await mine.room.sendText({ text: '新品上架' });
    await until(() => expect(guest.msgs.map((m) => m.text)).toContain('新品上架'));
  });

  it('reads history, members and the room', async () => {
    const roomId = await createRoom(server);
    const mine = await enterOurs(roomId, 0);
    await mine.room.sendText({ text: '第一条' });
    await mine.room.sendText({ text: '第二条' });
    const official = enterOfficial(roomId, { account: demo(1).accid, token: demo(1).token });
    await official.connected;

    const history = await call<{ msgs: NimRoomMsg[] }>(official.room, 'getHistoryMsgs', {
      limit: 10,
    });
    const texts = history.msgs.filter((m) => m.type === 'text').map((m) => m.text);
    expect(texts).toEqual(['第二条', '第一条']);
    expect(history.msgs[0]).toMatchObject({ chatroomId: roomId, from: demo(0).accid });

    const fixed = await call<{ members: Record<string, unknown>[] }>(
      official.room,
      'getChatroomMembers',
      { guest: false, limit: 10 },
    );
    expect(fixed.members).toContainEqual(
      expect.objectContaining({ account: 'demo1', type: 'owner', online: true }),
    );
    const guests = await call<{ members: Record<string, unknown>[] }>(
      official.room,
      'getChatroomMembers',
      { guest: true, limit: 10 },
    );
    expect(guests.members.map((m) => m.account)).toContain(demo(1).accid);
    const info = await call<{ members: Record<string, unknown>[] }>(
      official.room,
      'getChatroomMembersInfo',
      { accounts: ['demo1'] },
    );
    expect(info.members).toEqual([expect.objectContaining({ account: 'demo1', type: 'owner' })]);
    const room = await call<{ chatroom: Record<string, unknown> }>(official.room, 'getChatroom');
    expect(room.chatroom).toMatchObject({
      id: roomId,
      name: '直播间',
      creator: 'demo1',
      onlineMemberNum: 2,
    });
  });

  it('lets the owner mark, mute and update, and keeps the queue', async () => {
    const roomId = await createRoom(server);
    const owner = enterOfficial(roomId, { account: 'demo1', token: demo(0).token });
    await owner.connected;
    const mine = await enterOurs(roomId, 1);

    const marked = await call<{ member: Record<string, unknown> }>(
      owner.room,
      'markChatroomIdentity',
      { account: demo(1).accid, identity: 'manager', isAdd: true },
    );
    expect(marked.member).toMatchObject({ account: demo(1).accid, type: 'manager' });
    await until(() => expect(mine.events.notifications()).toContain('addManager'));

    await call(owner.room, 'updateChatroomMemberTempMute', {
      account: demo(1).accid,
      duration: 60,
      needNotify: true,
    });
    await until(() => {
      const muted = owner.msgs.find((m) => m.attach?.type === 'addTempMute');
      expect(muted?.attach).toMatchObject({ to: [demo(1).accid], duration: 60 });
    });

    await call(owner.room, 'updateChatroom', {
      chatroom: { announcement: '今晚八点秒杀' },
      needNotify: true,
    });
    const room = await call<{ chatroom: Record<string, unknown> }>(owner.room, 'getChatroom');
    expect(room.chatroom).toMatchObject({ announcement: '今晚八点秒杀' });
    await until(() => expect(mine.events.notifications()).toContain('updateChatroom'));

    await call(owner.room, 'queueOffer', { elementKey: 'mic-1', elementValue: '{"seat":1}' });
    await call(owner.room, 'queueOffer', { elementKey: 'mic-2', elementValue: '{"seat":2}' });
    const listed = await call<{ queueList: unknown[] }>(owner.room, 'queueList');
    expect(listed.queueList).toEqual([{ 'mic-1': '{"seat":1}' }, { 'mic-2': '{"seat":2}' }]);
    expect(await callForContent(owner.room, 'peak')).toEqual({
      elementKey: 'mic-1',
      elementValue: '{"seat":1}',
    });
    expect(await callForContent(owner.room, 'queuePoll', { elementKey: 'mic-2' })).toEqual({
      elementKey: 'mic-2',
      elementValue: '{"seat":2}',
    });
    await call(owner.room, 'queueDrop');
    expect(await call(owner.room, 'queueList')).toEqual({ queueList: [] });
  });

  it('is kicked by a manager of our SDK, and kicks one of ours', async () => {
    const roomId = await createRoom(server);
    const ownerOfOurs = await enterOurs(roomId, 0);
    const visitor = enterOfficial(roomId, { account: demo(1).accid, token: demo(1).token });
    await visitor.connected;
    await ownerOfOurs.room.kickChatroomMember({ account: demo(1).accid, custom: '请文明发言' });
    await until(() => expect(visitor.disconnects[0]).toMatchObject({ reason: 'managerKick' }));

    const owner = enterOfficial(roomId, { account: 'demo1', token: demo(0).token });
    await owner.connected;
    const guest = await enterOurs(roomId, 2);
    await call(owner.room, 'kickChatroomMember', { account: demo(2).accid });
    await until(() => expect(guest.events.disconnects.length).toBe(1));
  });

  it('lists no robots to getRobotList (decision 0048)', async () => {
    const roomId = await createRoom(server);
    const lists: unknown[] = [];
    const visitor = enterOfficial(roomId, {
      account: demo(1).accid,
      token: demo(1).token,
      onrobots: (error: unknown, content: unknown) => lists.push({ error, content }),
    });
    await visitor.connected;
    await call(visitor.room, 'getRobotList', { timetag: 0 });
    expect(lists).toEqual([{ error: null, content: { robots: [] } }]);
  });

  it('refuses a wrong token', async () => {
    const roomId = await createRoom(server);
    const intruder = enterOfficial(roomId, { account: demo(2).accid, token: 'not-the-token' });
    await expect(intruder.connected).rejects.toBeDefined();
  });
});
