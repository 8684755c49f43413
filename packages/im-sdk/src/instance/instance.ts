// One NIM instance's machinery, shared by its managers: the options, the link, the local store
// (memory working set plus the local database behind it), the logger and error statistics, the
// push registry and the sync. It knows no domain: managers get what they use of it through
// `context` (see ../context.ts), and the facade (../nim.ts) forwards the lifecycle calls here.
import {
  CLIENT_TYPES,
  DIAGNOSTIC_CODES,
  ImError,
  type CommandName,
  type PushName,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import type { CallbackArgs, CallbackName, Emit, OnPush, Send } from '../context.ts';
import { Link, type LoginReply } from '../link/link.ts';
import { PushHandlers } from '../link/push-handlers.ts';
import { Logger } from '../logger.ts';
import {
  defaultErrorReportUrl,
  defaultLogUploadUrl,
  type NimOptions,
  type ResolvedOptions,
} from '../options.ts';
import { LocalDb } from '../store/local-db.ts';
import { MemoryStore, type LocalStore } from '../store/memory-store.ts';
import { defaultDeviceId } from '../util/device.ts';
import { isNode, userAgent } from '../util/env.ts';
import { ErrorReporter } from '../util/error-reporter.ts';
import { OriginUrls } from './origin-urls.ts';
import { SyncRunner } from './sync-runner.ts';

/** Everything a manager may be given; each manager's own context interface picks from it. */
export interface InstanceContext {
  /** The logged-in account, in the spelling the server uses. */
  readonly account: string;
  send: Send;
  onPush: OnPush;
  emit: Emit;
  store: LocalStore;
  localDb: LocalDb;
  /** Settles once the local database's working set is in the store (never rejects). */
  localLoaded: Promise<void>;
  logger: Logger;
  onSyncStart(hook: () => void): void;
  onSyncDone(hook: () => void): void;
  advanceTimetag: SyncRunner['advanceTimetag'];
  originUrl(safeShortUrl: string): Promise<string>;
  /** Unread acknowledgements are sent to the server (option syncSessionUnread, default on). */
  syncSessionUnread(): boolean;
  /** The HTTP client (option fetch, else the platform's). */
  fetch: typeof fetch;
  /** The upload address from the load balancer's answer (link/lbs.ts); none before it answered. */
  uploadAddress(): string | undefined;
}

export class Instance {
  private opts: ResolvedOptions;
  private readonly link: Link;
  private readonly store: LocalStore;
  private readonly localDb: LocalDb;
  private readonly localLoaded: Promise<void>;
  readonly logger: Logger;
  private readonly reporter: ErrorReporter | undefined;
  private readonly pushes = new PushHandlers();
  private readonly syncRunner: SyncRunner;
  readonly originUrls: OriginUrls;
  readonly context: InstanceContext;

  constructor(options: ResolvedOptions) {
    this.opts = options;
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
        this.emit('onerror', error);
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
        willReconnect: (info) => this.emit('onwillreconnect', info),
        disconnected: (info) => this.emit('ondisconnect', info),
        error: (error) => {
          this.reporter?.record(
            'link',
            typeof error.code === 'number' ? error.code : undefined,
            `${error.code}: ${error.message}`,
          );
          this.emit('onerror', error);
        },
        push: (name, params) => this.syncRunner.pushed(name, params),
      },
    );
    const send: Send = (name, params, sendOptions) => this.send(name, params, sendOptions);
    this.originUrls = new OriginUrls({ send });
    this.syncRunner = new SyncRunner({
      send,
      timetags: { get: () => store.timetags(), set: (timetags) => store.setTimetags(timetags) },
      loggedIn: () => this.link.state === 'logined',
      emit: this.emit,
      logger: this.logger,
      pendingLookups: () => this.originUrls.pending(),
      dispatch: (name, params) => this.dispatch(name, params),
    });
    const accountNow = () => this.account;
    this.context = {
      get account() {
        return accountNow();
      },
      send,
      onPush: (name, handler) => this.pushes.on(name, handler),
      emit: this.emit,
      store,
      localDb: this.localDb,
      localLoaded: this.localLoaded,
      logger: this.logger,
      onSyncStart: (hook) => this.syncRunner.onSyncStart(hook),
      onSyncDone: (hook) => this.syncRunner.onSyncDone(hook),
      advanceTimetag: (category, time) => this.syncRunner.advanceTimetag(category, time),
      originUrl: (safeShortUrl) => this.originUrls.lookup(safeShortUrl),
      syncSessionUnread: () => this.opts.syncSessionUnread !== false,
      fetch: (input, init) => (this.opts.fetch ?? globalThis.fetch)(input, init),
      uploadAddress: () => this.link.uploadAddress,
    };
    this.context.onPush('multiPortLogin', ({ state, ports }) => {
      this.emit(
        'onloginportschange',
        ports.map((p) => ({ ...p, online: state === 2 })),
      );
    });
    this.context.onPush('notifySync', () => void this.syncRunner.catchUp());
  }

  /** The options as resolved by getInstance and changed by setOptions. */
  get options(): ResolvedOptions {
    return this.opts;
  }

  /** The logged-in account, in the spelling the server uses. */
  get account(): string {
    return this.opts.account.toLowerCase();
  }

  /** The link's state: see `LinkState` (document 2's connection lifecycle). */
  get state(): string {
    return this.link.state;
  }

  /** Calls the application's callback of that name, read from the options at call time. */
  readonly emit: Emit = <K extends CallbackName>(name: K, ...args: CallbackArgs<K>) => {
    // The one cast of the callbacks: each is looked up by the name its arguments are typed by.
    const callback = this.opts[name] as ((...params: CallbackArgs<K>) => void) | undefined;
    callback?.apply(this.opts, args);
  };

  /** Replaces options (callbacks included); a new token is used from the next login on. */
  setOptions(options: Partial<NimOptions>): void {
    this.opts = { ...this.opts, ...options };
    this.link.updateConfig({
      ...(options.token && { token: options.token }),
      ...(options.lbsUrl && { lbsUrl: options.lbsUrl }),
      ...(options.defaultLink && { defaultLink: options.defaultLink }),
    });
  }

  connect(): Promise<LoginReply> {
    return this.localLoaded.then(() => this.link.connect());
  }

  disconnect(): Promise<void> {
    return this.link.disconnect();
  }

  logout(): Promise<void> {
    return this.link.logout();
  }

  /** Disconnects and frees the instance; pending local database writes finish first. */
  destroy(): Promise<void> {
    this.logger.close();
    this.reporter?.close();
    return Promise.all([this.link.destroy(), this.localDb.close()]).then(() => {});
  }

  /** Sends any command of the protocol table; codes worth a statistic are reported. */
  send<N extends CommandName>(
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

  /** Every push this instance handles: the link's own and the managers'. */
  handledPushes(): PushName[] {
    return [...this.link.handledPushes(), ...this.pushes.names()];
  }

  private connected(reply: LoginReply): void {
    // Each login hands out a fresh ticket for the log and statistics endpoints.
    this.logger.setOptions({ uploadTicket: reply.uploadTicket });
    this.reporter?.setTicket(reply.uploadTicket);
    this.emit('onconnect', reply);
    if (reply.loginPorts.length)
      this.emit(
        'onloginportschange',
        reply.loginPorts.map((p) => ({ ...p, online: true })),
      );
    void this.syncRunner.sync();
  }

  private dispatch(name: PushName, params: Record<string, unknown>): void {
    const failed = (error: unknown) => this.logger.error('push handler failed', name, error);
    if (!this.pushes.dispatch(name, params, failed))
      this.logger.debug('push without a handler', name);
  }
}

function describeOs(): string {
  if (isNode()) return `node ${process.version} ${process.platform}`;
  return userAgent()?.slice(0, 64) ?? 'unknown';
}
