// The chatroom's limits: a member's message budget (416 past it, the SDK then fails the command
// locally), and 415 when no chatroom server is available.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImError } from '@morsel/protocol';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { rawClient } from '../im-link/raw-client.ts';
import { APP, chatroomFor, createRoom, type Entered } from './rooms.ts';

let server: TestServer;
const entered: Entered[] = [];

beforeAll(async () => {
  server = await startTestServer({
    imAppKey: APP.appKey,
    imAppSecret: APP.secret,
    imChatroomMessagesPerSecond: 3,
  });
});
afterAll(async () => {
  await Promise.all(entered.map((e) => e.room.destroy()));
  await server?.stop();
});

it('refuses a member past its message budget with 416 and the blocking time', async () => {
  const roomId = await createRoom(server);
  const { accid, token } = server.server.seeded.demoAccounts[1]!;
  const member = chatroomFor(server, roomId, { account: accid, token });
  entered.push(member);
  await member.room.connect();
  const outcomes = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      member.room.sendText({ text: `flood ${i}` }).then(
        () => 200,
        (error: ImError) => error.code,
      ),
    ),
  );
  expect(outcomes.filter((code) => code === 200).length).toBeLessThanOrEqual(3);
  expect(outcomes).toContain(416);
  // Blocked for the stated seconds: the next send fails with 416 too (the SDK fails it locally).
  await expect(member.room.sendText({ text: 'again' })).rejects.toMatchObject({ code: 416 });
  // Other commands are not part of the message budget.
  await expect(member.room.getChatroom()).resolves.toBeDefined();
});

it('answers getChatroomAddress 415 once no chatroom server is left', async () => {
  const roomId = await createRoom(server);
  const raw = await rawClient(server);
  const { demoAccounts } = server.server.seeded;
  expect((await raw.login(demoAccounts[0]!)).code).toBe(200);
  expect((await raw.call('getChatroomAddress', { chatroomId: roomId })).code).toBe(200);
  await server.server.chatrooms.close();
  const refused = await raw.call('getChatroomAddress', { chatroomId: roomId });
  expect(refused.code).toBe(415);
  raw.close();
});
