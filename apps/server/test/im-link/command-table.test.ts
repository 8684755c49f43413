// The protocol's command table against a real built server: every request command has a handler
// or sits in NOT_SUPPORTED with its reason; retired ids stay refused as Not_Support; every sync
// category the protocol declares has a source; logged-in handlers receive the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMANDS,
  encodeFrame,
  RETIRED_COMMANDS,
  SYNC_CATEGORY_NAMES,
  type CommandName,
} from '@morsel/protocol';
import type { HandlerTable } from '../../src/im/gateway/index.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from './clients.ts';
import { rawClient } from './raw-client.ts';

const CLIENT_LOGS =
  'client logs are uploaded over HTTP with the ticket login hands out (im/client-logs)';

/** Request commands of the IM link that no handler serves, each with the reason. */
const NOT_SUPPORTED: Partial<Record<CommandName, string>> = {
  heartbeat: 'answered by the connection itself, outside the command queue (connection.ts)',
  syncTeamMembers: 'deprecated by NIM: the sync streams my member records (myTeamMembers)',
  notifyUploadLog: CLIENT_LOGS,
  uploadSdkLogUrl: CLIENT_LOGS,
  notifyTransLog: CLIENT_LOGS,
  audioToText:
    'speech to text needs an engine; none that works offline with its model ships (docs/im-files.md)',
};

/** Links the gateway does not serve at all (the chatroom has its own link and service). */
const UNSERVED_LINKS = new Set(['chatroom']);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ imCommandsPerSecond: 1000 });
});
afterAll(async () => {
  await server?.stop();
});

const requests = () =>
  (Object.keys(COMMANDS) as CommandName[]).filter((name) => COMMANDS[name].kind === 'request');

describe('the command table', () => {
  it('has a handler for every request command, or a reason in NOT_SUPPORTED', () => {
    const handled = new Set(server.server.imGateway.gateway.handledCommands());
    const imRequests = requests().filter((name) => !UNSERVED_LINKS.has(COMMANDS[name].link));
    const missing = imRequests.filter((name) => !handled.has(name) && !NOT_SUPPORTED[name]);
    const listedButHandled = imRequests.filter((name) => handled.has(name) && NOT_SUPPORTED[name]);
    expect(missing).toEqual([]);
    expect(listedButHandled).toEqual([]);
    // Nothing is listed that the table does not hold as an IM request.
    expect(
      Object.keys(NOT_SUPPORTED).filter((name) => !imRequests.includes(name as CommandName)),
    ).toEqual([]);
    // The gateway handles nothing of a link it does not serve, and nothing that is a push.
    expect(
      [...handled].filter(
        (name) => UNSERVED_LINKS.has(COMMANDS[name].link) || COMMANDS[name].kind === 'push',
      ),
    ).toEqual([]);
  });

  it('has a chatroom service handler for every request command of the chatroom link', () => {
    const handled = new Set(server.server.chatrooms.service.handledCommands());
    const roomRequests = requests().filter((name) => COMMANDS[name].link === 'chatroom');
    expect(roomRequests.filter((name) => !handled.has(name))).toEqual([]);
    expect([...handled].filter((name) => COMMANDS[name].link !== 'chatroom')).toEqual([]);
  });

  it('answers a NOT_SUPPORTED command Not_Support', async () => {
    const { nim } = await connectClient(server, 0);
    try {
      await expect(nim.sendCmd('audioToText', { url: 'https://x/a.aac' })).rejects.toMatchObject({
        code: 403,
        message: expect.stringContaining('Not_Support'),
      });
    } finally {
      await nim.destroy();
    }
  });

  it('answers a retired command Not_Support, an id the protocol never had 404', async () => {
    const { demoAccounts } = server.server.seeded;
    const raw = await rawClient(server);
    try {
      expect((await raw.login(demoAccounts[0]!)).code).toBe(200);
      const retired = RETIRED_COMMANDS[0]!;
      const replyTo = async (sid: number, cid: number, ser: number) => {
        raw.sendBytes(encodeFrame({ sid, cid, ser, code: 0, body: {} }));
        await raw.waitFor(() => raw.frames.some((f) => f.ser === ser && f.sid === sid));
        return raw.frames.find((f) => f.ser === ser && f.sid === sid)!;
      };
      const old = await replyTo(retired.sid, retired.cid, 901);
      expect(old.code).toBe(403);
      expect(old.body).toMatchObject({ name: 'Not_Support' });
      expect(String(old.body?.message)).toContain(retired.name);
      expect((await replyTo(99, 99, 902)).code).toBe(404);
    } finally {
      raw.close();
    }
  });
});

describe('sync categories', () => {
  it('has a source for every category the protocol declares, and none besides', () => {
    const served = server.server.imGateway.syncSources.categories();
    expect([...served].sort()).toEqual([...SYNC_CATEGORY_NAMES].sort());
  });
});

describe('handler context', () => {
  it('hands a logged-in handler the session; a pre-login one has none (checked by tsc)', async () => {
    const sessions: string[] = [];
    const typed: HandlerTable = {
      async getServerTime({ session }) {
        sessions.push(session.accid);
        return { time: 1 };
      },
      // @ts-expect-error a pre-login handler runs before any session exists
      async initTransport({ session }) {
        void session;
      },
    };
    server.server.imGateway.gateway.use({ getServerTime: typed.getServerTime });
    const { nim } = await connectClient(server, 1);
    try {
      expect(await nim.getServerTime()).toBe(1);
      expect(sessions).toEqual([server.server.seeded.demoAccounts[1]!.accid]);
    } finally {
      await nim.destroy();
    }
  });
});
