// Copies of chatroom messages (NIM's eventType 4), which an app chooses with
// MORSEL_IM_COPY_EVENTS=chatroomMsg: a local receiver checks NIM's signature on each, fed by a
// real SDK Chatroom in a room and by the server API's chatroom/sendMsg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { APP, chatroomFor, createRoom, rest, type Entered } from '../chatroom/rooms.ts';
import { startCopyReceiver } from './copy-receiver.ts';

describe('copies of chatroom messages', () => {
  let receiver: Awaited<ReturnType<typeof startCopyReceiver>>;
  let server: TestServer;
  const entered: Entered[] = [];

  beforeAll(async () => {
    receiver = await startCopyReceiver({ appKey: APP.appKey, secret: APP.secret });
    server = await startTestServer({
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCopyUrl: receiver.url,
      imCopyEvents: 'chatroomMsg',
    });
  });
  afterAll(async () => {
    await Promise.all(entered.map((one) => one.room.destroy()));
    await server?.stop();
    await receiver?.close();
  });

  const eventsOf = (type: string) => receiver.eventsOf(type);
  const until = (check: () => boolean) => receiver.until(check);

  it("copies a member's messages and the server API's, signed, in NIM's fields", async () => {
    const roomId = await createRoom(server);
    const { accid, token } = server.server.seeded.demoAccounts[1]!;
    const guest = chatroomFor(server, roomId, { account: accid, token });
    entered.push(guest);
    await guest.room.connect();
    const sent = await guest.room.sendText({ text: '你好，直播间', custom: '{"level":3}' });
    const custom = await guest.room.sendCustomMsg({ content: '{"gift":"rocket"}' });
    const viaApi = await rest(server, 'chatroom/sendMsg', {
      roomid: roomId,
      msgId: 'rest-msg-0001',
      fromAccid: 'demo3',
      msgType: '0',
      attach: '欢迎光临',
    });
    expect(viaApi.code).toBe(200);

    await until(() => eventsOf('4').length === 3);
    const copies = eventsOf('4');
    expect(copies.every((copy) => copy.signed)).toBe(true);
    const byClientId = (id: string) => copies.find((copy) => copy.body.msgidClient === id)!.body;
    expect(byClientId(sent.idClient)).toMatchObject({
      eventType: '4',
      roomId,
      fromAccount: accid,
      fromClientType: 'WEB',
      msgType: 'TEXT',
      body: '你好，直播间',
      attach: '',
      ext: '{"level":3}',
      msgidServer: sent.idServer,
      msgTimestamp: String(sent.time),
      resendFlag: '0',
    });
    expect(byClientId(sent.idClient).ip).toMatch(/127\.0\.0\.1/);
    expect(byClientId(custom.idClient)).toMatchObject({
      msgType: 'CUSTOM',
      body: '',
      attach: '{"gift":"rocket"}',
    });
    expect(byClientId('rest-msg-0001')).toMatchObject({
      roomId,
      fromAccount: 'demo3',
      fromClientType: 'REST',
      msgType: 'TEXT',
      body: '欢迎光临',
    });
    // Chatroom messages are not copied as conversation messages (eventType 1).
    expect(eventsOf('1')).toEqual([]);
  }, 30_000);
});
