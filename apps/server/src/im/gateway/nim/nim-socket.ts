// One NIM-dialect connection at the gateway's edge: NIM's packets on a wire (socket.io 0.9 text
// over a WebSocket or xhr-polling, or NIM's binary link), which become our frames for the
// ordinary ImConnection, and whose replies and pushes go back as NIM's packets. How packets look
// on the wire is the framing's (framing.ts); handlers never learn which dialect or framing a
// connection speaks.
import { EventEmitter } from 'node:events';
import {
  COMMANDS,
  commandAt,
  commandForNim,
  decodeFrame,
  encodeFrame,
  NIM_DIALECT,
  NimNotCarried,
  SYNC_DATA_PUSHES,
  type CommandName,
  type Frame,
  type Link,
  type NimDialect,
  type NimId,
  type NimParam,
  withoutUndefined,
} from '@morsel/protocol';
import type { Logger } from '../../../log.ts';
import type { LinkSocket } from '../connection.ts';
import type { NimFraming, NimPacket, NimRequest } from './framing.ts';
import type { NimWire } from './wire.ts';

/** Our reply code for a command the NIM dialect does not carry (as the gateway's Not_Support). */
const NOT_SUPPORTED = 403;
/** Requests of one connection awaiting a reply (the connection's own queue is smaller). */
const MAX_ASKED = 2000;
/** Client ids of this socket's own recent messages, kept to drop their echo (see packetsOf). */
const MAX_SENT_IDS = 500;
/** How long syncDone waits behind the sync's data (see send). */
const SYNC_DONE_PAUSE_MS = 30;
/** NIM's link check (binarySocketDetect, 6_37): the server echoes its property map. */
const LINK_CHECK = { sid: 6, cid: 37 };
/** Our answer when a reply of ours cannot be put in the framing's packet (logged: our fault). */
const SERVER_ERROR = 500;

type AnyDialect = {
  request?: (q: readonly NimParam[], id: NimId) => Record<string, unknown>;
  reply?: (params: never) => unknown[];
  before?: (params: never, id: NimId) => { id: NimId; r: unknown[] }[];
  after?: (params: never) => { id: NimId; r: unknown[] }[];
  nimId?: (params: never, viewer: string | undefined) => NimId | undefined;
  push?: (params: never) => unknown[];
  split?: (params: never) => unknown[];
  eachPacket?: boolean;
};
const dialectOf = (name: CommandName) =>
  (NIM_DIALECT as NimDialect)[name] as AnyDialect | undefined;

export interface NimSocketOptions {
  heartbeatMs: number;
  /** Without a heartbeat answer for this long, the connection is judged dead. */
  closeMs: number;
}

export class NimSocket<D extends string | Uint8Array> extends EventEmitter implements LinkSocket {
  private lastHeard: number;
  /** NIM's ids of the requests waiting for their reply, by serial (ours may differ). */
  private readonly asked = new Map<number, NimId>();
  /**
   * The serial of the sync request being answered. NIM's SDK takes a push as sync data (kept for
   * onsyncdone: onteams, onfriends...) only when it carries the sync request's serial; with
   * serial 0 it would take it as a live change after the sync.
   */
  private syncSer: number | undefined;
  /**
   * The client ids of the messages this socket sent lately. A super team's messages are fanned
   * out to every connection of its members, the sender's too, where NIM's SDK would show its own
   * message again as a received one; NIM's server never sends it back.
   */
  private readonly sentIds = new Set<string>();
  /** The account this socket logged in as (what it asked; the server checked the token). */
  private account: string | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private isClosed = false;
  /**
   * Which link this socket is: NIM's Chatroom SDK connects to the same path as its IM SDK, and
   * its first command (13_2, the chatroom login) says so. Chosen once, by the first command.
   */
  private chosenLink: Link | undefined;

