import { ImError } from '@morsel/protocol';

interface Call {
  name: string;
  sid: number;
  cid: number;
  resolve(body: Record<string, unknown>): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Commands awaiting their reply, by serial, each with its own time-out (408). */
export class PendingCalls {
  private readonly calls = new Map<number, Call>();

  has(ser: number): boolean {
    return this.calls.has(ser);
  }

  get size(): number {
    return this.calls.size;
  }

  add(ser: number, call: Omit<Call, 'timer'>, timeoutMs: number): void {
    const timer = setTimeout(() => {
      this.calls.delete(ser);
      call.reject(
        new ImError(408, `Error_Timeout: no reply to ${call.name} within ${timeoutMs} ms`, {
          name: 'Error_Timeout',
        }),
      );
    }, timeoutMs);
    this.calls.set(ser, { ...call, timer });
  }

  /** Takes the call a reply answers; undefined when the serial or the command does not match. */
  take(ser: number, sid: number, cid: number): Call | undefined {
    const call = this.calls.get(ser);
    if (!call || call.sid !== sid || call.cid !== cid) return undefined;
    clearTimeout(call.timer);
    this.calls.delete(ser);
    return call;
  }

  /** Fails every call in flight (the connection is gone). */
  rejectAll(error: () => unknown): void {
    for (const call of this.calls.values()) {
      clearTimeout(call.timer);
      call.reject(error());
    }
    this.calls.clear();
  }
}
