// Two server processes sharing Redis (bus) and PostgreSQL: members of one room on different
// processes receive each other's batches, kicks reach the process holding the member, and the
// online count is the room's, not a process's. Runs when Redis and PostgreSQL answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPostgres,
  checkRedis,
  startServerPair,
  type ServerPair,
  type TestServer,
} from '../harness/index.ts';
import { APP, chatroomFor, createRoom, until, type Entered } from './rooms.ts';

const ready = (await checkRedis()) && (await checkPostgres());

describe.runIf(ready)('chatrooms across two processes on Redis and PostgreSQL', () => {
  let pair: ServerPair | undefined;
  let one: TestServer;
  let two: TestServer;
  const entered: Entered[] = [];

  beforeAll(async () => {
    pair = await startServerPair({
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCommandsPerSecond: 10_000,
    });
    ({ one, two } = pair);
  });
  afterAll(async () => {
    await Promise.all(entered.map((e) => e.room.destroy()));
    await pair?.stop();
  });

  async function enter(server: TestServer, roomId: string, index: number) {
    const { accid, token } = server.server.seeded.demoAccounts[index]!;
    const member = chatroomFor(server, roomId, { account: accid, token });
    entered.push(member);
    await member.room.connect();
    return member;
  }

  it('fans a room out through the bus: messages, notifications, kicks and counts', async () => {
    const roomId = await createRoom(one);
    const owner = await enter(one, roomId, 0);
    const guest = await enter(two, roomId, 1);

    await until(() => expect(owner.events.notifications()).toContain('memberEnter'));
    expect((await owner.room.getChatroom()).chatroom.onlineMemberNum).toBe(2);

    await guest.room.sendText({ text: '从二号进程' });
    await owner.room.sendText({ text: '从一号进程' });
    await until(() => {
      expect(owner.events.texts()).toEqual(['从二号进程']);
      expect(guest.events.texts()).toEqual(['从一号进程']);
    });

    await owner.room.kickChatroomMember({ account: 'demo2' });
    await until(() =>
      expect(guest.events.disconnects).toEqual([
        expect.objectContaining({ reason: 'managerKick' }),
      ]),
    );
    await until(async () =>
      expect((await owner.room.getChatroom()).chatroom.onlineMemberNum).toBe(1),
    );
    await until(() => expect(owner.events.notifications()).toContain('memberExit'));
  });
});