  constructor(
    private readonly wire: NimWire<D>,
    private readonly framing: NimFraming<D>,
    private readonly log: Logger,
    options: NimSocketOptions,
  ) {
    super();
    this.lastHeard = performance.now();
    wire.onMessage((data) => {
      this.lastHeard = performance.now();
      if (data === undefined) return this.emitUnreadable();
      this.receive(data);
    });
    wire.onClose(() => this.ended());
    this.heartbeat = setInterval(() => {
      if (performance.now() - this.lastHeard > options.closeMs) return this.close();
      if (framing.heartbeat !== undefined) this.write(framing.heartbeat);
    }, options.heartbeatMs);
    this.heartbeat.unref();
    if (framing.opening !== undefined) this.write(framing.opening);
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
    const { packets, pauseFrom } = this.toNim(frame);
    // A reply frame's answer to its request (the data NIM reads ahead of it shares its serial).
    const answer = frame.ser === 0 ? undefined : packets.findLast((p) => p.ser === frame.ser);
    const write = (list: NimPacket[]) => {
      for (const packet of list) this.sendPacket(packet, packet === answer);
    };
    write(packets.slice(0, pauseFrom));
    if (pauseFrom >= packets.length) return;
    // syncDone, or a reply NIM reads after its data packets, after a pause: NIM's SDK reads
    // property-bearing packets asynchronously and takes only those that arrive while the sync or
    // request is still open (a Node client reads a burst of packets in one go, and would see the
    // reply first). What follows the reply waits with it, to keep the order.
    const timer = setTimeout(() => write(packets.slice(pauseFrom)), SYNC_DONE_PAUSE_MS);
    timer.unref();
  }

  /** The link this socket speaks, once its first command chose it. */
  get link(): Link | undefined {
    return this.chosenLink;
  }

  close(): void {
    if (this.isClosed) return;
    if (this.framing.closing !== undefined) this.write(this.framing.closing);
    this.wire.close();
    this.ended();
  }

  private ended(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    clearInterval(this.heartbeat);
    this.emit('close');
  }

  private write(data: D): void {
    if (!this.isClosed) this.wire.send(data);
  }

  private receive(data: D): void {
    const incoming = this.framing.read(data, this.chosenLink);
    if ('ignore' in incoming) return;
    if ('close' in incoming) return this.close();
    if ('unreadable' in incoming) return this.emitUnreadable();
    const { request } = incoming;
    if (request.SID === LINK_CHECK.sid && request.CID === LINK_CHECK.cid) {
      // Link-level, as the heartbeat: NIM's SDK leaves the binary link unless its map comes back.
      const echo = request.Q?.[0]?.v;
      return this.sendPacket({ ...LINK_CHECK, ser: request.SER, code: 200, r: [echo ?? {}] });
    }
    const isChatroomLogin =
      request.SID === COMMANDS.chatroomLogin.sid && request.CID === COMMANDS.chatroomLogin.cid;
    this.choose(isChatroomLogin ? 'chatroom' : 'im');
    const frame = this.toFrame(request);
    if (frame) this.emit('message', encodeFrame(frame));
  }

  /**
   * Hands the connection something it cannot decode, so a garbled NIM packet counts against the
   * same bad-frame allowance (and gets the same 998 answer) as a garbled frame of ours.
   */
  private emitUnreadable(): void {
    // Before any command: the IM link's connection answers it (998) and counts it.
    this.choose('im');
    this.emit('message', 'unreadable NIM packet');
  }

  /** The first command chooses the link; the owner makes its connection before it arrives. */
  private choose(link: Link): void {
    if (this.chosenLink) return;
    this.chosenLink = link;
    this.emit('link', link);
  }

  private toFrame(request: NimRequest): Frame | undefined {
    const nimId = { sid: request.SID, cid: request.CID };
    const name = commandForNim(nimId, this.chosenLink);
    const dialect = name && dialectOf(name);
    if (!name || !dialect) {
      this.sendPacket({ ...nimId, ser: request.SER, code: NOT_SUPPORTED, r: [] });
      return undefined;
    }
    let body: Record<string, unknown>;
    try {
      body = dialect.request ? withoutUndefined(dialect.request(request.Q ?? [], nimId)) : {};
    } catch (error) {
      // A use the dialect does not carry: Not_Support; a parameter list it cannot read: refused
      // like any schema failure.
      const code = error instanceof NimNotCarried ? NOT_SUPPORTED : 414;
      this.sendPacket({ ...nimId, ser: request.SER, code, r: [] });
      return undefined;
    }
    if (this.asked.size < MAX_ASKED) this.asked.set(request.SER, nimId);
    if (name === 'sync') this.syncSer = request.SER;
    if (name === 'sendMsg') this.rememberSent(body.msg);
    if (name === 'login' && typeof body.account === 'string')
      this.account = body.account.toLowerCase();
    const { sid, cid } = COMMANDS[name];
    return { sid, cid, ser: request.SER, code: 0, body };
  }

