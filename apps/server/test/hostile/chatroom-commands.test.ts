// Every request command of the chatroom link gets hostile parameter maps generated from its
// TypeBox schema, over a raw connection in a room: each gets a reply code, never 500 or a pack
// error, and the connection still answers chatroomGet afterwards.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHATROOM_LINK_PATH, COMMANDS, NON_ERROR_CODES, type CommandName } from '@morsel/protocol';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { rawClient, type RawClient } from '../im-link/raw-client.ts';
import { APP, createRoom } from '../chatroom/rooms.ts';
import { hostileVariants, randomMaps, sampleValid, type Schema } from './hostile-values.ts';

/** A valid map of these ends the connection's stay in the room: fuzzed on their own. */
const SESSION_ENDING = new Set<CommandName>(['chatroomLogin', 'chatroomLogout', 'chatroomClose']);

const roomCommands = (Object.keys(COMMANDS) as CommandName[]).filter(
  (name) =>
    COMMANDS[name].kind === 'request' &&
    COMMANDS[name].link === 'chatroom' &&
    !SESSION_ENDING.has(name),
);

let server: TestServer;
let link: RawClient;
let roomId: string;

beforeAll(async () => {
  server = await startTestServer({
    imAppKey: APP.appKey,
    imAppSecret: APP.secret,
    imCommandsPerSecond: 100_000,
    imChatroomMessagesPerSecond: 100_000,
  });
  roomId = await createRoom(server);
  link = await rawClient(server, { path: CHATROOM_LINK_PATH });
  const { accid, token } = server.server.seeded.demoAccounts[0]!;
  const login = await link.call('chatroomLogin', {
    appKey: APP.appKey,
    chatroomId: roomId,
    account: accid,
    token,
    clientType: 16,
    deviceId: 'hostile-room',
  });
  expect(login.code).toBe(200);
});
afterAll(async () => {
  link?.close();
  await server?.stop();
});

it('answers every hostile parameter map of every chatroom command with a code, never 500', async () => {
  const failures: string[] = [];
  for (const [i, name] of roomCommands.entries()) {
    const schema = COMMANDS[name].request as unknown as Schema;
    const variants = [
      { label: 'plausible valid map', value: sampleValid(schema) },
      ...hostileVariants(schema, {}),
      ...randomMaps(schema, 6, 900 + i),
    ].filter((v) => v.value !== null && typeof v.value === 'object' && !Array.isArray(v.value));
    const replies = await Promise.allSettled(variants.map((v) => link.call(name, v.value)));
    replies.forEach((reply, j) => {
      const label = `${name} [${variants[j]!.label}]`;
      if (reply.status === 'rejected') return failures.push(`${label}: ${String(reply.reason)}`);
      const { code, body } = reply.value;
      if (code === 500 || code === 999) failures.push(`${label}: server error ${code}`);
      if (!NON_ERROR_CODES.has(code) && typeof body?.message !== 'string')
        failures.push(`${label}: code ${code} without a message`);
    });
    expect((await link.call('chatroomGet', {})).code, `after ${name}`).toBe(200);
  }
  expect(failures).toEqual([]);
  expect(roomCommands.length).toBeGreaterThan(15);
});
