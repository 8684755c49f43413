// The sync runner alone, with plain callbacks: pushes held during the login's sync and handled
// after its data, before onsyncdone; the live timetag rule; retries and SYNC_DATA_ERROR; waiting
// for original-url lookups (bounded); catch-up syncs run one at a time.
import { ImError, SYNC, type PushName, type SyncTimetags } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import type { CallbackName } from '../context.ts';
import { SyncRunner, type SyncRunnerContext } from './sync-runner.ts';

function setUp(options: { fail?: number; pending?: () => number; loggedIn?: () => boolean } = {}) {
  let timetags: SyncTimetags = { offlineMsgs: 10 };
  let failures = options.fail ?? 0;
  const log: string[] = [];
  const syncs: { release(): void }[] = [];
  const sleeps: number[] = [];
  const context: SyncRunnerContext = {
    send: (async () => {
      log.push('sync sent');
      if (failures > 0) {
        failures--;
        throw new ImError(500);
      }
      await new Promise<void>((resolve) => syncs.push({ release: resolve }));
      return { timetags: { offlineMsgs: 100, unknownCategory: 5 } };
    }) as SyncRunnerContext['send'],
    timetags: {
      get: () => timetags,
      set: (changed) => void (timetags = { ...timetags, ...changed }),
    },
    loggedIn: options.loggedIn ?? (() => true),
    emit: ((name: CallbackName, ...args: unknown[]) => {
      const [first] = args;
      log.push(first instanceof ImError ? `${name} ${first.code}` : name);
    }) as SyncRunnerContext['emit'],
    logger: { warn: (...args) => void log.push(`warn ${String(args[0])}`) },
    pendingLookups: options.pending ?? (() => 0),
    dispatch: (name: PushName) => void log.push(`handled ${name}`),
    sleep: async (ms) => void sleeps.push(ms),
  };
  const runner = new SyncRunner(context);
  const releaseSync = async () => {
    while (syncs.length === 0) await Promise.resolve();
    syncs.shift()!.release();
  };
  return { runner, log, sleeps, releaseSync, timetags: () => timetags };
}

describe('SyncRunner', () => {
  it('holds pushes during the sync (not its own data) and handles them after the hooks, before onsyncdone', async () => {
    const { runner, log, releaseSync, timetags } = setUp();
    runner.onSyncStart(() => log.push('start hook'));
    runner.onSyncDone(() => log.push('done hook'));
    const sync = runner.sync();
    runner.pushed('msg', {});
    runner.pushed('syncOfflineMsgs', {});
    await releaseSync();
    await sync;
    expect(log).toEqual([
      'start hook',
      'sync sent',
      'handled syncOfflineMsgs',
      'done hook',
      'handled msg',
      'onsyncdone',
    ]);
    // Only the protocol's categories are kept from the reply.
    expect(timetags()).toEqual({ offlineMsgs: 100 });
    runner.pushed('msg', {});
    expect(log.at(-1)).toBe('handled msg');
  });

  it('moves a timetag with live data only after this connection’s sync succeeded, never back', async () => {
    const { runner, releaseSync, timetags } = setUp();
    runner.advanceTimetag('offlineMsgs', 50);
    expect(timetags().offlineMsgs).toBe(10);
    const sync = runner.sync();
    await releaseSync();
    await sync;
    runner.advanceTimetag('offlineMsgs', 50);
    expect(timetags().offlineMsgs).toBe(100);
    runner.advanceTimetag('offlineMsgs', 150);
    expect(timetags().offlineMsgs).toBe(150);
  });

  it('retries a failed sync and reports SYNC_DATA_ERROR after more than 3 failures', async () => {
    const { runner, log, timetags } = setUp({ fail: SYNC.maxRetries + 1 });
    await runner.sync();
    expect(log.filter((l) => l === 'sync sent')).toHaveLength(SYNC.maxRetries + 1);
    expect(log.slice(-2)).toEqual(['onerror SYNC_DATA_ERROR', 'onsyncdone']);
    runner.advanceTimetag('offlineMsgs', 500); // the server still owes what came before
    expect(timetags().offlineMsgs).toBe(10);
  });

  it('waits for pending original-url lookups, at most 20 checks', async () => {
    const { runner, sleeps, releaseSync } = setUp({ pending: () => 1 });
    const sync = runner.sync();
    await releaseSync();
    await sync;
    expect(sleeps).toEqual(Array(SYNC.doneCheckTries).fill(SYNC.doneCheckIntervalMs));
  });

  it('runs one catch-up at a time, and one more when asked meanwhile', async () => {
    const { runner, log, releaseSync } = setUp();
    const first = runner.catchUp();
    void runner.catchUp();
    void runner.catchUp();
    await releaseSync();
    await releaseSync();
    await first;
    expect(log).toEqual(['sync sent', 'sync sent']);
  });
});
