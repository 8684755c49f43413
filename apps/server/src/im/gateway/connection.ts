// One client connection: decodes its frames, handles its commands strictly in order, and sends
// replies and pushes. What a command does lives in the handlers; who else is online lives in
// the gateway.
import { randomUUID } from 'node:crypto';
import * as ws from 'ws';
import {
  COMMANDS,
  commandAt,
  decodeFrame,
  encodeFrame,
  FrameError,
  retiredCommandAt,
  validateParams,
  type ClientTypeCode,
  type CommandName,
  type Frame,
  type Link,
  type PushName,
  type PushParams,
} from '@morsel/protocol';
import type { Logger } from '../../log.ts';
import { isStatementTimeout } from '../../store/index.ts';
import { CommandError } from './errors.ts';
import { pushFrame } from './push-frame.ts';
import type { AccountKey } from './ports.ts';
import { containsNul, NUL_MESSAGE } from '../../input/index.ts';

export interface Session extends AccountKey {
  /** The account's display name at login, sent as fromNick. */
  nick: string;
  clientType: ClientTypeCode;
  deviceId: string;
  os: string;
  customTag?: string;
  loginAt: number;
}

export interface CommandRunner {
  /**
   * Runs one validated command; returns the reply parameters or throws CommandError. `session` is
   * the caller's for every logged-in command (the login gate below refused the command without
   * one) and undefined for pre-login commands, whose handlers take no session.
   */
  run(
    connection: ImConnection,
    name: CommandName,
    params: Record<string, unknown>,
    session: Session | undefined,
  ): Promise<Record<string, unknown> | void>;
  /** Seconds the command is blocked for this connection's owner, or 0. */
  frequencyBlock(connection: ImConnection, name: CommandName): number;
  closed(connection: ImConnection): void;
}

/**
 * What a connection needs of its transport: an Engine.IO socket (our own dialect) or the NIM
 * dialect's socket, which turns NIM's packets into our frames and back (./nim).
 */
export interface LinkSocket {
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  /** `options` are Engine.IO's (a shared frame's WebSocket framing); other sockets ignore them. */
  send(data: Buffer, options?: SharedFrame['options']): void;
  close(): void;
}

/**
 * One frame for many connections (a group's fan-out): its bytes, and the WebSocket frame around
 * them computed once. Engine.IO writes `wsPreEncodedFrame` as it is on a WebSocket (as Socket.IO's
 * room broadcast does) instead of framing the same bytes again for each member; a polling
 * transport or the NIM dialect's socket sends the bytes.
 */
export interface SharedFrame {
  bytes: Buffer;
  options: { compress?: boolean; wsPreEncodedFrame?: Buffer[] };
}

/** ws's frame builder, which its types leave out (Engine.IO and Socket.IO call it the same way). */
const wsSender = (ws as unknown as { Sender: WsFrameBuilder }).Sender;
interface WsFrameBuilder {
  frame(
    data: Buffer,
    options: { readOnly: boolean; mask: boolean; rsv1: boolean; opcode: number; fin: boolean },
  ): Buffer[];
}

export function shareFrame(frame: Uint8Array): SharedFrame {
  const bytes = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
  const wsPreEncodedFrame = wsSender.frame(bytes, {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 2, // binary
    fin: true,
  });
  return { bytes, options: { wsPreEncodedFrame } };
}

/** Commands waiting in one connection's queue before it is judged abusive and closed. */
const MAX_QUEUED = 1000;

export interface ConnectionLimits {
  loginTimeoutMs: number;
  handlerTimeoutMs: number;
  /** Bytes of frames waiting in the queue before the connection is judged abusive and closed. */
  queueMaxBytes: number;
}
/** Undecodable frames tolerated before the connection is closed. */
const MAX_BAD_FRAMES = 3;

export class ImConnection {
  readonly id = randomUUID();
  readonly ip: string;
  session?: Session;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private queuedBytes = 0;
  private badFrames = 0;
  /** Refused logins on this connection (the login handler closes it after a few). */
  failedLogins = 0;
  private isClosed = false;
  private readonly afterReply: (() => void)[] = [];

  constructor(
    private readonly socket: LinkSocket,
    private readonly runner: CommandRunner,
    private readonly log: Logger,
    private readonly limits: ConnectionLimits,
    /** The client's address as the gateway judged it (clientAddressOf). */
    ip: string,
    /** Which link's command table this connection speaks (the chatroom has its own link). */
    private readonly link: Link = 'im',
  ) {
    this.ip = ip;
    const loginTimer = setTimeout(() => {
      if (!this.session) this.close('login timeout');
    }, limits.loginTimeoutMs);
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => {
      clearTimeout(loginTimer);
      this.isClosed = true;
      this.runner.closed(this);
    });
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Runs once the reply of the command being handled has been sent (e.g. close after logout). */
  onAfterReply(callback: () => void): void {
    this.afterReply.push(callback);
  }

  sendFrame(frame: Frame): void {
    this.sendBytes(encodeFrame(frame));
  }

