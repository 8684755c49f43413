// One NIM-dialect connection at the gateway's edge: socket.io 0.9 packets on a WebSocket, whose
// JSON messages become our frames for the ordinary ImConnection, and whose replies and pushes go
// back as NIM's packets. Handlers never learn which dialect a connection speaks.
//
// socket.io 0.9 packets are `type:id:endpoint:data`: 0 disconnect, 1 connect, 2 heartbeat,
// 3 message (NIM's JSON), 8 noop.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import {
  COMMANDS,
  commandAt,
  commandForNim,
  decodeFrame,
  encodeFrame,
  NIM_DIALECT,
  SYNC_DATA_PUSHES,
  type CommandName,
  type Frame,
  type NimDialect,
  type NimId,
  type NimParam,
  withoutUndefined,
} from '@morsel/protocol';
import type { Logger } from '../../../log.ts';
import type { LinkSocket } from '../connection.ts';

/** Our reply code for a command the NIM dialect does not carry (as the gateway's Not_Support). */
const NOT_SUPPORTED = 403;
/** Requests of one connection awaiting a reply (the connection's own queue is smaller). */
const MAX_ASKED = 2000;
/** How long syncDone waits behind the sync's data (see send). */
const SYNC_DONE_PAUSE_MS = 30;
/** A text packet larger than this is refused before it is parsed (our frame limit's order). */
export const MAX_NIM_PACKET_CHARS = 1024 * 1024;

interface NimRequest {
  SID: number;
  CID: number;
  SER: number;
  Q?: NimParam[];
}

/** NIM's packets to the client: a reply (its request's serial) or a push (serial 0). */
export interface NimPacket {
  sid: number;
  cid: number;
  ser: number;
  code: number;
  r: unknown[];
}

const isSmallInt = (value: unknown, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

function readRequest(json: string): NimRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { SID, CID, SER, Q } = value as Record<string, unknown>;
  if (!isSmallInt(SID, 255) || !isSmallInt(CID, 255) || !isSmallInt(SER, 65535)) return undefined;
  if (Q !== undefined && !Array.isArray(Q)) return undefined;
  return { SID, CID, SER, ...(Q !== undefined && { Q: Q as NimParam[] }) };
}

type AnyDialect = {
  request?: (q: readonly NimParam[], id: NimId) => Record<string, unknown>;
  reply?: (params: never) => unknown[];
  nimId?: (params: never) => NimId | undefined;
  push?: (params: never) => unknown[];
};
const dialectOf = (name: CommandName) =>
  (NIM_DIALECT as NimDialect)[name] as AnyDialect | undefined;

export interface NimSocketOptions {
  heartbeatMs: number;
  /** Without a heartbeat answer for this long, the connection is judged dead. */
  closeMs: number;
}

