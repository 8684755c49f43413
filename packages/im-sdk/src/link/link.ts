// The link: one logged-in connection to the IM server and its whole lifecycle. It looks up
// addresses, opens the transport with a connect time-out, logs in, matches replies to commands by
// serial, beats the heartbeat, applies frequency control, and reconnects with backoff when the
// connection drops. Domain managers sit above it and only call `send` and listen to pushes.
import {
  WIRE_COMMANDS,
  commandAt,
  decodeFrame,
  ImError,
  LINK,
  isPushName,
  PROTOCOL_VERSION,
  RECONNECT,
  SDK_VERSION,
  type CommandName,
  type Frame,
  type KickReason,
  type PushName,
  type PushParams,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import {
  openTransport,
  type Transport,
  type TransportName,
} from '../transport/engine-transport.ts';
import type { Logger } from '../logger.ts';
import { reconnectDelay } from './backoff.ts';
import { lookupLinks } from './lbs.ts';
import { CommandCalls } from './calls.ts';
import { LinkTimers } from './timers.ts';
import { PushHandlers } from './push-handlers.ts';

/**
 * Document 2's connection lifecycle: connecting, connected (socket open, login under way),
 * logined, reconnecting, disconnected; `handshakeFailed` between an attempt whose socket never
 * opened and the next one; `connectFailed` once the link has given up (no more attempts).
 */
export type LinkState =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'logined'
  | 'reconnecting'
  | 'handshakeFailed'
  | 'connectFailed'
  | 'disconnected'
  | 'destroyed';
export type LoginReply = ReplyOf<'login'>;

export interface LinkConfig {
  appKey: string;
  account: string;
  token: string;
  clientType: number;
  os: string;
  deviceId: string;
  customTag?: string;
  lbsUrl?: string;
  defaultLink?: string;
  linkPath: string;
  transports: TransportName[];
  heartbeatIntervalMs: number;
  maxReconnectAttempts: number;
  /** The first serial used is the one after this (tests start near the wrap). */
  serialStart?: number;
  fetch?: typeof fetch;
  logger: Logger;
}

export interface DisconnectInfo {
  code: 'logout' | 'manual' | 'kicked' | 'Connect_Failed' | number;
  message: string;
  reason?: KickReason;
  fromClientType?: number;
}

export interface LinkEvents {
  connected(reply: LoginReply, info: { isReconnect: boolean }): void;
  willReconnect(info: { retryCount: number; duration: number }): void;
  disconnected(info: DisconnectInfo): void;
  error(error: ImError): void;
  push(name: PushName, params: Record<string, unknown>): void;
}

/** Login refusals that no retry can fix: the link stops instead of reconnecting. */
const FATAL_LOGIN_CODES = new Set([201, 302, 403, 404, 414, 422, 997]);

export class Link {
  state: LinkState = 'idle';
  private transport: Transport | undefined;
  private readonly calls: CommandCalls;
  private readonly timers = new LinkTimers();
  private addresses: string[] = [];
  /** The upload addresses of the load balancer's last answer (none without a load balancer). */
  private uploads: string[] = [];
  private linkPath: string;
  private addressIndex = 0;
  private attempt = 0;
  private everLoggedIn = false;
  private stopped = true;
  private silentReconnect = false;
  /** Callers of connect() waiting for the next login (or for the link to give up). */
  private loginWaiters: { resolve(reply: LoginReply): void; reject(error: unknown): void }[] = [];
  private closeWaiters: (() => void)[] = [];

  private readonly ownPushes = new PushHandlers();

  constructor(
    private config: LinkConfig,
    private readonly events: LinkEvents,
  ) {
    this.calls = new CommandCalls(config.serialStart ?? 0);
    this.linkPath = config.linkPath;
    // Handled here, before any service: being kicked ends the link.
    this.ownPushes.on('kicked', (params) => this.kicked(params));
  }

  /** The pushes the link handles itself; every other push goes to `events.push`. */
  /** Where files are uploaded: the first upload address the load balancer named, if any. */
  get uploadAddress(): string | undefined {
    return this.uploads[0];
  }

  handledPushes(): PushName[] {
    return this.ownPushes.names();
  }

  updateConfig(config: Partial<LinkConfig>): void {
    this.config = { ...this.config, ...config };
  }

  /**
   * Connects and logs in; resolves on the next login, rejects when the link gives up. While an
   * attempt is already under way (connecting or reconnecting) it waits for that one instead of
   * opening a second socket.
   */
  connect(): Promise<LoginReply> {
    if (this.state === 'destroyed')
      return Promise.reject(
        new ImError('Error_Connection_Socket_State_not_Match', 'instance destroyed'),
      );
    if (this.state === 'logined') return Promise.reject(new ImError(417, 'already connected'));
    const login = new Promise<LoginReply>((resolve, reject) =>
      this.loginWaiters.push({ resolve, reject }),
    );
    if (!this.stopped) return login;
    this.stopped = false;
    this.attempt = 0;
    void this.open();
    return login;
  }

  /** Sends a command and resolves with its reply parameters. */
  send<N extends CommandName>(
    name: N,
    params: RequestOf<N>,
    options: { timeoutMs?: number } = {},
  ): Promise<ReplyOf<N>> {
    const preLogin = WIRE_COMMANDS[name].preLogin && this.state === 'connected';
    return this.calls.send(
      name,
      params,
      { transport: this.transport, ready: this.state === 'logined' || preLogin, state: this.state },
      options.timeoutMs,
    );
  }

  /** Logs out: no reconnection until connect() is called again. */
  async logout(): Promise<void> {
    if (this.state === 'logined') await this.send('logout', {}).catch(() => {});
    await this.stop({ code: 'logout', message: 'logged out' });
  }

  /** Closes the connection without logging out; no reconnection until connect(). */
  disconnect(): Promise<void> {
    return this.stop({ code: 'manual', message: 'disconnected by the application' });
  }

  async destroy(): Promise<void> {
    await this.disconnect();
    this.state = 'destroyed';
  }

  private async stop(info: DisconnectInfo, finalState: LinkState = 'disconnected'): Promise<void> {
    const wasStopped = this.stopped && !this.transport;
    this.stopped = true;
    this.timers.clear();
    this.settleLogin({ error: new ImError('Operation_Canceled', info.message) });
    if (this.transport) {
      const closed = new Promise<void>((resolve) => this.closeWaiters.push(resolve));
      this.transport.close();
      // The disconnect callback fires when the socket confirms, or after 10 s regardless.
      await Promise.race([closed, this.sleep(RECONNECT.disconnectCallbackTimeoutMs)]);
      this.closeWaiters = []; // a socket that never confirmed is given up on
      this.dropTransport();
    }
    if (this.state !== 'destroyed') this.state = finalState;
    if (!wasStopped) this.events.disconnected(info);
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    this.state = this.everLoggedIn ? 'reconnecting' : 'connecting';
    if (this.addresses.length === 0) await this.resolveAddresses();
    if (this.stopped) return;
    if (this.addresses.length === 0) {
      this.events.error(
        new ImError('Connect_Failed', 'no link address: set lbsUrl or defaultLink'),
      );
      this.state = 'handshakeFailed';
      return this.attemptFailed('no link address');
    }
    const url = this.addresses[this.addressIndex % this.addresses.length]!;
    this.config.logger.info('connecting', { url, attempt: this.attempt });
    // The handshake (Engine.IO's GET) and the socket's opening get 10 s; a watchdog ends the
    // whole attempt (login included) within the fallback time, whatever hangs.
    const connectTimer = this.timers.later(LINK.socketConnectTimeoutMs, () =>
      this.abandon(transport, `connect time-out (${url})`),
    );
    const watchdog = this.timers.later(RECONNECT.fallbackTimerMs, () =>
      this.abandon(transport, `attempt exceeded ${RECONNECT.fallbackTimerMs} ms`),
    );
    const transport: Transport = openTransport(
      { url, path: this.linkPath, transports: this.config.transports },
      {
        open: () => {
          if (this.transport !== transport) return;
          this.timers.cancel(connectTimer);
          this.state = 'connected';
          void this.login().finally(() => this.timers.cancel(watchdog));
        },
        message: (bytes) => {
          if (this.transport === transport) this.receive(bytes);
        },
        close: (reason) => {
          this.timers.cancel(connectTimer);
          this.timers.cancel(watchdog);
          this.closed(transport, reason);
        },
      },
    );
    this.transport = transport;
  }

  /**
   * Ends the attempt on this socket: closes it and, if it does not report its close at once (a
   * handshake or poll that hangs), gives up on it so that the reconnection goes on.
   */
  private abandon(transport: Transport | undefined, reason: string): void {
    if (!transport || this.transport !== transport) return;
    this.config.logger.warn('closing the socket', reason);
    transport.close();
    if (this.transport === transport) this.closed(transport, reason);
  }

  private settleLogin(outcome: { reply: LoginReply } | { error: unknown }): void {
    for (const waiter of this.loginWaiters.splice(0)) {
      if ('reply' in outcome) waiter.resolve(outcome.reply);
      else waiter.reject(outcome.error);
    }
  }

  private async resolveAddresses(): Promise<void> {
    const { lbsUrl, defaultLink } = this.config;
    if (lbsUrl) {
      try {
        const answer = await lookupLinks({
          lbsUrl,
          appKey: this.config.appKey,
          account: this.config.account,
          ...(this.config.fetch && { fetch: this.config.fetch }),
        });
        this.addresses = answer.link;
        this.linkPath = answer.linkPath;
        this.uploads = answer.upload;
        return;
      } catch (error) {
        this.config.logger.warn('load balancer failed', String(error));
        this.events.error(
          new ImError(3001, `load balancer unreachable: ${(error as Error).message}`),
        );
      }
    }
    this.addresses = defaultLink ? [defaultLink] : [];
  }

  private async login(): Promise<void> {
    const isReconnect = this.everLoggedIn;
    try {
      const reply = await this.send('login', {
        appKey: this.config.appKey,
        account: this.config.account,
        token: this.config.token,
        clientType: this.config.clientType as RequestOf<'login'>['clientType'],
        os: this.config.os,
        sdkVersion: SDK_VERSION,
        protocolVersion: PROTOCOL_VERSION,
        deviceId: this.config.deviceId,
        appLogin: isReconnect ? 1 : 0,
        ...(this.config.customTag && { customTag: this.config.customTag }),
      });
      this.state = 'logined';
      this.attempt = 0;
      this.everLoggedIn = true;
      this.silentReconnect = false;
      this.startHeartbeat();
      this.settleLogin({ reply });
      this.events.connected(reply, { isReconnect });
    } catch (error) {
      const code = error instanceof ImError ? error.code : undefined;
      if (typeof code === 'number' && FATAL_LOGIN_CODES.has(code)) {
        const refusal = error as ImError;
        this.events.error(refusal);
        this.settleLogin({ error: refusal });
        await this.stop({ code, message: refusal.message });
      } else {
        this.abandon(this.transport, `login failed: ${(error as Error).message}`); // then retried
      }
    }
  }

  private startHeartbeat(): void {
    this.timers.startHeartbeat(this.config.heartbeatIntervalMs, () => {
      if (this.calls.pending.has(LINK.heartbeatSerial)) return; // the last one is still awaiting its reply
      const transport = this.transport;
      this.send('heartbeat', {}, { timeoutMs: LINK.handshakeTimeoutMs }).catch(() => {
        this.abandon(transport, 'heartbeat failed: reconnecting');
      });
    });
  }

  private receive(bytes: Uint8Array): void {
    let frame: Frame;
    try {
      frame = decodeFrame(bytes);
    } catch (error) {
      this.config.logger.error('undecodable frame from server', String(error));
      return;
    }
    if (frame.code === 0 && frame.ser === 0) return this.pushed(frame);
    this.calls.settle(frame);
  }

  private pushed(frame: Frame): void {
    const name = commandAt('im', frame.sid, frame.cid);
    if (!name || !isPushName(name))
      return this.config.logger.warn('unknown push', frame.sid, frame.cid);
    const params = frame.body ?? {};
    const failed = (error: unknown) => this.config.logger.error('push handler failed', name, error);
    if (!this.ownPushes.dispatch(name, params, failed)) this.events.push(name, params);
  }

  private kicked(params: PushParams<'kicked'>): void {
    const reason = params.reasonName as KickReason;
    this.config.logger.warn('kicked', reason);
    if (reason === 'silentlyKick') {
      this.silentReconnect = true; // the close that follows reconnects at once, quietly
      return;
    }
    void this.stop({
      code: 'kicked',
      message: params.message,
      reason,
      ...(params.fromClientType !== undefined && { fromClientType: params.fromClientType }),
    });
  }

  private closed(transport: Transport, reason: string): void {
    if (this.transport !== transport) return; // a socket already given up on, reporting late
    this.config.logger.info('socket closed', reason);
    this.dropTransport();
    for (const resolve of this.closeWaiters.splice(0)) resolve();
    if (this.stopped) return;
    // A socket that closes before it ever opened failed its handshake; one that opened was lost.
    this.state =
      this.state === 'connecting' || this.state === 'reconnecting'
        ? 'handshakeFailed'
        : 'disconnected';
    this.attemptFailed(reason);
  }

  private attemptFailed(reason: string): void {
    if (this.stopped) return;
    if (this.silentReconnect) {
      // The server asked this client to go (it is shutting down or rebalancing): reopen after
      // the reopen delay, without telling the application, and ask the load balancer afresh.
      this.silentReconnect = false;
      if (this.config.lbsUrl) this.addresses = [];
      this.timers.later(RECONNECT.reopenDelayMs, () => void this.open());
      return;
    }
    this.attempt += 1;
    if (this.attempt > this.config.maxReconnectAttempts) {
      const failure = new ImError(
        'Connect_Failed',
        `gave up after ${this.config.maxReconnectAttempts} attempts: ${reason}`,
      );
      this.settleLogin({ error: failure });
      void this.stop({ code: 'Connect_Failed', message: failure.message }, 'connectFailed');
      return;
    }
    // The next attempt goes to the next address; after a full round, ask the load balancer again.
    this.addressIndex += 1;
    // A login refused by frequency control (416) waits out its block instead of failing again.
    const duration = Math.max(reconnectDelay(this.attempt), this.calls.blockedFor('login'));
    if (
      this.config.lbsUrl &&
      this.addresses.length > 0 &&
      this.addressIndex % this.addresses.length === 0
    ) {
      this.addresses = [];
    }
    // During the back-off the state says why: a failed handshake stays visible until the next
    // attempt opens (then connecting or reconnecting again).
    if (this.state !== 'handshakeFailed') this.state = 'reconnecting';
    this.events.willReconnect({ retryCount: this.attempt, duration });
    this.timers.later(duration, () => void this.open());
  }

  private dropTransport(): void {
    this.timers.stopHeartbeat();
    this.transport = undefined;
    this.calls.pending.rejectAll(
      () => new ImError('Error_Internet_Disconnected', 'the connection was lost before the reply'),
    );
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      (timer as { unref?: () => void }).unref?.();
    });
  }
}
