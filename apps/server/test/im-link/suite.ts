// The shared frame of the IM test files: a real test server (fresh for each test, or one for
// the file), clients connected to it, and everything stopped afterwards.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import type { Config } from '../../src/config/index.ts';
import type { ServerServices } from '../../src/app.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from './clients.ts';

export interface ImSuite {
  readonly server: TestServer;
  /** Instances to destroy after the test (clients made another way register here). */
  readonly opened: NIM[];
  client(index: number, extra?: Parameters<typeof connectClient>[2], target?: TestServer): ReturnType<typeof connectClient>;
}

/** `services` replaces parts of the server, e.g. a hand-moved clock for the presence events. */
export function imSuite(options: { fresh: 'each' | 'all'; config?: Partial<Config>; services?: ServerServices }): ImSuite {
  let current: TestServer | undefined;
  const opened: NIM[] = [];
  const start = async () => {
    current = await startTestServer({ imCommandsPerSecond: 10_000, ...options.config }, options.services);
  };
  const closeClients = () => Promise.all(opened.splice(0).map((nim) => nim.destroy()));
  if (options.fresh === 'each') {
    beforeEach(start);
    afterEach(async () => {
      await closeClients();
      await current?.stop();
    });
  } else {
    beforeAll(start);
    afterEach(closeClients);
    afterAll(async () => {
      await closeClients();
      await current?.stop();
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
  };
}