export class NimSocket extends EventEmitter implements LinkSocket {
  private lastHeard: number;
  /** NIM's ids of the requests waiting for their reply, by serial (ours may differ). */
  private readonly asked = new Map<number, NimId>();
  /**
   * The serial of the sync request being answered. NIM's SDK takes a push as sync data (kept for
   * onsyncdone: onteams, onfriends...) only when it carries the sync request's serial; with
   * serial 0 it would take it as a live change after the sync.
   */
  private syncSer: number | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private isClosed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly log: Logger,
    options: NimSocketOptions,
  ) {
    super();
    this.lastHeard = performance.now();
    ws.on('message', (data, isBinary) => {
      this.lastHeard = performance.now();
      if (isBinary) return this.emitUnreadable();
      this.receive(data.toString());
    });
    ws.on('close', () => this.ended());
    ws.on('error', () => this.ended());
    this.heartbeat = setInterval(() => {
      if (performance.now() - this.lastHeard > options.closeMs) return this.close();
      this.write('2::');
    }, options.heartbeatMs);
    this.heartbeat.unref();
    this.write('1::');
  }

  /** From our connection: a frame, sent to the client as NIM's packet (or left out, see below). */
  send(data: Buffer): void {
    let frame: Frame;
    try {
      frame = decodeFrame(data);
    } catch (err) {
      this.log.warn({ err }, 'NIM dialect: could not read an outgoing frame');
      return;
    }
    const packet = this.toNim(frame);
    if (!packet) return;
    if (packet.ser !== 0 && packet.sid === 5 && packet.cid === 1) {
      // syncDone after a pause: NIM's SDK reads the sync's data packets asynchronously and takes
      // only those that arrive while the sync is still open (a Node client reads a burst of
      // packets in one go, and would see syncDone first).
      const timer = setTimeout(
        () => this.write(`3:::${JSON.stringify(packet)}`),
        SYNC_DONE_PAUSE_MS,
      );
      timer.unref();
      return;
    }
    this.write(`3:::${JSON.stringify(packet)}`);
  }

  close(): void {
    if (this.isClosed) return;
    this.write('0::');
    this.ws.close();
    this.ended();
  }

  private ended(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    clearInterval(this.heartbeat);
    this.emit('close');
  }

  private write(text: string): void {
    if (!this.isClosed && this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  private receive(text: string): void {
    if (text.length > MAX_NIM_PACKET_CHARS) return this.emitUnreadable();
    const [type] = text.split(':', 1);
    if (type === '2' || type === '8') return; // heartbeat answer, noop
    if (type === '0') return this.close();
    if (type !== '3' && type !== '4') return this.emitUnreadable();
    // `3:::<json>`: the message id and endpoint are empty in NIM's packets.
    const json = text.replace(/^[34]:[^:]*:[^:]*:/, '');
    const request = readRequest(json);
    if (!request) return this.emitUnreadable();
    const frame = this.toFrame(request);
    if (frame) this.emit('message', encodeFrame(frame));
  }

  /**
   * Hands the connection something it cannot decode, so a garbled NIM packet counts against the
   * same bad-frame allowance (and gets the same 998 answer) as a garbled frame of ours.
   */
  private emitUnreadable(): void {
    this.emit('message', 'unreadable NIM packet');
  }

  private toFrame(request: NimRequest): Frame | undefined {
    const nimId = { sid: request.SID, cid: request.CID };
    const name = commandForNim(nimId);
    const dialect = name && dialectOf(name);
    if (!name || !dialect) {
      this.sendPacket({ ...nimId, ser: request.SER, code: NOT_SUPPORTED, r: [] });
      return undefined;
    }
    let body: Record<string, unknown>;
    try {
      body = dialect.request ? withoutUndefined(dialect.request(request.Q ?? [], nimId)) : {};
    } catch {
      // A parameter list the dialect cannot read: refused like any schema failure.
      this.sendPacket({ ...nimId, ser: request.SER, code: 414, r: [] });
      return undefined;
    }
    if (this.asked.size < MAX_ASKED) this.asked.set(request.SER, nimId);
    if (name === 'sync') this.syncSer = request.SER;
    const { sid, cid } = COMMANDS[name];
    return { sid, cid, ser: request.SER, code: 0, body };
  }

  private sendPacket(packet: NimPacket): void {
    this.write(`3:::${JSON.stringify(packet)}`);
  }

  private toNim(frame: Frame): NimPacket | undefined {
    const { sid, cid, ser, code } = frame;
    const name = commandAt('im', sid, cid);
    const dialect = name ? dialectOf(name) : undefined;
    if (name !== undefined && COMMANDS[name].kind === 'push' && ser === 0) {
      // A push the dialect cannot express would only confuse the official SDK: left out.
      if (!dialect?.push) return undefined;
      const id = dialect.nimId ? dialect.nimId(frame.body as never) : { sid, cid };
      const pushSer = this.syncSer !== undefined && SYNC_DATA_PUSHES.has(name) ? this.syncSer : 0;
      return id && { ...id, ser: pushSer, code: 200, r: dialect.push(frame.body as never) };
    }
    if (ser === this.syncSer && name === 'sync') this.syncSer = undefined;
    // A reply goes back under the ids NIM asked with.
    const id = this.asked.get(ser) ?? { sid, cid };
    this.asked.delete(ser);
    if (code !== 200 || !dialect?.reply) return { ...id, ser, code, r: [] };
    return { ...id, ser, code, r: dialect.reply(frame.body as never) };
  }
}