  sendBytes(bytes: Uint8Array): void {
    if (this.isClosed) return;
    this.socket.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  sendShared(shared: SharedFrame): void {
    if (this.isClosed) return;
    this.socket.send(shared.bytes, shared.options);
  }

  push<N extends PushName>(name: N, params: PushParams<N>): void {
    this.sendFrame(pushFrame(name, params));
  }

  close(reason: string): void {
    if (this.isClosed) return;
    this.log.debug({ connectionId: this.id, reason }, 'closing IM connection');
    this.socket.close();
  }

  private receive(data: unknown): void {
    if (typeof data === 'string')
      return this.refuse(new FrameError(998, 'text frames are not part of the protocol'));
    let frame: Frame;
    try {
      frame = decodeFrame(data as Uint8Array);
    } catch (error) {
      return this.refuse(error as FrameError);
    }
    if (frame.sid === COMMANDS.heartbeat.sid && frame.cid === COMMANDS.heartbeat.cid) {
      // Answered at once, outside the queue: it proves the link, not the handlers, is alive. The
      // SDK sends it with serial 0 (document 2); the reply keeps whatever serial it came with.
      return this.sendFrame({ sid: frame.sid, cid: frame.cid, ser: frame.ser, code: 200 });
    }
    // Bounded by count and by bytes: 1,000 frames of 1 MiB each would otherwise be a gigabyte.
    const size = (data as Uint8Array).byteLength;
    if (++this.queued > MAX_QUEUED || (this.queuedBytes += size) > this.limits.queueMaxBytes) {
      return this.close('command queue overflow');
    }
    this.queue = this.queue
      .then(() => this.handle(frame))
      .finally(() => {
        this.queued--;
        this.queuedBytes -= size;
      });
  }

  private refuse(error: FrameError): void {
    const { sid = 0, cid = 0, ser = 0 } = error.header ?? {};
    this.reply({ sid, cid, ser }, 998, { message: error.message });
    if (++this.badFrames >= MAX_BAD_FRAMES) this.close('too many undecodable frames');
  }

  private reply(
    header: Pick<Frame, 'sid' | 'cid' | 'ser'>,
    code: number,
    body?: Record<string, unknown>,
  ): void {
    this.sendFrame({
      sid: header.sid,
      cid: header.cid,
      ser: header.ser,
      code,
      ...(body && { body }),
    });
  }

  /**
   * Commands run strictly in order, so one stuck handler would hold every later command of the
   * connection: past the limit it is answered 503 and the queue moves on.
   */
  private withTimeLimit<T>(name: string, work: Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.log.warn(
          { command: name, connectionId: this.id },
          'IM handler exceeded its time limit',
        );
        reject(
          new CommandError(503, `${name} took longer than ${this.limits.handlerTimeoutMs} ms`),
        );
      }, this.limits.handlerTimeoutMs);
    });
    return Promise.race([work, limit]).finally(() => clearTimeout(timer));
  }

  private async handle(frame: Frame): Promise<void> {
    if (this.isClosed) return;
    const name = commandAt(this.link, frame.sid, frame.cid);
    try {
      if (!name) throw unknownCommand(frame, this.link);
      const def = COMMANDS[name];
      if (def.kind === 'push') throw new CommandError(403, `${name} is sent by the server only`);
      // The one login gate: logged-in handlers receive this session and never check it again.
      const session = def.preLogin ? undefined : this.session;
      if (!def.preLogin && !session) throw new CommandError(403, `log in before ${name}`);
      const blocked = this.runner.frequencyBlock(this, name);
      if (blocked > 0)
        throw new CommandError(416, `${name} is blocked for ${blocked} s`, { duration: blocked });
      const params = frame.body ?? {};
      const invalid =
        validateParams(def.request, params) ?? (containsNul(params) ? NUL_MESSAGE : null);
      if (invalid) throw new CommandError(414, invalid);
      const result = await this.withTimeLimit(name, this.runner.run(this, name, params, session));
      this.reply(frame, 200, result ?? undefined);
    } catch (error) {
      if (error instanceof CommandError) {
        this.reply(frame, error.code, { message: error.message, ...error.extra });
      } else if (error instanceof FrameError) {
        // The reply could not be packed (too large, or a value MessagePack cannot carry): pack
        // error 999, as document 2 names it.
        this.log.error(
          { reason: error.message, command: name, connectionId: this.id },
          'IM reply could not be encoded',
        );
        this.reply(frame, error.code, { message: error.message.slice(0, 200) });
      } else if (isStatementTimeout(error)) {
        // PostgreSQL cancelled a query past MORSEL_DB_STATEMENT_TIMEOUT_MS: busy, not broken.
        this.log.warn(
          { command: name, connectionId: this.id },
          'IM command cancelled at the statement timeout',
        );
        this.reply(frame, 503, { message: `${name} took too long and was cancelled` });
      } else {
        this.log.error({ err: error, command: name, connectionId: this.id }, 'IM command failed');
        this.reply(frame, 500, { message: 'server error' });
      }
    }
    for (const callback of this.afterReply.splice(0)) callback();
  }
}

/** 404 for ids the protocol never had; Not_Support for a retired command, as while declared. */
function unknownCommand({ sid, cid }: Pick<Frame, 'sid' | 'cid'>, link: Link): CommandError {
  const retired = link === 'im' ? retiredCommandAt(sid, cid) : undefined;
  if (!retired) return new CommandError(404, `unknown command ${sid}:${cid}`);
  return new CommandError(403, `Not_Support: ${retired.name} is retired; send it by scene`, {
    name: 'Not_Support',
  });
}
