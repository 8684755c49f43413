// The sync after each login and the catch-up syncs the server asks for (notifySync), the pushes
// held while the login's sync runs, and the live timetag rule. Managers see it through the
// context's onSyncStart, onSyncDone and advanceTimetag; the instance routes every push but the
// link's own through `pushed`.
import {
  ImError,
  SYNC,
  SYNC_DATA_PUSHES,
  syncTimetagsOf,
  type PushName,
  type SyncCategory,
  type SyncTimetags,
} from '@morsel/protocol';
import type { Emit, Send, Warn } from '../context.ts';

export interface SyncRunnerContext {
  send: Send;
  /** The stored timetags and their update (the local store's). */
  timetags: { get(): SyncTimetags; set(timetags: SyncTimetags): void };
  /** Whether the link is logged in now (a sync that fails otherwise waits for the next login). */
  loggedIn(): boolean;
  emit: Emit;
  logger: Warn;
  /** Original-url lookups in flight: the processing after a sync waits for them (bounded). */
  pendingLookups(): number;
  /** Hands a push to the managers' handlers. */
  dispatch(name: PushName, params: Record<string, unknown>): void;
  /** Waits between the checks for pending lookups (a timer; tests may pass a quicker one). */
  sleep?(ms: number): Promise<void>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class SyncRunner {
  private readonly startHooks: (() => void)[] = [];
  private readonly doneHooks: (() => void)[] = [];
  private syncing = false;
  /** This connection's sync succeeded: until then live pushes never move a timetag. */
  private syncedOnThisLink = false;
  private heldPushes: [PushName, Record<string, unknown>][] = [];
  /** A catch-up sync (notifySync) is running; another request meanwhile runs once it ends. */
  private catchingUp = false;
  private catchUpAgain = false;

  constructor(private readonly context: SyncRunnerContext) {}

  onSyncStart(hook: () => void): void {
    this.startHooks.push(hook);
  }

  onSyncDone(hook: () => void): void {
    this.doneHooks.push(hook);
  }

  /**
   * Moves a sync category's timetag forward to `time` (never back), for data that reached the
   * device live. Only after this connection's sync succeeded: if it failed, the server still owes
   * the device what came since the old timetag.
   */
  advanceTimetag(category: SyncCategory, time: number): void {
    if (!this.syncedOnThisLink || this.syncing) return;
    const { timetags } = this.context;
    if (time > (timetags.get()[category] ?? 0)) timetags.set({ [category]: time });
  }

  /** A push from the link: handled now, or held until the login's sync is done. */
  pushed(name: PushName, params: Record<string, unknown>): void {
    if (this.syncing && !SYNC_DATA_PUSHES.has(name)) this.heldPushes.push([name, params]);
    else this.context.dispatch(name, params);
  }

  /** Runs the login's sync, retried on errors; more than 3 failures report SYNC_DATA_ERROR. */
  async sync(): Promise<void> {
    const { context } = this;
    this.syncing = true;
    this.syncedOnThisLink = false;
    for (const hook of this.startHooks) hook();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.syncTimetags();
        this.syncedOnThisLink = true;
        break;
      } catch (error) {
        if (!context.loggedIn()) return; // the next login syncs again
        if (attempt > SYNC.maxRetries) {
          context.emit(
            'onerror',
            new ImError(
              'SYNC_DATA_ERROR',
              `sync failed ${attempt} times: ${(error as Error).message}`,
            ),
          );
          break;
        }
      }
    }
    // Processing starts once no original-url lookup is pending, or after 20 checks of 300 ms.
    const sleep = context.sleep ?? timer;
    for (let check = 0; context.pendingLookups() > 0 && check < SYNC.doneCheckTries; check++) {
      await sleep(SYNC.doneCheckIntervalMs);
    }
    this.syncing = false;
    for (const hook of this.doneHooks) hook();
    for (const [name, params] of this.heldPushes.splice(0)) context.dispatch(name, params);
    context.emit('onsyncdone');
  }

  /**
   * The server asked for a sync (notifySync: live pushes may have been lost while its bus was
   * reconnecting, what they carried is committed). A catch-up sync from the stored timetags,
   * outside the login's sync: no sync-start or sync-done hooks, no onsyncdone; what it finds
   * arrives as offline messages, sessions... and is shown once. Asked during the login's sync,
   * the push is held and runs after it; asked during a catch-up, one more runs after it.
   */
  async catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = true;
    try {
      do {
        this.catchUpAgain = false;
        if (!this.context.loggedIn()) return; // the next login syncs anyway
        try {
          await this.syncTimetags();
        } catch (error) {
          this.context.logger.warn('catch-up sync failed', (error as Error).message);
        }
      } while (this.catchUpAgain);
    } finally {
      this.catchingUp = false;
    }
  }

  /**
   * One sync round: the stored timetags out, the new ones back. Only the protocol's categories are
   * kept (the reply echoes whatever the request held).
   */
  private async syncTimetags(): Promise<void> {
    const { timetags } = await this.context.send('sync', {
      timetags: this.context.timetags.get(),
    });
    this.context.timetags.set(syncTimetagsOf(timetags));
  }
}
