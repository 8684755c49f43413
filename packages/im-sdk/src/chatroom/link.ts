// The chatroom link: one connection to a chatroom server for one room. It shares the IM link's
// parts (transport, the command calls of link/calls.ts, back-off) but speaks the chatroom link's commands:
// chatroomLogin instead of login, chatroomKicked instead of kicked. It tries the room's
// addresses in turn and reconnects with back-off when the connection drops.
import {
  CHATROOM_LINK_PATH,
  WIRE_COMMANDS,
  commandAt,
  decodeFrame,
  ImError,
  isPushName,
  LINK,
  RECONNECT,
  type ChatroomKickReason,
  type CommandName,
  type Frame,
  type PushName,
  type PushParams,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import { openTransport, type Transport } from '../transport/engine-transport.ts';
import { reconnectDelay } from '../link/backoff.ts';
import { CommandCalls } from '../link/calls.ts';
import { LinkTimers } from '../link/timers.ts';

export type ChatroomLoginReply = ReplyOf<'chatroomLogin'>;
export type ChatroomLoginParams = RequestOf<'chatroomLogin'>;

export interface ChatroomDisconnectInfo {
  code: 'logout' | 'manual' | 'kicked' | 'Connect_Failed' | number;
  message: string;
  reason?: ChatroomKickReason;
  custom?: string;
}

export interface ChatroomLinkEvents {
  connected(reply: ChatroomLoginReply, info: { isReconnect: boolean }): void;
  willReconnect(info: { retryCount: number; duration: number }): void;
  disconnected(info: ChatroomDisconnectInfo): void;
  error(error: ImError): void;
  push(name: PushName, params: Record<string, unknown>): void;
}

export interface ChatroomLinkConfig {
  addresses: string[];
  login: () => ChatroomLoginParams;
  maxReconnectAttempts: number;
  heartbeatIntervalMs: number;
}

/** Refusals no retry fixes: wrong token, no such room, closed room, blacklisted. */
const FATAL_LOGIN_CODES = new Set([302, 403, 404, 414, 422, 13002, 13003]);

type State = 'idle' | 'connecting' | 'logined' | 'reconnecting' | 'disconnected' | 'destroyed';

export class ChatroomLink {
  state: State = 'idle';
  private transport: Transport | undefined;
  private readonly calls = new CommandCalls();
  private readonly timers = new LinkTimers();
  private attempt = 0;
  private addressIndex = 0;
  private everLoggedIn = false;
  private stopped = true;
  private silentReconnect = false;
  private waiters: { resolve(reply: ChatroomLoginReply): void; reject(error: unknown): void }[] =
    [];

  constructor(
    private config: ChatroomLinkConfig,
    private readonly events: ChatroomLinkEvents,
  ) {}

  connect(): Promise<ChatroomLoginReply> {
    if (this.state === 'destroyed')
      return Promise.reject(
        new ImError('Error_Connection_Socket_State_not_Match', 'instance destroyed'),
      );
    if (this.state === 'logined') return Promise.reject(new ImError(417, 'already connected'));
    const login = new Promise<ChatroomLoginReply>((resolve, reject) =>
      this.waiters.push({ resolve, reject }),
    );
    if (!this.stopped) return login;
    this.stopped = false;
    this.attempt = 0;
    this.open();
    return login;
  }

  send<N extends CommandName>(name: N, params: RequestOf<N>): Promise<ReplyOf<N>> {
    const ready = this.state === 'logined' || (WIRE_COMMANDS[name].preLogin && !!this.transport);
    return this.calls.send(name, params, { transport: this.transport, ready, state: this.state });
  }

  async logout(): Promise<void> {
    if (this.state === 'logined') await this.send('chatroomLogout', {}).catch(() => {});
    await this.stop({ code: 'logout', message: 'left the chatroom' });
  }

  disconnect(): Promise<void> {
    return this.stop({ code: 'manual', message: 'disconnected by the application' });
  }

  async destroy(): Promise<void> {
    await this.disconnect();
    this.state = 'destroyed';
  }

  private async stop(info: ChatroomDisconnectInfo): Promise<void> {
    const wasStopped = this.stopped && !this.transport;
    this.stopped = true;
    this.timers.clear();
    this.settle({ error: new ImError('Operation_Canceled', info.message) });
    const transport = this.transport;
    this.dropTransport();
    transport?.close();
    if (this.state !== 'destroyed') this.state = 'disconnected';
    if (!wasStopped) this.events.disconnected(info);
  }

  private open(): void {
    if (this.stopped) return;
    this.state = this.everLoggedIn ? 'reconnecting' : 'connecting';
    const url = this.config.addresses[this.addressIndex % this.config.addresses.length]!;
    const watchdog = this.timers.later(RECONNECT.fallbackTimerMs, () =>
      this.lost(transport, `attempt exceeded ${RECONNECT.fallbackTimerMs} ms`),
    );
    const transport: Transport = openTransport(
      { url, path: CHATROOM_LINK_PATH, transports: ['websocket', 'polling'] },
      {
        open: () => {
          if (this.transport !== transport) return;
          void this.login(transport).finally(() => this.timers.cancel(watchdog));
        },
        message: (bytes) => {
          if (this.transport === transport) this.receive(bytes);
        },
        close: (reason) => {
          this.timers.cancel(watchdog);
          this.lost(transport, reason);
        },
      },
    );
    this.transport = transport;
  }

  private async login(transport: Transport): Promise<void> {
    const isReconnect = this.everLoggedIn;
    try {
      const reply = await this.send('chatroomLogin', this.config.login());
      this.state = 'logined';
      this.attempt = 0;
      this.everLoggedIn = true;
      this.startHeartbeat();
      this.settle({ reply });
      this.events.connected(reply, { isReconnect });
    } catch (error) {
      const code = error instanceof ImError ? error.code : undefined;
      if (typeof code === 'number' && FATAL_LOGIN_CODES.has(code)) {
        this.events.error(error as ImError);
        this.settle({ error });
        await this.stop({ code, message: (error as ImError).message });
      } else {
        transport.close();
        this.lost(transport, `login failed: ${(error as Error).message}`);
      }
    }
  }

  private settle(outcome: { reply: ChatroomLoginReply } | { error: unknown }): void {
    for (const waiter of this.waiters.splice(0)) {
      if ('reply' in outcome) waiter.resolve(outcome.reply);
      else waiter.reject(outcome.error);
    }
  }

  private startHeartbeat(): void {
    this.timers.startHeartbeat(this.config.heartbeatIntervalMs, () => {
      if (this.calls.pending.has(LINK.heartbeatSerial)) return;
      const transport = this.transport;
      this.send('heartbeat', {}).catch(() => {
        transport?.close();
        if (transport) this.lost(transport, 'heartbeat failed');
      });
    });
  }

  private receive(bytes: Uint8Array): void {
    let frame: Frame;
    try {
      frame = decodeFrame(bytes);
    } catch {
      return;
    }
    if (frame.code === 0 && frame.ser === 0) return this.pushed(frame);
    this.calls.settle(frame);
  }

  private pushed(frame: Frame): void {
    const name = commandAt('chatroom', frame.sid, frame.cid);
    if (!name || !isPushName(name)) return;
    const params = frame.body ?? {};
    if (name === 'chatroomKicked') return this.kicked(params as PushParams<'chatroomKicked'>);
    this.events.push(name, params);
  }

  private kicked(params: PushParams<'chatroomKicked'>): void {
    const reason = params.reasonName as ChatroomKickReason;
    if (reason === 'silentlyKick') {
      this.silentReconnect = true;
      return;
    }
    void this.stop({
      code: 'kicked',
      message: params.message,
      reason,
      ...(params.custom !== undefined && { custom: params.custom }),
    });
  }

  private lost(transport: Transport | undefined, reason: string): void {
    if (!transport || this.transport !== transport) return;
    this.dropTransport();
    if (this.stopped) return;
    if (this.silentReconnect) {
      this.silentReconnect = false;
      this.addressIndex += 1;
      this.timers.later(RECONNECT.reopenDelayMs, () => this.open());
      return;
    }
    this.attempt += 1;
    if (this.attempt > this.config.maxReconnectAttempts) {
      const failure = new ImError('Connect_Failed', `gave up: ${reason}`);
      this.settle({ error: failure });
      void this.stop({ code: 'Connect_Failed', message: failure.message });
      return;
    }
    this.addressIndex += 1;
    this.state = 'reconnecting';
    // A login refused by frequency control (416) waits out its block instead of failing again.
    const duration = Math.max(reconnectDelay(this.attempt), this.calls.blockedFor('chatroomLogin'));
    this.events.willReconnect({ retryCount: this.attempt, duration });
    this.timers.later(duration, () => this.open());
  }

  private dropTransport(): void {
    this.timers.stopHeartbeat();
    this.transport = undefined;
    this.calls.pending.rejectAll(
      () => new ImError('Error_Internet_Disconnected', 'the connection was lost before the reply'),
    );
  }
}
