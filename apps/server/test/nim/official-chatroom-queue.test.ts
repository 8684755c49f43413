// The chatroom queue's size limit (NIM's queueInit, 13_25) and batch change (NIM's queueChange,
// 13_26) through the official NIM Chatroom SDK and ours in the same room: every element changed
// at once, one notification in NIM's layout (attach.queueChange {type: 'BATCH_UPDATE',
// elementKv}), the keys not in the queue answered as NIM's elementKeyArray. The official SDK has
// no public queueInit (chatroom/NIMChatroomQueueInterface.d.ts declares none; NIM's REST API
// has it), so the test sends it through the SDK's own command table and codec (`sendCmd`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { APP, createRoom, until } from '../chatroom/rooms.ts';
import { guardLoopback } from './loopback-guard.ts';
import {
  call,
  callForContent,
  codeOf,
  roomMembers,
  type OfficialChatroom,
} from './official-chatroom-sdk.ts';

/** NIM's queueInit as the SDK itself encodes it: `sendCmd('queueInit', {limit}, callback)`. */
function queueInit(room: OfficialChatroom, limit: number) {
  return new Promise<void>((resolve, reject) => {
    room.sendCmd!('queueInit', { limit }, (error: unknown) => (error ? reject(error) : resolve()));
  });
}

