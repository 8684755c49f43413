// Server-side batching of a room's messages (spec section 9: 300 ms or 500 messages): what this
// process accepts for a room waits in a buffer, then goes out as one chatroomMsg frame, encoded
// once, so each member receives one frame per batch however busy the room is.
import { CHATROOM_BATCH, encodeFrame, type ChatroomMsgInfo } from '@morsel/protocol';
import { pushFrame } from '../gateway/index.ts';

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
    private readonly publish: (roomKey: string, frame: Uint8Array) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly limits: BatchLimits = CHATROOM_BATCH,
  ) {}

  private stopped = false;

  add(roomKey: string, msg: ChatroomMsgInfo): void {
    // After shutdown (the bus is closing) nothing more goes out: the members are gone too.
    if (this.stopped) return;
    let buffer = this.buffers.get(roomKey);
    if (!buffer) {
      buffer = {
        msgs: [],
        bytes: 0,
        timer: setTimeout(() => this.flush(roomKey), this.limits.intervalMs),
      };
      this.buffers.set(roomKey, buffer);
    }
    const size = sizeOf(msg);
    if (buffer.msgs.length > 0 && buffer.bytes + size > MAX_BATCH_BYTES) {
      this.flush(roomKey);
      return this.add(roomKey, msg);
    }
    buffer.msgs.push(msg);
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

  private flush(roomKey: string): void {
    const buffer = this.buffers.get(roomKey);
    if (!buffer) return;
    this.buffers.delete(roomKey);
    clearTimeout(buffer.timer);
    const frame = encodeFrame(pushFrame('chatroomMsg', { msgs: buffer.msgs }));
    const sent = this.publish(roomKey, frame)
      .catch(this.onError)
      .finally(() => this.flushing.delete(sent));
    this.flushing.add(sent);
  }
}
