// Server-side batching of a room's messages (spec section 9: 300 ms or 500 messages): what this
// process accepts for a room waits in a buffer, then goes out as one chatroomMsg frame, encoded
// once, so each member receives one frame per batch however busy the room is.
import { CHATROOM_BATCH, encodeFrame, type ChatroomMsgInfo } from '@morsel/protocol';
import { pushFrame } from '../gateway/index.ts';
import type { Point } from './space.ts';

/**
 * A batch also goes out early once its messages approach half the frame limit (1 MiB): 500
 * messages of 5,000 characters would not fit one frame.
 */
const MAX_BATCH_BYTES = 512 * 1024;
/** A generous estimate of a message's packed size besides its free-text fields. */
const MSG_OVERHEAD_BYTES = 400;

const sizeOf = (msg: ChatroomMsgInfo) =>
  MSG_OVERHEAD_BYTES +
  3 * ((msg.text?.length ?? 0) + (msg.content?.length ?? 0) + (msg.custom?.length ?? 0)) +
  (msg.attach ? 3 * JSON.stringify(msg.attach).length : 0);

interface Buffer {
  msgs: ChatroomMsgInfo[];
  /** Each message's tag target (canonical JSON), or undefined: the whole room. */
  targets: (string | undefined)[];
  points: (Point | undefined)[];
  bytes: number;
  timer: ReturnType<typeof setTimeout>;
}

export interface BatchLimits {
  intervalMs: number;
  maxMessages: number;
}

export class RoomBatcher {
  private readonly buffers = new Map<string, Buffer>();
  private readonly flushing = new Set<Promise<void>>();

  constructor(
    private readonly publish: (
      roomKey: string,
      frame: Uint8Array,
      target?: string,
      at?: Point,
    ) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly limits: BatchLimits = CHATROOM_BATCH,
  ) {}

  private stopped = false;

  /** Buffers a message for the room, or (with a target) for the connections its tags name. */
  add(roomKey: string, msg: ChatroomMsgInfo, target?: string): void {
    // After shutdown (the bus is closing) nothing more goes out: the members are gone too.
    if (this.stopped) return;
    let buffer = this.buffers.get(roomKey);
    if (!buffer) {
      buffer = {
        msgs: [],
        targets: [],
        points: [],
        bytes: 0,
        timer: setTimeout(() => this.flush(roomKey), this.limits.intervalMs),
      };
      this.buffers.set(roomKey, buffer);
    }
    const size = sizeOf(msg);
    if (buffer.msgs.length > 0 && buffer.bytes + size > MAX_BATCH_BYTES) {
      this.flush(roomKey);
      return this.add(roomKey, msg, target);
    }
    buffer.msgs.push(msg);
    buffer.targets.push(target);
    buffer.points.push(msg.location);
    buffer.bytes += size;
    if (buffer.msgs.length >= this.limits.maxMessages) this.flush(roomKey);
  }

  /** Sends every buffered batch now (shutdown) and waits for the publishes. */
  async flushAll(): Promise<void> {
    for (const roomKey of [...this.buffers.keys()]) this.flush(roomKey);
    await Promise.allSettled([...this.flushing]);
  }

  /** Sends what is buffered, then accepts nothing more. */
  async stop(): Promise<void> {
    await this.flushAll();
    this.stopped = true;
  }

  /**
   * One frame for the batch; where messages name tag targets or were sent from a point, one frame
   * per run of messages with the same target and point, published in the order they were sent
   * (the room's channel keeps it).
   */
  private flush(roomKey: string): void {
    const buffer = this.buffers.get(roomKey);
    if (!buffer) return;
    this.buffers.delete(roomKey);
    clearTimeout(buffer.timer);
    let start = 0;
    const samePoint = (a: Point | undefined, b: Point | undefined) =>
      a === b || (a !== undefined && b !== undefined && a.x === b.x && a.y === b.y && a.z === b.z);
    for (let i = 1; i <= buffer.msgs.length; i++) {
      if (
        i < buffer.msgs.length &&
        buffer.targets[i] === buffer.targets[start] &&
        samePoint(buffer.points[i], buffer.points[start])
      )
        continue;
      const frame = encodeFrame(pushFrame('chatroomMsg', { msgs: buffer.msgs.slice(start, i) }));
      const sent = this.publish(roomKey, frame, buffer.targets[start], buffer.points[start])
        .catch(this.onError)
        .finally(() => this.flushing.delete(sent));
      this.flushing.add(sent);
      start = i;
    }
  }
}
