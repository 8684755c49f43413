// socket.io 0.9's xhr-polling transport, the official NIM Web SDK's fallback where WebSocket
// fails: the client holds a GET open at /socket.io/1/xhr-polling/<sid> (answered with the packets
// waiting, or a noop after POLL_MS) and POSTs its packets to the same path. Several packets in
// one body are framed as `\ufffd<length>\ufffd<packet>` each; a single one travels as it is.
import type { NimWire } from './wire.ts';

/** How long a poll is held open without packets before a noop answers it (socket.io's 20 s). */
export const POLL_MS = 20_000;
/** Packets waiting for a poll at most; a client that stops polling is closed past this. */
const MAX_WAITING = 2000;
const FRAME = '\ufffd';
const NOOP = '8::';

/** Several packets as one body (socket.io 0.9's payload encoding). */
export function encodePayload(packets: readonly string[]): string {
  if (packets.length === 1) return packets[0]!;
  return packets.map((p) => `${FRAME}${p.length}${FRAME}${p}`).join('');
}

/** A body's packets; undefined for a framing that does not add up (refused by the caller). */
export function decodePayload(body: string): string[] | undefined {
  if (!body.startsWith(FRAME)) return [body];
  const packets: string[] = [];
  let at = 0;
  while (at < body.length) {
    if (body[at] !== FRAME) return undefined;
    const end = body.indexOf(FRAME, at + 1);
    const length = Number(body.slice(at + 1, end));
    if (end < 0 || !Number.isSafeInteger(length) || length < 0) return undefined;
    const packet = body.slice(end + 1, end + 1 + length);
    if (packet.length !== length) return undefined;
    packets.push(packet);
    at = end + 1 + length;
  }
  return packets;
}

interface HeldPoll {
  answer(text: string): void;
  timer: NodeJS.Timeout;
}

/** One polling session: the packets waiting for the client and the poll it holds open. */
export class PollingWire implements NimWire {
  private waiting: string[] = [];
  private held: HeldPoll | undefined;
  private closed = false;
  private readonly messageListeners: ((text: string | undefined) => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];
  /** Closes a session whose client stopped polling (the link's close timeout). */
  private readonly idle: NodeJS.Timeout;
  private lastPoll = performance.now();

  constructor(private readonly closeMs: number) {
    this.idle = setInterval(
      () => {
        if (!this.held && performance.now() - this.lastPoll > closeMs) this.close();
      },
      Math.min(closeMs, 5_000),
    );
    this.idle.unref();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send(text: string): void {
    if (this.closed) return;
    this.waiting.push(text);
    if (this.waiting.length > MAX_WAITING) return this.close();
    this.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.idle);
    // The last packets (the disconnect among them) still reach a poll that is open.
    this.flush();
    if (this.held) this.answerHeld(NOOP);
    for (const listener of this.closeListeners) listener();
  }

  onMessage(listener: (text: string | undefined) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** The client's GET: answered at once with what waits, else held until packets or a noop. */
  poll(): Promise<string> {
    this.lastPoll = performance.now();
    // A second poll while one is held: the first ends (socket.io's clients poll one at a time).
    if (this.held) this.answerHeld(NOOP);
    if (this.waiting.length > 0 || this.closed) {
      const packets = this.waiting.splice(0);
      return Promise.resolve(packets.length > 0 ? encodePayload(packets) : '0::');
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.answerHeld(NOOP), POLL_MS);
      timer.unref();
      this.held = { answer: resolve, timer };
    });
  }

  /** The client's POST: its packets, in order; false for a body whose framing is broken. */
  post(body: string): boolean {
    const packets = decodePayload(body);
    if (!packets) return false;
    for (const packet of packets) for (const listener of this.messageListeners) listener(packet);
    return true;
  }

  private flush(): void {
    if (!this.held || this.waiting.length === 0) return;
    this.answerHeld(encodePayload(this.waiting.splice(0)));
  }

  private answerHeld(text: string): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    clearTimeout(held.timer);
    this.lastPoll = performance.now();
    held.answer(text);
  }
}
