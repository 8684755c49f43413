// The instance core every domain service builds on: options, the link, the local store (memory
// working set plus the local database behind it), the logger and error statistics, the sync
// after each login, and the dispatch of server pushes to the services that registered for them.
// Domain services are mixins over this class.
import {
  CLIENT_TYPES,
  DIAGNOSTIC_CODES,
  ImError,
  isSafeShortUrl,
  LIMITS,
  SAFE_URL_RULE,
  SYNC,
  SYNC_DATA_PUSHES,
  syncTimetagsOf,
  type CommandName,
  type PushName,
  type ReplyOf,
  type RequestOf,
  type SyncCategory,
} from '@morsel/protocol';
import { Link, type LoginReply } from './link/link.ts';
import { PushHandlers, type PushHandler } from './link/push-handlers.ts';
import { Logger } from './logger.ts';
import {
  defaultErrorReportUrl,
  defaultLogUploadUrl,
  type NimOptions,
  type ResolvedOptions,
} from './options.ts';
import type { ClientMsg } from './services/model.ts';
import { LocalDb } from './store/local-db.ts';
import { MemoryStore, type LocalStore } from './store/memory-store.ts';
import { defaultDeviceId } from './util/device.ts';
import { isNode, userAgent } from './util/env.ts';
import { withDone, type Done } from './util/done.ts';
import { ErrorReporter } from './util/error-reporter.ts';

export class NimCore {
  protected options: ResolvedOptions;
  protected readonly link: Link;
  protected readonly store: LocalStore;
  private readonly localDb: LocalDb;
  /** Settles once the local database's working set is in the store (never rejects; at once without a database). */
  protected readonly localLoaded: Promise<void>;
  readonly logger: Logger;
  private readonly reporter: ErrorReporter | undefined;
  private readonly pushHandlers = new PushHandlers();
  private readonly syncStartHooks: (() => void)[] = [];
  private readonly syncDoneHooks: (() => void)[] = [];
  private syncing = false;
  /** This connection's sync succeeded: until then live pushes never move a timetag. */
  private syncedOnThisLink = false;
  private heldPushes: [PushName, Record<string, unknown>][] = [];
  /** A catch-up sync (notifySync) is running; another request meanwhile runs once it ends. */
  private catchingUp = false;
  private catchUpAgain = false;
  /** Lookups of original URLs in flight (getNosOriginUrl); processing after a sync waits for them (bounded). */
  private pendingOriginUrlLookups = 0;

  constructor(options: ResolvedOptions) {
    this.options = options;
    const store = new MemoryStore();
    this.store = store;
    this.localDb = new LocalDb(store, {
      appKey: options.appKey,
      account: options.account,
      enabled: options.db,
      userAgent: userAgent(),
      hasIndexedDB: typeof globalThis.indexedDB !== 'undefined',
      onError: (error) => {
        this.logger.warn('local database', error.message);
        this.options.onerror?.(error);
      },
    });
    // Loaded before the first login, so the sync sends the stored timetags and local history
    // shows from onconnect on.
    this.localLoaded = this.localDb
      .load()
      .then(() => this.logger.info('local database', this.localDb.kind));
    const uploadUrl = defaultLogUploadUrl(options);
    this.logger = new Logger({
      level: options.logLevel,
      ...(uploadUrl && { uploadUrl }),
      ...(options.fetch && { fetch: options.fetch }),
    });
    const deviceId = options.deviceId ?? defaultDeviceId();
    const reportUrl = defaultErrorReportUrl(options);
    this.reporter = reportUrl
      ? new ErrorReporter({
          url: reportUrl,
          deviceId,
          deviceInfo: { os: describeOs(), clientType: options.clientType },
          ...(options.fetch && { fetch: options.fetch }),
        })
      : undefined;
    this.link = new Link(
      {
        appKey: options.appKey,
        account: options.account,
        token: options.token,
        clientType: CLIENT_TYPES[options.clientType],
        os: describeOs(),
        deviceId,
        ...(options.customTag && { customTag: options.customTag }),
        ...(options.lbsUrl && { lbsUrl: options.lbsUrl }),
        ...(options.defaultLink && { defaultLink: options.defaultLink }),
        linkPath: options.linkPath,
        transports: options.transports,
        heartbeatIntervalMs: options.heartbeatInterval,
        maxReconnectAttempts: options.reconnectionAttempts,
        ...(options.serialStart !== undefined && { serialStart: options.serialStart }),
        ...(options.fetch && { fetch: options.fetch }),
        logger: this.logger,
      },
      {
        connected: (reply) => this.connected(reply),
        willReconnect: (info) => this.options.onwillreconnect?.(info),
        disconnected: (info) => this.options.ondisconnect?.(info),
        error: (error) => {
          this.reporter?.record(
            'link',
            typeof error.code === 'number' ? error.code : undefined,
            `${error.code}: ${error.message}`,
          );
          this.options.onerror?.(error);
        },
        push: (name, params) => this.pushed(name, params),
      },
    );
    this.onPush('multiPortLogin', ({ state, ports }) => {
      this.options.onloginportschange?.(ports.map((p) => ({ ...p, online: state === 2 })));
    });
    this.onPush('notifySync', () => void this.catchUp());
  }

