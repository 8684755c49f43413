// The shared frame of the IM test files: a real test server (fresh for each test, or one for
// the file), clients connected to it, and everything stopped afterwards.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import type { Config } from '../../src/config/index.ts';
import type { ServerServices } from '../../src/app.ts';
import { createPostgresDatabase, startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from './clients.ts';

export interface ImSuite {
  readonly server: TestServer;
  /** Instances to destroy after the test (clients made another way register here). */
  readonly opened: NIM[];
  client(
    index: number,
    extra?: Parameters<typeof connectClient>[2],
    target?: TestServer,
  ): ReturnType<typeof connectClient>;
  /** Destroys an instance before the test ends (a page closed or reloaded). */
  leave(nim: NIM): Promise<void>;
}

/**
 * `services` replaces parts of the server, e.g. a hand-moved clock for the presence events;
 * `engine: 'postgres'` runs it on a fresh PostgreSQL database, dropped with the server (callers
 * skip the suite with `checkPostgres()` where none answers).
 */
export function imSuite(options: {
  fresh: 'each' | 'all';
  config?: Partial<Config>;
  services?: ServerServices;
  engine?: 'sqlite' | 'postgres';
}): ImSuite {
  let current: TestServer | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const opened: NIM[] = [];
  const start = async () => {
    database = options.engine === 'postgres' ? await createPostgresDatabase() : undefined;
    current = await startTestServer(
      {
        imCommandsPerSecond: 10_000,
        ...(database && { databaseUrl: database.url }),
        ...options.config,
      },
      options.services,
    );
  };
  const stop = async () => {
    await current?.stop();
    await database?.drop();
  };
  const closeClients = () => Promise.all(opened.splice(0).map((nim) => nim.destroy()));
  if (options.fresh === 'each') {
    beforeEach(start);
    afterEach(async () => {
      await closeClients();
      await stop();
    });
  } else {
    beforeAll(start);
    afterEach(closeClients);
    afterAll(async () => {
      await closeClients();
      await stop();
    });
  }
  return {
    get server() {
      if (!current) throw new Error('the test server is not started yet');
      return current;
    },
    opened,
    async client(index, extra = {}, target) {
      const connected = await connectClient(target ?? current!, index, extra);
      opened.push(connected.nim);
      return connected;
    },
    async leave(nim) {
      await nim.destroy();
      opened.splice(opened.indexOf(nim), 1);
    },
  };
}