  private rememberSent(msg: unknown): void {
    const idClient = (msg as { idClient?: unknown } | undefined)?.idClient;
    if (typeof idClient !== 'string') return;
    this.sentIds.add(idClient);
    if (this.sentIds.size > MAX_SENT_IDS) this.sentIds.delete(this.sentIds.values().next().value!);
  }

  /**
   * A push that only echoes this socket's own message back to it: a message it sent, or a custom
   * system message of its account (NIM never sends one back to its sender).
   */
  private isEcho(name: CommandName, body: unknown): boolean {
    if (name === 'customSysMsg')
      return (body as { sysMsg?: { from?: unknown } }).sysMsg?.from === this.account;
    if (name !== 'msg') return false;
    const idClient = (body as { msg?: { idClient?: unknown } }).msg?.idClient;
    return typeof idClient === 'string' && this.sentIds.has(idClient);
  }

  /** `answers`: the packet is a request's answer, which must reach the client in some form. */
  private sendPacket(packet: NimPacket, answers = true): void {
    if (this.isClosed) return;
    let data: D;
    try {
      data = this.framing.write(packet, this.chosenLink ?? 'im');
    } catch (err) {
      this.log.warn({ err, sid: packet.sid, cid: packet.cid }, 'NIM dialect: unwritable packet');
      // An answer still answers (the SDK would wait for it); a push or data is left out.
      if (!answers || packet.code === SERVER_ERROR) return;
      return this.sendPacket({ ...packet, code: SERVER_ERROR, r: [] });
    }
    this.write(data);
  }

  /** NIM's packets for a frame, and from which one on they wait (all: none waits). */
  private toNim(frame: Frame): { packets: NimPacket[]; pauseFrom: number } {
    const packets = this.packetsOf(frame);
    if (frame.ser === 0) return { packets, pauseFrom: packets.length };
    const replyAt = packets.findLastIndex((p) => p.ser === frame.ser);
    const isSyncDone = packets[replyAt]?.sid === 5 && packets[replyAt]?.cid === 1;
    const pause = replyAt > 0 || isSyncDone;
    return { packets, pauseFrom: pause ? replyAt : packets.length };
  }

  private packetsOf(frame: Frame): NimPacket[] {
    const { sid, cid, ser, code } = frame;
    const link = this.chosenLink ?? 'im';
    const name =
      commandAt(link, sid, cid) ??
      (sid === COMMANDS.heartbeat.sid && cid === COMMANDS.heartbeat.cid ? 'heartbeat' : undefined);
    const dialect = name ? dialectOf(name) : undefined;
    if (name !== undefined && COMMANDS[name].kind === 'push' && ser === 0) {
      // A push the dialect cannot express would only confuse the official SDK: left out.
      if (!dialect?.push || this.isEcho(name, frame.body)) return [];
      const pushSer = this.syncSer !== undefined && SYNC_DATA_PUSHES.has(name) ? this.syncSer : 0;
      // NIM may carry what one push of ours holds in several packets: super teams apart, and
      // one chatroom message a packet where we batch several.
      const parts = dialect.split ? dialect.split(frame.body as never) : [frame.body];
      return parts.flatMap((part) => {
        const id = dialect.nimId ? dialect.nimId(part as never, this.account) : { sid, cid };
        if (!id) return [];
        const results = dialect.push!(part as never);
        const each = dialect.eachPacket ? (results as unknown[][]) : [results];
        return each.map((r) => ({ ...id, ser: pushSer, code: 200, r }));
      });
    }
    if (ser === this.syncSer && name === 'sync') this.syncSer = undefined;
    // A reply goes back under the ids NIM asked with, after any data NIM reads ahead of it.
    const id = this.asked.get(ser) ?? { sid, cid };
    this.asked.delete(ser);
    if (code !== 200 || !dialect?.reply) return [{ ...id, ser, code, r: [] }];
    const before = dialect.before?.(frame.body as never, id) ?? [];
    const after = dialect.after?.(frame.body as never) ?? [];
    return [
      ...before.map((packet) => ({ ...packet.id, ser, code: 200, r: packet.r })),
      { ...id, ser, code, r: dialect.reply(frame.body as never) },
      ...after.map((packet) => ({ ...packet.id, ser: 0, code: 200, r: packet.r })),
    ];
  }
}