describe('the chatroom queue’s limit and batch change through the official NIM Chatroom SDK', () => {
  let server: TestServer;
  let unguard: () => void;
  const { demo, officialAs, enterOfficial, enterOurs, leave, leaveAll } = roomMembers(() => server);

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

  it('changes every element at once, with one notification to both SDKs', async () => {
    const roomId = await createRoom(server);
    const owner = await officialAs(roomId, 0);
    const visitor = await officialAs(roomId, 1);
    const mine = await enterOurs(roomId, 2);
    for (const seat of ['seat-1', 'seat-2', 'seat-3'])
      await call(visitor.room, 'queueOffer', { elementKey: seat, elementValue: 'free' });

    // A visitor may offer, but not change the queue in a batch.
    expect(
      await codeOf(
        callForContent(visitor.room, 'queueChange', { elementMap: { 'seat-1': 'mine' } }),
      ),
    ).toBe(403);

    const answer = await callForContent<{ elementKeyArray: string[] }>(owner.room, 'queueChange', {
      elementMap: { 'seat-1': 'demo2', 'seat-3': 'demo3', 'seat-9': 'nobody' },
      needNotify: true,
      notifyExt: '{"action":"assign"}',
    });
    expect(answer).toEqual({ elementKeyArray: ['seat-9'] });
    const listed = await call<{ queueList: unknown[] }>(visitor.room, 'queueList');
    expect(listed.queueList).toEqual([
      { 'seat-1': 'demo2' },
      { 'seat-2': 'free' },
      { 'seat-3': 'demo3' },
    ]);

    await until(() => {
      const batches = visitor.msgs.filter((m) => m.attach?.type === 'batchUpdateQueue');
      expect(batches).toHaveLength(1);
      expect(batches[0]!.attach).toMatchObject({
        from: 'demo1',
        custom: '{"action":"assign"}',
        queueChange: { type: 'BATCH_UPDATE', elementKv: { 'seat-1': 'demo2', 'seat-3': 'demo3' } },
      });
      const ours = mine.events.msgs.filter((m) => m.attach?.type === 'batchUpdateQueue');
      expect(ours).toHaveLength(1);
      expect(ours[0]!.attach).toMatchObject({
        id: 320,
        data: { type: 'BATCH_UPDATE', elements: { 'seat-1': 'demo2', 'seat-3': 'demo3' } },
      });
    });

    // needNotify left out: changed quietly.
    await callForContent(owner.room, 'queueChange', { elementMap: { 'seat-2': 'quiet' } });
    await call(owner.room, 'sendText', { text: 'marker' });
    await until(() => expect(mine.events.texts()).toContain('marker'));
    expect(visitor.msgs.filter((m) => m.attach?.type === 'batchUpdateQueue')).toHaveLength(1);
    expect(await mine.room.queueList()).toContainEqual({ key: 'seat-2', value: 'quiet' });
  });

  it('shows single queue changes as NIM’s queueChange', async () => {
    const roomId = await createRoom(server);
    const owner = await officialAs(roomId, 0);
    const mine = await enterOurs(roomId, 1);
    await mine.room.queueOffer({ elementKey: 'mic', elementValue: 'demo2' });
    await mine.room.queuePoll({ elementKey: 'mic' });
    await call(owner.room, 'queueDrop');
    await until(() => {
      const changes = owner.msgs
        .filter((m) => m.attach?.type === 'updateQueue')
        .map((m) => m.attach!.queueChange);
      expect(changes).toEqual([
        { type: 'OFFER', elementKey: 'mic', elementValue: 'demo2' },
        { type: 'POLL', elementKey: 'mic', elementValue: 'demo2' },
        { type: 'DROP' },
      ]);
    });
  });

  it('tells the official SDK which transient elements left with their owner', async () => {
    const roomId = await createRoom(server);
    const owner = await officialAs(roomId, 0);
    const leaving = enterOfficial(roomId, { account: demo(1).accid, token: demo(1).token });
    await leaving.connected;
    await call(leaving.room, 'queueOffer', {
      elementKey: 'mic',
      elementValue: 'on air',
      transient: true,
    });
    await leave(leaving);
    await until(() => {
      const cleared = owner.msgs.find((m) => m.attach?.type === 'batchUpdateQueue');
      expect(cleared?.attach?.queueChange).toEqual({
        type: 'PARTCLEAR',
        elementKv: { mic: 'on air' },
      });
    });
  });

  it('offers an element for another member (NIM’s elementAccount): its leaving takes it along', async () => {
    const roomId = await createRoom(server);
    const owner = await officialAs(roomId, 0);
    const visitor = await officialAs(roomId, 1);
    const leaving = enterOfficial(roomId, { account: demo(2).accid, token: demo(2).token });
    await leaving.connected;

    // A common member may only offer its own elements; a stranger to the room owns none.
    expect(
      await codeOf(
        call(visitor.room, 'queueOffer', {
          elementKey: 'mic',
          elementValue: 'taken',
          elementAccount: demo(2).accid,
        }),
      ),
    ).toBe(403);
    expect(
      await codeOf(
        call(owner.room, 'queueOffer', {
          elementKey: 'mic',
          elementValue: 'taken',
          elementAccount: 'nobody-here',
        }),
      ),
    ).toBe(404);

    // The owner gives the mic to demo3, transient: it goes when demo3 leaves, not the owner.
    await call(owner.room, 'queueOffer', {
      elementKey: 'mic',
      elementValue: 'demo3 speaks',
      transient: true,
      elementAccount: demo(2).accid,
    });
    await call(owner.room, 'queueOffer', {
      elementKey: 'host',
      elementValue: 'owner',
      transient: true,
    });
    await leave(leaving);
    await until(() => {
      const cleared = visitor.msgs.find((m) => m.attach?.type === 'batchUpdateQueue');
      expect(cleared?.attach?.queueChange).toEqual({
        type: 'PARTCLEAR',
        elementKv: { mic: 'demo3 speaks' },
      });
    });
    const listed = await call<{ queueList: unknown[] }>(visitor.room, 'queueList');
    expect(listed.queueList).toEqual([{ host: 'owner' }]);
  });

  it('limits the queue by queueInit from either SDK, for the owner and managers only', async () => {
    const roomId = await createRoom(server);
    const owner = await officialAs(roomId, 0);
    const visitor = await officialAs(roomId, 1);
    const mine = await enterOurs(roomId, 2);

    expect(await codeOf(queueInit(visitor.room, 1))).toBe(403);
    expect(await codeOf(mine.room.queueInit({ limit: 1 }))).toBe(403);
    await queueInit(owner.room, 1);
    await call(visitor.room, 'queueOffer', { elementKey: 'a', elementValue: '1' });
    expect(
      await codeOf(call(visitor.room, 'queueOffer', { elementKey: 'b', elementValue: '2' })),
    ).toBe(403);
    // An element already there may still change.
    await call(visitor.room, 'queueOffer', { elementKey: 'a', elementValue: 'again' });

    // A manager of ours raises it.
    await call(owner.room, 'markChatroomIdentity', {
      account: demo(2).accid,
      identity: 'manager',
      isAdd: true,
    });
    await mine.room.queueInit({ limit: 2 });
    await call(visitor.room, 'queueOffer', { elementKey: 'b', elementValue: '2' });
    const answer = await mine.room.batchUpdateChatroomQueue({
      elementMap: { a: 'x', b: 'y', c: 'z' },
      needNotify: true,
      notifyExt: '重排',
    });
    expect(answer).toEqual({ elementKeyArray: ['c'] });
    await until(() =>
      expect(visitor.msgs.find((m) => m.attach?.type === 'batchUpdateQueue')?.attach).toMatchObject(
        { custom: '重排', queueChange: { type: 'BATCH_UPDATE', elementKv: { a: 'x', b: 'y' } } },
      ),
    );

    // Out of range or ill-typed: NIM's 414.
    expect(await codeOf(queueInit(owner.room, 1001))).toBe(414);
    expect(await codeOf(mine.room.queueInit({ limit: -1 }))).toBe(414);
    expect(
      await codeOf(mine.room.batchUpdateChatroomQueue({ elementMap: { ['k'.repeat(129)]: 'v' } })),
    ).toBe(414);
  });
});