  /** The logged-in account, in the spelling the server uses. */
  get account(): string {
    return this.options.account.toLowerCase();
  }

  /** The link's state: see `LinkState` (document 2's connection lifecycle). */
  get state(): string {
    return this.link.state;
  }

  /** Replaces options (callbacks included); a new token is used from the next login on. */
  setOptions(options: Partial<NimOptions>): void {
    this.options = { ...this.options, ...options };
    this.link.updateConfig({
      ...(options.token && { token: options.token }),
      ...(options.lbsUrl && { lbsUrl: options.lbsUrl }),
      ...(options.defaultLink && { defaultLink: options.defaultLink }),
    });
  }

  connect(options: { done?: Done<LoginReply> } = {}): Promise<LoginReply> {
    return withDone(
      this.localLoaded.then(() => this.link.connect()),
      options.done,
    );
  }

  disconnect(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.link.disconnect(), options.done);
  }

  logout(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.link.logout(), options.done);
  }

  /** Disconnects and frees the instance; pending local database writes finish first. */
  destroy(options: { done?: Done<void> } = {}): Promise<void> {
    this.logger.close();
    this.reporter?.close();
    return withDone(
      Promise.all([this.link.destroy(), this.localDb.close()]).then(() => {}),
      options.done,
    );
  }

  /**
   * A session's messages from the local database, newest first unless `desc` is false: also
   * those older than the working set `getLocalMsgs` reads. Without a database: no messages.
   */
  getLocalMsgsFromDB(options: {
    sessionId: string;
    start?: number;
    end?: number;
    limit?: number;
    desc?: boolean;
    done?: Done<{ msgs: ClientMsg[] }>;
  }): Promise<{ msgs: ClientMsg[] }> {
    const { done, ...query } = options;
    const limit = query.limit ?? LIMITS.defaultReadLimit;
    if (!Number.isInteger(limit) || limit < 1)
      return withDone(Promise.reject(new ImError('Param_Error', 'limit must be at least 1')), done);
    if (query.start !== undefined && query.end !== undefined && query.end <= query.start) {
      return withDone(
        Promise.reject(new ImError('Param_Error', 'end must be later than start')),
        done,
      );
    }
    const work = this.localLoaded
      .then(() => this.localDb.readMsgs({ ...query, limit }))
      .then((msgs) => ({ msgs }));
    return withDone(work, done);
  }

  /**
   * Empties this account's local database on this device (the next login syncs as a new device
   * would); what is in memory stays until the page goes. Without a database: NO_DB 'no db'.
   */
  clearDB(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(
      this.localLoaded.then(() => this.localDb.clear()),
      options.done,
    );
  }

  /** Ends this account's sessions on other devices. */
  kick(options: { deviceIds: string[]; done?: Done<ReplyOf<'kick'>> }): Promise<ReplyOf<'kick'>> {
    return withDone(this.sendCmd('kick', { deviceIds: options.deviceIds }), options.done);
  }

  /**
   * The original URL behind a safe short URL (getOriginUrl 6:22). Counted while in flight: the
   * processing after a sync waits for pending lookups (up to 20 checks of 300 ms).
   */
  getNosOriginUrl(options: { safeShortUrl: string; done?: Done<string> }): Promise<string> {
    if (!isSafeShortUrl(options.safeShortUrl))
      return withDone(Promise.reject(new ImError('Param_Error', SAFE_URL_RULE)), options.done);
    this.pendingOriginUrlLookups++;
    const work = this.sendCmd('getOriginUrl', { safeUrl: options.safeShortUrl })
      .then((reply) => reply.url)
      .finally(() => {
        this.pendingOriginUrlLookups--;
      });
    return withDone(work, options.done);
  }

  getServerTime(options: { done?: Done<number> } = {}): Promise<number> {
    return withDone(
      this.sendCmd('getServerTime', {}).then((r) => r.time),
      options.done,
    );
  }

  /** Sends any command of the protocol table; domain services are built on this. */
  sendCmd<N extends CommandName>(
    name: N,
    params: RequestOf<N>,
    options: { timeoutMs?: number } = {},
  ): Promise<ReplyOf<N>> {
    return this.link.send(name, params, options).catch((error: unknown) => {
      if (
        error instanceof ImError &&
        typeof error.code === 'number' &&
        DIAGNOSTIC_CODES.has(error.code)
      ) {
        this.reporter?.record(name, error.code, error.message);
      }
      throw error;
    });
  }

  /** Services register for the pushes of their domain; the handler gets the push's typed parameters. */
  protected onPush<N extends PushName>(name: N, handler: PushHandler<N>): void {
    this.pushHandlers.on(name, handler);
  }

  /**
   * Every push this instance handles: the link's own and the services'. Not a NIM name: the push
   * table test compares it with the protocol's declared pushes.
   */
  handledPushes(): PushName[] {
    return [...this.link.handledPushes(), ...this.pushHandlers.names()];
  }

  /** The user profiles this device holds, for searchLocal (the people service provides them). */
  protected localUsers(): object[] {
    return [];
  }

  protected onSyncStart(hook: () => void): void {
    this.syncStartHooks.push(hook);
  }

  protected onSyncDone(hook: () => void): void {
    this.syncDoneHooks.push(hook);
  }

  /**
   * Moves a sync category's timetag forward to `time` (never back), for data that reached the
   * device live. Only after this connection's sync succeeded: if it failed, the server still owes
   * the device what came since the old timetag.
   */
  protected advanceTimetag(category: SyncCategory, time: number): void {
    if (!this.syncedOnThisLink || this.syncing) return;
    if (time > (this.store.timetags()[category] ?? 0)) this.store.setTimetags({ [category]: time });
  }

  private connected(reply: LoginReply): void {
    // Each login hands out a fresh ticket for the log and statistics endpoints.
    this.logger.setOptions({ uploadTicket: reply.uploadTicket });
    this.reporter?.setTicket(reply.uploadTicket);
    this.options.onconnect?.(reply);
    if (reply.loginPorts.length)
      this.options.onloginportschange?.(reply.loginPorts.map((p) => ({ ...p, online: true })));
    void this.sync();
  }

  /**
   * One sync round: the stored timetags out, the new ones back. Only the protocol's categories are
   * kept (the reply echoes whatever the request held).
   */
  private async syncTimetags(): Promise<void> {
    const { timetags } = await this.sendCmd('sync', { timetags: this.store.timetags() });
    this.store.setTimetags(syncTimetagsOf(timetags));
  }

  /** Runs the sync, retried on errors; more than 3 failures report SYNC_DATA_ERROR. */
  private async sync(): Promise<void> {
    this.syncing = true;
    this.syncedOnThisLink = false;
    for (const hook of this.syncStartHooks) hook();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.syncTimetags();
        this.syncedOnThisLink = true;
        break;
      } catch (error) {
        if (this.link.state !== 'logined') return; // the next login syncs again
        if (attempt > SYNC.maxRetries) {
          this.options.onerror?.(
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
    for (let check = 0; this.pendingOriginUrlLookups > 0 && check < SYNC.doneCheckTries; check++) {
      await new Promise((resolve) => setTimeout(resolve, SYNC.doneCheckIntervalMs));
    }
    this.syncing = false;
    for (const hook of this.syncDoneHooks) hook();
    for (const [name, params] of this.heldPushes.splice(0)) this.dispatch(name, params);
    this.options.onsyncdone?.();
  }

  /**
   * The server asked for a sync (notifySync: live pushes may have been lost while its bus was
   * reconnecting, what they carried is committed). A catch-up sync from the stored timetags,
   * outside the login's sync: no sync-start or sync-done hooks, no onsyncdone; what it finds
   * arrives as offline messages, sessions... and is shown once. Asked during the login's sync,
   * the push is held and runs after it; asked during a catch-up, one more runs after it.
   */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = true;
    try {
      do {
        this.catchUpAgain = false;
        if (this.link.state !== 'logined') return; // the next login syncs anyway
        try {
          await this.syncTimetags();
        } catch (error) {
          this.logger.warn('catch-up sync failed', (error as Error).message);
        }
      } while (this.catchUpAgain);
    } finally {
      this.catchingUp = false;
    }
  }

  private pushed(name: PushName, params: Record<string, unknown>): void {
    if (this.syncing && !SYNC_DATA_PUSHES.has(name)) this.heldPushes.push([name, params]);
    else this.dispatch(name, params);
  }

  private dispatch(name: PushName, params: Record<string, unknown>): void {
    const failed = (error: unknown) => this.logger.error('push handler failed', name, error);
    if (!this.pushHandlers.dispatch(name, params, failed))
      this.logger.debug('push without a handler', name);
  }
}

function describeOs(): string {
  if (isNode()) return `node ${process.version} ${process.platform}`;
  return userAgent()?.slice(0, 64) ?? 'unknown';
}
