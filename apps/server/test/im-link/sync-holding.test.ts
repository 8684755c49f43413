// Document 2: "Messages arriving during the sync are processed afterwards. Processing starts only
// when no original-url lookups are pending, or after at most 20 checks of 300 ms." The server's
// sync or its original-url lookups are held open by the tests, so a live push lands in the middle
// of a receiver's sync deterministically.
import { describe, expect, it, vi } from 'vitest';
import { NIM, type ClientMsg } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';
import { demoOptions, Events } from './clients.ts';

const suite = imSuite({ fresh: 'each' });

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** demo2's sync streams its data, then waits for `release` before answering (syncDone). */
function holdSyncOf(accid: string) {
  const im = suite.server.server.imGateway;
  const real = im.syncSources.handlers().sync!;
  const streamed = deferred();
  const answered = deferred();
  const release = deferred();
  im.gateway.use({
    sync: async (context, params) => {
      const reply = await real(context, params);
      if (context.connection.session?.accid === accid) {
        streamed.resolve();
        await release.promise;
        answered.resolve();
      }
      return reply;
    },
  });
  return {
    streamed: streamed.promise,
    answered: answered.promise,
    release: () => release.resolve(),
  };
}

/** demo2, not connected yet, with a record of the pushes its link delivered (held or not). */
function receiver() {
  const events = new Events();
  const nim = NIM.getInstance({ ...demoOptions(suite.server, 1), ...events.callbacks() });
  suite.opened.push(nim);
  const pushes: string[] = [];
  // Reached inside on purpose: the instance's sync runner is where the link hands every push.
  type Runner = { pushed(name: string, params: unknown): void };
  const runner = (nim as unknown as { instance: { syncRunner: Runner } }).instance.syncRunner;
  const pushed = runner.pushed.bind(runner);
  runner.pushed = (name, params) => {
    pushes.push(name);
    pushed(name, params);
  };
  return { nim, events, pushes };
}

const sessionMsgs = (batches: { msgs: ClientMsg[] }[]) => batches.flatMap((b) => b.msgs);

describe('pushes during the sync', () => {
  it('holds a live message that arrives mid-sync and delivers it once, after the sync data, before onsyncdone', async () => {
    const a = await suite.client(0);
    const before = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'before the sync' });
    const sync = holdSyncOf('demo2');
    const b = receiver();
    void b.nim.connect();
    await sync.streamed; // demo2's sync data is out, its syncDone is not
    const during = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'during the sync' });
    await vi.waitFor(() => expect(b.pushes).toContain('msg'), { timeout: 10_000 });
    // Arrived, and held: not delivered, not stored, no syncdone yet.
    expect(b.events.all('msg')).toEqual([]);
    expect(b.events.all('syncdone')).toEqual([]);
    expect(b.nim.getLocalMsgByIdClient(during.idClient)).toBeUndefined();
    sync.release();
    await b.events.next('syncdone');
    const roaming = sessionMsgs(b.events.all('roamingmsgs'));
    expect(roaming.map((m) => m.idServer)).toContain(before.idServer);
    expect(roaming.map((m) => m.idServer)).not.toContain(during.idServer);
    const live = b.events.all<ClientMsg>('msg');
    expect(live.map((m) => m.idServer)).toEqual([during.idServer]);
    const names = b.events.names();
    const last = (name: string) => names.lastIndexOf(name);
    expect(last('roamingmsgs')).toBeLessThan(names.indexOf('msg'));
    expect(names.indexOf('sessions')).toBeLessThan(names.indexOf('msg'));
    expect(names.indexOf('msg')).toBeLessThan(names.indexOf('syncdone'));
    const held = b.nim
      .getLocalMsgs({ sessionId: 'p2p-demo1', limit: 100, desc: false })
      .map((m) => m.text);
    expect(held.slice(-2)).toEqual(['before the sync', 'during the sync']);
    expect(b.nim.getLocalSession('p2p-demo1')?.unread).toBe(2);
  });
});

describe('original-url lookups during the sync', () => {
  /** The server's lookups wait for `release`; `started` counts those that began. */
  function holdLookups() {
    const safeUrls = suite.server.server.safeUrls;
    const resolve = safeUrls.resolve.bind(safeUrls);
    const release = deferred();
    const started = { count: 0, first: deferred() };
    vi.spyOn(safeUrls, 'resolve').mockImplementation(async (appKey, safeUrl) => {
      started.count++;
      started.first.resolve();
      await release.promise;
      return resolve(appKey, safeUrl);
    });
    return { started, release: () => release.resolve() };
  }

  async function fileWithSafeUrl() {
    const a = await suite.client(0);
    const origin = 'https://bucket.example.com/private/menu-2024.pdf';
    const safeUrl = await suite.server.server.safeUrls.mint({
      appKey: suite.server.server.seeded.appKey,
      originUrl: origin,
      baseUrl: 'https://files.example.com/s',
    });
    const sent = await a.nim.sendFile({
      scene: 'p2p',
      to: 'demo2',
      file: { url: safeUrl, ext: 'pdf', size: 5000, name: 'menu.pdf' },
    });
    return { a, origin, safeUrl, sent };
  }

  it('waits for a pending lookup before handling held pushes and onsyncdone, then shows the original url', async () => {
    const { a, origin, sent } = await fileWithSafeUrl();
    const lookups = holdLookups();
    const b = receiver();
    void b.nim.connect();
    // The server runs a connection's commands in order: the lookup the synced file message
    // started runs once the sync is answered, so from here only the lookup holds the processing.
    await lookups.started.first.promise;
    const during = await a.nim.sendText({
      scene: 'p2p',
      to: 'demo2',
      text: 'while the lookup runs',
    });
    await vi.waitFor(() => expect(b.pushes).toContain('msg'), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 700)); // more than two checks of 300 ms
    expect(b.events.all('syncdone')).toEqual([]);
    expect(b.events.all('msg')).toEqual([]);
    const synced = b.nim.getLocalMsgByIdClient(sent.idClient)!;
    expect(synced.file!.url).not.toBe(origin);
    lookups.release();
    await b.events.next('syncdone');
    expect(lookups.started.count).toBe(1);
    // By onsyncdone the synced message carries the original url, here and in the store.
    expect(synced.file!.url).toBe(origin);
    expect(b.nim.getLocalMsgByIdClient(sent.idClient)!.file).toMatchObject({
      url: origin,
      ext: 'pdf',
      size: 5000,
      name: 'menu.pdf',
    });
    const names = b.events.names();
    expect(b.events.all<ClientMsg>('msg').map((m) => m.idServer)).toEqual([during.idServer]);
    expect(names.indexOf('msg')).toBeLessThan(names.indexOf('syncdone'));
  });

  it('stops waiting after 20 checks of 300 ms when a lookup never ends', async () => {
    await fileWithSafeUrl();
    const lookups = holdLookups();
    const b = receiver();
    void b.nim.connect();
    await lookups.started.first.promise; // the sync is answered (see above)
    const answeredAt = Date.now();
    await b.events.next('syncdone', 15_000);
    const waited = Date.now() - answeredAt;
    expect(waited).toBeGreaterThanOrEqual(20 * 300 - 100);
    expect(waited).toBeLessThan(20 * 300 + 3_000);
    lookups.release();
  }, 20_000);
});
