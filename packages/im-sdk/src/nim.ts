// The public facade, with the NIM Web SDK's names: NIM.getInstance(options) returns the instance
// of that account (cached and reused with updated options), whose methods return promises and
// also accept NIM's `done(error, result)`. It owns the link and runs the sync after each login.
import { CLIENT_TYPES, DIAGNOSTIC_CODES, ImError, SYNC, type CommandName, type ReplyOf, type RequestOf } from '@morsel/protocol';
import { Link, type LoginReply } from './link/link.ts';
import { Logger } from './logger.ts';
import { defaultErrorReportUrl, defaultLogUploadUrl, resolveOptions, type LoginPortChange, type NimOptions, type ResolvedOptions } from './options.ts';
import { defaultDeviceId } from './util/device.ts';
import { isNode, userAgent } from './util/env.ts';
import { withDone, type Done } from './util/done.ts';
import { ErrorReporter } from './util/error-reporter.ts';

const instances = new Map<string, NIM>();
const instanceKey = (appKey: string, account: string) => `${appKey}\u0000${account}`;

type Port = LoginPortChange;

export class NIM {
  /** Returns the account's instance, creating it (and connecting) on first use. */
  static getInstance(options: NimOptions): NIM {
    const resolved = resolveOptions(options);
    const key = instanceKey(resolved.appKey, resolved.account);
    const existing = instances.get(key);
    if (existing) {
      existing.setOptions(options);
      if (resolved.autoConnect !== false && (existing.link.state === 'disconnected' || existing.link.state === 'idle')) {
        void existing.connect().catch(() => {});
      }
      return existing;
    }
    const instance = new NIM(resolved);
    instances.set(key, instance);
    if (resolved.autoConnect !== false) void instance.connect().catch(() => {});
    return instance;
  }

  private options: ResolvedOptions;
  private readonly link: Link;
  readonly logger: Logger;
  private readonly reporter: ErrorReporter | undefined;
  private syncing = false;
  private heldPushes: [CommandName, Record<string, unknown>][] = [];
  /** Timetags of the last completed sync, per category; the next sync is incremental. */
  private timetags: Record<string, number> = {};

  private constructor(options: ResolvedOptions) {
    this.options = options;
    const uploadUrl = defaultLogUploadUrl(options);
    this.logger = new Logger({ level: options.logLevel, ...(uploadUrl && { uploadUrl }), ...(options.fetch && { fetch: options.fetch }) });
    const deviceId = options.deviceId ?? defaultDeviceId();
    const reportUrl = defaultErrorReportUrl(options);
    this.reporter = reportUrl
      ? new ErrorReporter({ url: reportUrl, deviceId, deviceInfo: { os: describeOs(), clientType: options.clientType }, ...(options.fetch && { fetch: options.fetch }) })
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
          this.reporter?.record('link', typeof error.code === 'number' ? error.code : undefined, `${error.code}: ${error.message}`);
          this.options.onerror?.(error);
        },
        push: (name, params) => this.pushed(name, params),
      },
    );
  }

  get account(): string {
    return this.options.account;
  }

  /** connecting, connected, logined, reconnecting, disconnected, destroyed (or idle). */
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
    return withDone(this.link.connect(), options.done);
  }

  disconnect(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.link.disconnect(), options.done);
  }

  logout(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.link.logout(), options.done);
  }

  /** Disconnects and forgets the instance: the next getInstance creates a new one. */
  destroy(options: { done?: Done<void> } = {}): Promise<void> {
    instances.delete(instanceKey(this.options.appKey, this.options.account));
    this.logger.close();
    this.reporter?.close();
    return withDone(this.link.destroy(), options.done);
  }

  /** Ends this account's sessions on other devices. */
  kick(options: { deviceIds: string[]; done?: Done<ReplyOf<'kick'>> }): Promise<ReplyOf<'kick'>> {
    return withDone(this.sendCmd('kick', { deviceIds: options.deviceIds }), options.done);
  }

  getServerTime(options: { done?: Done<number> } = {}): Promise<number> {
    return withDone(this.sendCmd('getServerTime', {}).then((r) => r.time), options.done);
  }

  /** Sends any command of the protocol table; domain services are built on this. */
  sendCmd<N extends CommandName>(name: N, params: RequestOf<N>, options: { timeoutMs?: number } = {}): Promise<ReplyOf<N>> {
    return this.link.send(name, params, options).catch((error: unknown) => {
      if (error instanceof ImError && typeof error.code === 'number' && DIAGNOSTIC_CODES.has(error.code)) {
        this.reporter?.record(name, error.code, error.message);
      }
      throw error;
    });
  }

  private connected(reply: LoginReply): void {
    this.options.onconnect?.(reply);
    if (reply.loginPorts.length) this.options.onloginportschange?.(reply.loginPorts.map((p) => ({ ...p, online: true })));
    void this.sync();
  }

  /** Runs the sync, retried on errors; more than 3 failures report SYNC_DATA_ERROR. */
  private async sync(): Promise<void> {
    this.syncing = true;
    for (let attempt = 1; ; attempt++) {
      try {
        const { timetags } = await this.sendCmd('sync', { timetags: this.timetags });
        this.timetags = timetags;
        break;
      } catch (error) {
        if (this.link.state !== 'logined') return; // the next login syncs again
        if (attempt > SYNC.maxRetries) {
          this.options.onerror?.(new ImError('SYNC_DATA_ERROR', `sync failed ${attempt} times: ${(error as Error).message}`));
          break;
        }
      }
    }
    this.syncing = false;
    // Pushes that arrived during the sync are processed after it, in arrival order.
    for (const [name, params] of this.heldPushes.splice(0)) this.handlePush(name, params);
    this.options.onsyncdone?.();
  }

  private pushed(name: CommandName, params: Record<string, unknown>): void {
    if (this.syncing) this.heldPushes.push([name, params]);
    else this.handlePush(name, params);
  }

  private handlePush(name: CommandName, params: Record<string, unknown>): void {
    if (name === 'multiPortLogin') {
      const { state, ports } = params as { state: 2 | 3; ports: Omit<Port, 'online'>[] };
      this.options.onloginportschange?.(ports.map((p) => ({ ...p, online: state === 2 })));
      return;
    }
    this.logger.debug('push without a handler yet', name);
  }
}

function describeOs(): string {
  if (isNode()) return `node ${process.version} ${process.platform}`;
  return userAgent()?.slice(0, 64) ?? 'unknown';
}
