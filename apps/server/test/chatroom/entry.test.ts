// Getting into a chatroom: the address asked through the real SDK on the IM link (refused to an
// account the room has blacklisted), and token logins on the chatroom link throttled by the IM
// login's own failed-login backoff (one count per account whichever link the guesses use).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { CHATROOM_LINK_PATH, type ImError } from '@morsel/protocol';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { demoOptions } from '../im-link/clients.ts';
import { rawClient } from '../im-link/raw-client.ts';
import { APP, chatroomFor, createRoom, rest } from './rooms.ts';

let server: TestServer;
const nims: NIM[] = [];

beforeAll(async () => {
  server = await startTestServer({
    imAppKey: APP.appKey,
    imAppSecret: APP.secret,
    imLoginFailuresPerAccount: 1,
    imLoginFailuresPerAddress: 1000,
  });
});
afterAll(async () => {
  await Promise.all(nims.map((nim) => nim.destroy()));
  await server?.stop();
});

const codeOf = (work: Promise<unknown>) =>
  work.then(
    () => 200,
    (error: ImError) => error.code,
  );

it('answers nim.getChatroomAddress with the link addresses, unless the account may not enter', async () => {
  const roomId = await createRoom(server);
  const nim = NIM.getInstance(demoOptions(server, 1));
  nims.push(nim);
  await nim.connect();

  await expect(nim.getChatroomAddress({ chatroomId: roomId })).resolves.toEqual({
    chatroomId: roomId,
    address: [server.url],
  });
  // The NIM callback style answers the same.
  const viaDone = await new Promise<unknown>((resolve) =>
    nim.getChatroomAddress({ chatroomId: roomId, done: (error, reply) => resolve(error ?? reply) }),
  );
  expect(viaDone).toMatchObject({ address: [server.url] });
  expect(await codeOf(nim.getChatroomAddress({ chatroomId: '99999' }))).toBe(404);

  const black = await rest(server, 'chatroom/setMemberRole', {
    roomid: roomId,
    operator: 'demo1',
    target: 'demo2',
    opt: '-1',
    optvalue: 'true',
  });
  expect(black.code).toBe(200);
  expect(await codeOf(nim.getChatroomAddress({ chatroomId: roomId }))).toBe(13003);

  const closed = await createRoom(server);
  await rest(server, 'chatroom/toggleCloseStat', {
    roomid: closed,
    operator: 'demo1',
    valid: 'false',
  });
  expect(await codeOf(nim.getChatroomAddress({ chatroomId: closed }))).toBe(13002);
});

it('throttles token logins on the chatroom link with the IM login throttle', async () => {
  const roomId = await createRoom(server);
  const { accid, token } = server.server.seeded.demoAccounts[2]!;
  // Wrong tokens through the SDK: refused (302) until the backoff starts; then the SDK gives up
  // (a 416 is retried later, not fatal, as on the IM link).
  const codes: unknown[] = [];
  for (let attempt = 0; attempt < 6 && !codes.includes('Connect_Failed'); attempt++) {
    const guess = chatroomFor(server, roomId, { account: accid, token: `wrong-${attempt}` });
    codes.push(await codeOf(guess.room.connect()));
    await guess.room.destroy();
  }
  expect(codes.slice(0, 2)).toEqual([302, 302]);
  expect(codes.at(-1)).toBe('Connect_Failed');

  // Even the right token is refused now, before it is looked up: on the chatroom link...
  const room = await rawClient(server, { path: CHATROOM_LINK_PATH });
  const entering = await room.call('chatroomLogin', {
    appKey: APP.appKey,
    chatroomId: roomId,
    account: accid,
    token,
    clientType: 16,
    deviceId: 'entry-test',
  });
  expect(entering.code).toBe(416);
  expect(entering.body!.duration).toBeGreaterThan(0);
  room.close();
  // ...and on the IM link: one count per account, whichever link the guesses came through.
  const im = await rawClient(server);
  expect((await im.login({ accid, token })).code).toBe(416);
  im.close();
});
