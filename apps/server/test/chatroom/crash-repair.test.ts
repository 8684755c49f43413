// Online counts after a crash: members enter a room through the real SDK on a real server
// process, which is SIGKILLed (no leave runs); a fresh process on the same data takes the dead
// process's members out of the counts once it has been silent for the TTL, and counts its own.
import fs from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Chatroom } from '@morsel/im-sdk';
import {
  createPostgresDatabase,
  forEachEngine,
  freePort,
  makeDataDir,
  startProcess,
} from '../harness/index.ts';
import { nimPost } from '../im-rest/nim-client.ts';
import { RoomEvents } from './rooms.ts';

const APP = { appKey: 'crash-repair-app', secret: 'crash-repair-secret' };

await forEachEngine(({ label: engine }) => {
  describe('chatroom online counts after a crash', () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it('takes a killed process’s members out of the online count', async () => {
      const dataDir = await makeDataDir();
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const database = engine === 'PostgreSQL' ? await createPostgresDatabase() : undefined;
      if (database) cleanups.push(() => database.drop());
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = {
        PORT: String(port),
        MORSEL_HOST: '127.0.0.1',
        MORSEL_DATA_DIR: dataDir,
        MORSEL_LOG_LEVEL: 'error',
        MORSEL_IM_APP_KEY: APP.appKey,
        MORSEL_IM_APP_SECRET: APP.secret,
        MORSEL_IM_CHATROOM_PROCESS_TTL_SECONDS: '1',
        ...(database && { MORSEL_DATABASE_URL: database.url }),
      };
      let server: ChildProcess = await startProcess(env, url);
      cleanups.push(async () => server.kill('SIGKILL'));

      expect((await nimPost(url, 'create', { accid: 'host1' }, APP)).body.code).toBe(200);
      const created = await nimPost(
        url,
        'chatroom/create',
        { creator: 'host1', name: 'live' },
        APP,
      );
      const roomId = String(
        (created.body as unknown as { chatroom: { roomid: number } }).chatroom.roomid,
      );
      const online = async () => {
        const reply = await nimPost(
          url,
          'chatroom/get',
          { roomid: roomId, needOnlineUserCount: 'true' },
          APP,
        );
        return (reply.body as unknown as { chatroom: { onlineusercount: number } }).chatroom
          .onlineusercount;
      };
      /** A member with an account of its own (the SDK keeps one instance per account and room). */
      const member = async (accid: string) => {
        const made = await nimPost(url, 'create', { accid }, APP);
        return Chatroom.getInstance({
          appKey: APP.appKey,
          chatroomId: roomId,
          chatroomAddresses: [url],
          account: accid,
          token: made.body.info!.token,
          reconnectionAttempts: 0,
          ...new RoomEvents().callbacks(),
        });
      };

      const before = await Promise.all(['m1', 'm2', 'm3'].map(member));
      cleanups.push(() => Promise.all(before.map((room) => room.destroy())));
      await Promise.all(before.map((room) => room.connect()));
      expect(await online()).toBe(3);

      // No leave runs for a killed process: the counts stay as they were...
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      server = await startProcess(env, url);
      // ...until the new process finds the old one silent past the TTL and repairs them.
      await vi.waitFor(async () => expect(await online()).toBe(0), {
        timeout: 15_000,
        interval: 200,
      });

      // The live process's own members are not touched by its sweeps.
      const after = await member('m4');
      cleanups.push(() => after.destroy());
      await after.connect();
      expect(await online()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // more than two sweeps
      expect(await online()).toBe(1);
      // Two server starts on a shared machine: the bound is a hang guard, not a timing claim.
    }, 180_000);
  });
});
