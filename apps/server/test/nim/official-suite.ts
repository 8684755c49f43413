// What every suite of the official NIM Web SDK needs, in one place: the loopback guard (nothing
// may leave the machine), one server for the suite, fresh accounts, and the instances of both
// SDKs a test made, ended after it. Call inside `describe`.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { startTestServer, type ManualClock, type TestServer } from '../harness/index.ts';
import { APP } from '../chatroom/rooms.ts';
import { guardLoopback } from './loopback-guard.ts';
import { destroyOfficial, officialClient, type OfficialClient } from './official-sdk.ts';

export interface Account {
  accid: string;
  token: string;
}

/**
 * `chatroomApp`: the server's app is the chatroom tests' (rooms made through its REST API).
 * `clock`: the server's clock, for tests that need distinct times without waiting for them.
 */
export function officialSuite(options: { chatroomApp?: boolean; clock?: ManualClock } = {}) {
  let server: TestServer | undefined;
  let unguard: (() => void) | undefined;
  const clients: OfficialClient[] = [];
  const ours: NIM[] = [];
  beforeAll(async () => {
    unguard = guardLoopback();
    server = await startTestServer(
      {
        imCommandsPerSecond: 10_000,
        ...(options.chatroomApp && { imAppKey: APP.appKey, imAppSecret: APP.secret }),
      },
      options.clock && { clock: options.clock },
    );
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => destroyOfficial(c.nim)));
    await Promise.all(ours.splice(0).map((nim) => nim.destroy()));
  });
  afterAll(async () => {
    await server?.stop();
    unguard?.();
  });

  const suite = {
    get server(): TestServer {
      if (!server) throw new Error('the suite server starts in beforeAll');
      return server;
    },
    /** Our own SDK's instances of a test, destroyed after it. */
    ours,
    /**
     * A fresh account: the official SDK keeps one instance per account in a process, and a new
     * instance of an account used before still calls the old one's callbacks.
     */
    async newAccount(accid: string): Promise<Account> {
      const { appKey } = suite.server.server.seeded;
      const created = await suite.server.server.imAccounts.create({ appKey, accid, name: accid });
      return { accid, token: created.token };
    },
    /**
     * An official client of an account (a fresh one when given a name), ended after the test;
     * it has synced unless `waitForSync` is false. `extra` adds options to NIM.getInstance.
     */
    async official(
      account: string | Account,
      options: { waitForSync?: boolean; extra?: Record<string, unknown> } = {},
    ): Promise<OfficialClient> {
      const login = typeof account === 'string' ? await suite.newAccount(account) : account;
      const client = officialClient(suite.server, login, options.extra);
      clients.push(client);
      if (options.waitForSync !== false) await client.next('syncdone');
      return client;
    },
    /** Ends an official client within a test (a later login of its account is a new one). */
    async end(client: OfficialClient): Promise<void> {
      clients.splice(clients.indexOf(client), 1);
      await destroyOfficial(client.nim);
    },
  };
  return suite;
}
