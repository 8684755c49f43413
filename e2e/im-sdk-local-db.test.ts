// The SDK's local database in Chromium: a shopper's page receives messages, is reloaded, and
// logs in again. With the database, history and session show at once (before the sync ends) and
// the sync asks only for what came since (the stored timetags); without it, the sync starts over.
// The frames on the websocket are decoded to see what the SDK asked and what the server sent.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandAt, decodeFrame } from '@morsel/protocol';
import type { NIM } from '@morsel/im-sdk';
import {
  connectClient,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { collectPageErrors, openPhone, screenshot, type Phone } from './harness/browser.ts';
import { addAppScript } from './harness/scripts.ts';

const sdkEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/im-sdk/src/index.ts',
);

async function bundleSdk(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: sdkEntry, formats: ['iife'], name: 'MorselIM', fileName: 'im' },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as { output: { code?: string }[] };
  return output.output[0]!.code!;
}

interface WireMsg {
  idServer: string;
  text?: string;
}

interface Visit {
  syncTimetags: Record<string, number>[];
  syncReplies: Record<string, number>[];
  offline: WireMsg[];
  roaming: WireMsg[];
}

/**
 * What the page's websockets carried, per visit (a reload starts the next): the sync request's
 * timetags, the sync reply's, and the messages of the sync pushes.
 */
function watchFrames(page: Page) {
  const visits: Visit[] = [];
  const startVisit = () => {
    const visit: Visit = { syncTimetags: [], syncReplies: [], offline: [], roaming: [] };
    visits.push(visit);
    return visit;
  };
  page.on('websocket', (socket) => {
    const seen = visits.at(-1)!;
    const decode = (payload: string | Buffer) => {
      if (typeof payload === 'string') return undefined; // Engine.IO's own packets
      try {
        const frame = decodeFrame(new Uint8Array(payload));
        return { frame, name: commandAt('im', frame.sid, frame.cid) };
      } catch {
        return undefined;
      }
    };
    socket.on('framesent', ({ payload }) => {
      const sent = decode(payload);
      if (sent?.name === 'sync')
        seen.syncTimetags.push(sent.frame.body!.timetags as Record<string, number>);
    });
    socket.on('framereceived', ({ payload }) => {
      const got = decode(payload);
      if (got?.name === 'sync' && got.frame.ser !== 0)
        seen.syncReplies.push(got.frame.body!.timetags as Record<string, number>);
      if (got?.name === 'syncOfflineMsgs')
        seen.offline.push(...(got.frame.body!.msgs as WireMsg[]));
      if (got?.name === 'syncRoamingMsgs')
        seen.roaming.push(...(got.frame.body!.msgs as WireMsg[]));
    });
  });
  return startVisit;
}

interface Login {
  appKey: string;
  account: string;
  token: string;
  lbsUrl: string;
  db?: boolean;
  peerSession: string;
}

interface PageState {
  atConnect: { sessions: { id: string; lastText?: string }[]; texts: string[] };
  offline: string[];
  roaming: string[];
  afterSync: string[];
  errors: string[];
}

/** Logs the page's SDK in and waits for the sync; what it held at onconnect is kept too. */
function logIn(page: Page, login: Login): Promise<PageState> {
  return page.evaluate(async ({ db, peerSession, ...credentials }) => {
    const Sdk = (window as unknown as { MorselIM: { NIM: typeof NIM } }).MorselIM.NIM;
    const state = {
      atConnect: { sessions: [], texts: [] },
      offline: [],
      roaming: [],
      afterSync: [],
      errors: [],
    } as PageState;
    const texts = (msgs: { text?: string }[]) => msgs.map((m) => m.text ?? '');
    let nim: NIM | undefined;
    const synced = new Promise<void>((resolve) => {
      nim = Sdk.getInstance({
        ...credentials,
        ...(db !== undefined && { db }),
        transports: ['websocket'],
        logLevel: 'off',
        logUploadUrl: 'off',
        autoConnect: false,
        onconnect: () => {
          // Before the sync has even started: what the local database gave.
          state.atConnect.sessions = nim!
            .getLocalSessions()
            .map((s) => ({ id: s.id, ...(s.lastMsg?.text && { lastText: s.lastMsg.text }) }));
          state.atConnect.texts = texts(nim!.getLocalMsgs({ sessionId: peerSession }));
        },
        onofflinemsgs: (batch) => state.offline.push(...texts(batch.msgs)),
        onroamingmsgs: (batch) => state.roaming.push(...texts(batch.msgs)),
        onerror: (error) => state.errors.push(`${error.code}: ${error.message}`),
        onsyncdone: () => resolve(),
      });
    });
    (window as unknown as { nim: NIM }).nim = nim!;
    await nim!.connect();
    await synced;
    state.afterSync = texts(nim!.getLocalMsgs({ sessionId: peerSession }));
    return state;
  }, login);
}

