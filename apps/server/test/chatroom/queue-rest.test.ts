// The queue's REST actions in NIM's convention: queueInit (the size limit, which the chatroom
// link's queueOffer obeys too) and queueBatchUpdateElements (owner or manager only; existing keys
// changed in place, the others answered; one batchUpdateQueue notification), with real SDK
// members in the room, on both store engines.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImError } from '@morsel/protocol';
import { forEachEngine, startTestServer, type TestServer } from '../harness/index.ts';
import { APP, chatroomFor, createRoom, rest, until, type Entered } from './rooms.ts';

await forEachEngine('chatroom queue REST actions', (engine) => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const entered: Entered[] = [];
  const account = (index: number) => {
    const { accid, token } = server.server.seeded.demoAccounts[index]!;
    return { account: accid, token };
  };

  beforeAll(async () => {
    const database = await engine.freshDatabase();
    drop = database.drop;
    server = await startTestServer({
      ...database.config,
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCommandsPerSecond: 10_000,
    });
  });
  afterAll(async () => {
    await Promise.all(entered.map((one) => one.room.destroy()));
    await server?.stop();
    await drop?.();
  });

  const codeOf = (work: Promise<unknown>) =>
    work.then(
      () => 200,
      (error: ImError) => error.code,
    );

  it('limits the queue to queueInit’s sizeLimit, on the link and through REST', async () => {
    const roomid = await createRoom(server);
    const guest = chatroomFor(server, roomid, account(1));
    entered.push(guest);
    await guest.room.connect();

    expect(await rest(server, 'chatroom/queueInit', { roomid, sizeLimit: '2' })).toEqual({
      code: 200,
    });
    await guest.room.queueOffer({ elementKey: 'a', elementValue: '1' });
    await rest(server, 'chatroom/queueOffer', { roomid, key: 'b', value: '2' });
    // Full: a new key is refused on the link and through REST; an existing key may change.
    expect(await codeOf(guest.room.queueOffer({ elementKey: 'c', elementValue: '3' }))).toBe(403);
    expect((await rest(server, 'chatroom/queueOffer', { roomid, key: 'c', value: '3' })).code).toBe(
      403,
    );
    await guest.room.queueOffer({ elementKey: 'a', elementValue: 'again' });
    expect(await guest.room.queueList()).toEqual([
      { key: 'a', value: 'again' },
      { key: 'b', value: '2' },
    ]);
    // Room again once one leaves; 0 closes the queue to new keys altogether.
    await guest.room.queuePoll({ elementKey: 'b' });
    await guest.room.queueOffer({ elementKey: 'c', elementValue: '3' });
    await rest(server, 'chatroom/queueInit', { roomid, sizeLimit: '0' });
    expect(await codeOf(guest.room.queueOffer({ elementKey: 'd', elementValue: '4' }))).toBe(403);

    for (const sizeLimit of ['1001', '-1', 'x', '01'])
      expect((await rest(server, 'chatroom/queueInit', { roomid, sizeLimit })).code).toBe(414);
    expect(
      (await rest(server, 'chatroom/queueInit', { roomid: '99999', sizeLimit: '5' })).code,
    ).toBe(404);
  });

  it('updates existing elements in one batch for an owner or manager, with one notification', async () => {
    const roomid = await createRoom(server);
    const owner = chatroomFor(server, roomid, account(0));
    const guest = chatroomFor(server, roomid, account(1));
    entered.push(owner, guest);
    await owner.room.connect();
    await guest.room.connect();
    await guest.room.queueOffer({ elementKey: 'mic1', elementValue: 'demo2' });
    await guest.room.queueOffer({ elementKey: 'mic2', elementValue: 'demo2' });

    const batch = (operator: string, elements: unknown, extra: Record<string, string> = {}) =>
      rest(server, 'chatroom/queueBatchUpdateElements', {
        roomid,
        operator,
        elements: typeof elements === 'string' ? elements : JSON.stringify(elements),
        ...extra,
      });

    // Not an owner or manager: refused, nothing changed.
    expect((await batch('demo2', { mic1: 'x' })).code).toBe(403);
    const updated = await batch('demo1', { mic1: 'demo3', mic9: 'nobody' }, { notifyExt: '换麦' });
    expect(updated).toEqual({ code: 200, desc: { notInQueue: ['mic9'] } });
    expect(await guest.room.queueList()).toEqual([
      { key: 'mic1', value: 'demo3' },
      { key: 'mic2', value: 'demo2' },
    ]);
    await until(() => {
      const notice = guest.events.msgs.find((m) => m.attach?.type === 'batchUpdateQueue');
      expect(notice?.attach).toMatchObject({
        id: 320,
        from: 'demo1',
        custom: '换麦',
        data: { type: 'BATCH_UPDATE', elements: { mic1: 'demo3' } },
      });
    });
    // needNotify false: changed quietly.
    const before = guest.events.msgs.length;
    await batch('demo1', { mic2: 'quiet' }, { needNotify: 'false' });
    expect(await guest.room.queueList()).toContainEqual({ key: 'mic2', value: 'quiet' });
    await guest.room.sendText({ text: 'marker' });
    await until(() => expect(owner.events.texts()).toContain('marker'));
    expect(
      guest.events.msgs.slice(before).filter((m) => m.attach?.type === 'batchUpdateQueue'),
    ).toEqual([]);

    // Bad elements are refused with 414, never a 500.
    const tooMany = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, 'v']));
    for (const elements of ['not json', '[]', '{}', '{"k":1}', tooMany, { ['k'.repeat(129)]: 'v' }])
      expect((await batch('demo1', elements)).code).toBe(414);
  });
});