describe('the IM SDK local database in a browser', () => {
  let server: TestServer;
  let sdk: string;
  let phone: Phone;

  beforeAll(async () => {
    [server, sdk] = await Promise.all([
      startTestServer({ imCommandsPerSecond: 10_000 }),
      bundleSdk(),
    ]);
    phone = await openPhone({ device: 'Pixel 7' }); // Chrome: document 2 disables the database on Safari
  });
  afterAll(async () => {
    await phone?.close();
    await server?.stop();
  });

  /**
   * One scenario: two messages wait for the shopper, who logs in (they come with the first sync)
   * and receives two more live; the page is reloaded, one more arrives meanwhile, and the shopper
   * logs in again.
   */
  async function reloadScenario(db: boolean | undefined, tag: string) {
    const { appKey, demoAccounts } = server.server.seeded;
    const shopper = demoAccounts[0]!;
    const staff = await connectClient(server, 1);
    const send = async (text: string) =>
      (await staff.nim.sendText({ scene: 'p2p', to: shopper.accid, text })).idServer!;
    const login: Login = {
      appKey,
      account: shopper.accid,
      token: shopper.token,
      lbsUrl: `${server.url}/im/lbs`,
      peerSession: `p2p-${demoAccounts[1]!.accid.toLowerCase()}`,
      ...(db !== undefined && { db }),
    };
    const waiting = [`${tag} 坚果到货了`, `${tag} 今天满减`];
    const waitingIds = [await send(waiting[0]!), await send(waiting[1]!)];

    const page = await phone.newPage();
    const pageErrors = collectPageErrors(page);
    const startVisit = watchFrames(page);
    const firstVisit = startVisit();
    await page.goto(`${server.url}/`);
    await addAppScript(page, server.url, 'im-sdk', sdk);
    await logIn(page, login);

    const liveTexts = [`${tag} 明天见`, `${tag} 记得来`];
    const liveIds = [await send(liveTexts[0]!), await send(liveTexts[1]!)];
    const live = [...waiting, ...liveTexts];
    const sent = [...waitingIds, ...liveIds];
    await page.waitForFunction(
      ({ session, count }) =>
        (window as unknown as { nim: NIM }).nim.getLocalMsgs({ sessionId: session }).length >=
        count,
      { session: login.peerSession, count: live.length },
    );
    // What the database holds (reads queue behind every write made so far).
    const stored = await page.evaluate(
      (session) =>
        (window as unknown as { nim: NIM }).nim
          .getLocalMsgsFromDB({ sessionId: session })
          .then((r) => r.msgs.length),
      login.peerSession,
    );

    const secondVisit = startVisit();
    await page.reload();
    const whileAway = `${tag} 你离开后发的`;
    const awayId = (await staff.nim.sendText({ scene: 'p2p', to: shopper.accid, text: whileAway }))
      .idServer!;
    await addAppScript(page, server.url, 'im-sdk', sdk);
    const again = await logIn(page, login);
    await screenshot(page, `im-local-db-${tag}`);
    await staff.nim.destroy();
    await page.close();
    return {
      stored,
      live,
      sent,
      waitingIds,
      liveIds,
      whileAway,
      awayId,
      again,
      firstVisit,
      secondVisit,
      pageErrors,
    };
  }

  it('shows history at once after a reload and syncs only what came since', async () => {
    const run = await reloadScenario(undefined, 'db');
    expect(run.stored).toBe(4);
    expect(run.firstVisit.roaming.map((m) => m.idServer)).toEqual(run.waitingIds); // a new device's first sync
    // Before the sync: the four messages and their session, from the local database.
    expect(run.again.atConnect.texts).toEqual([...run.live].reverse());
    expect(run.again.atConnect.sessions).toContainEqual({
      id: expect.stringMatching(/^p2p-/),
      lastText: run.live[3],
    });
    // The sync asked with the timetags the first visit's sync ended with: no roaming restart,
    // nothing the first sync brought. The server sends again what came after its timetag (the
    // live messages: its timetag is taken before streaming, so nothing at the edge is lost) and
    // the SDK, which holds them, reports and shows only the message sent while away, once.
    // Only the categories whose data the database keeps (messages, sessions, system messages):
    // the others (friends, teams...) live in memory and start over.
    expect(run.firstVisit.syncReplies).toHaveLength(1);
    const stored = [
      'offlineMsgs',
      'sessions',
      'msgReceipts',
      'deleteMsg',
      'stickTopSessions',
      'teamMsgs',
      'superTeamMsgs',
      'superTeamSessions',
      'sysMsgs',
    ];
    const storedOf = (timetags: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(timetags).filter(([category]) => stored.includes(category)),
      );
    expect(run.secondVisit.syncTimetags).toEqual([storedOf(run.firstVisit.syncReplies[0]!)]);
    expect(run.secondVisit.syncTimetags[0]!.offlineMsgs).toBeGreaterThan(0);
    expect(run.secondVisit.roaming).toEqual([]);
    expect(run.secondVisit.offline.map((m) => m.idServer)).toEqual([...run.liveIds, run.awayId]);
    expect(run.again.offline).toEqual([run.whileAway]);
    expect(run.again.afterSync).toEqual([run.whileAway, ...[...run.live].reverse()]);
    expect(run.again.errors).toEqual([]);
    expect(run.pageErrors).toEqual([]);
  });

  it('with db: false, keeps nothing: the page starts empty and the sync starts over', async () => {
    const run = await reloadScenario(false, 'nodb');
    expect(run.stored).toBe(0); // database-disabled calls return empty results
    expect(run.again.offline).toEqual([]);
    expect(run.again.atConnect).toEqual({ sessions: [], texts: [] });
    expect(run.secondVisit.syncTimetags).toHaveLength(1);
    expect(run.secondVisit.syncTimetags[0]!.offlineMsgs ?? 0).toBe(0);
    // A new device's sync: recent history as roaming messages, the earlier run's included.
    const roamed = run.secondVisit.roaming.map((m) => m.idServer);
    expect(roamed).toEqual(expect.arrayContaining([...run.sent, run.awayId]));
    expect(run.again.afterSync.slice(0, 5)).toEqual([run.whileAway, ...[...run.live].reverse()]);
    expect(run.again.errors).toEqual([]);
    expect(run.pageErrors).toEqual([]);
  });

  it('on Safari keeps no database, as document 2 says: clearDB answers NO_DB', async () => {
    const iphone = await openPhone(); // iPhone 13: Safari's user agent
    try {
      const page = await iphone.newPage();
      await page.goto(`${server.url}/`);
      await addAppScript(page, server.url, 'im-sdk', sdk);
      const { appKey, demoAccounts } = server.server.seeded;
      const result = await page.evaluate(
        async ({ appKey, account, token, lbsUrl }) => {
          const Sdk = (window as unknown as { MorselIM: { NIM: typeof NIM } }).MorselIM.NIM;
          const nim = Sdk.getInstance({
            appKey,
            account,
            token,
            lbsUrl,
            autoConnect: false,
            logLevel: 'off',
            logUploadUrl: 'off',
          });
          await nim.sendText({ scene: 'p2p', to: 'someone', text: '本地', isLocal: true });
          const error = await nim.clearDB().then(
            () => null,
            (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
          );
          const fromDb = await nim.getLocalMsgsFromDB({ sessionId: 'p2p-someone' });
          const databases = (await indexedDB.databases()).map((d) => d.name);
          await nim.destroy();
          return { error, fromDb: fromDb.msgs.length, databases };
        },
        {
          appKey,
          account: demoAccounts[0]!.accid,
          token: demoAccounts[0]!.token,
          lbsUrl: `${server.url}/im/lbs`,
        },
      );
      expect(result).toEqual({
        error: { code: 'NO_DB', message: 'no db' },
        fromDb: 0,
        databases: [],
      });
    } finally {
      await iphone.close();
    }
  });
});
