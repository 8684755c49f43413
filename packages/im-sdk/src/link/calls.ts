// The command half of a link, shared by the IM link and the chatroom link: serial numbers, the
// calls awaiting their replies, frequency-control blocks (416 with a duration: the command then
// fails locally until the time given), encoding a command and settling a reply. Each link keeps
// its own connection life (transport, login, heartbeat timer, reconnection).
import {
  WIRE_COMMANDS,
  encodeClientFrame,
  ImError,
  LINK,
  NON_ERROR_CODES,
  type CommandName,
  type Frame,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import type { Transport } from '../transport/engine-transport.ts';
import { PendingCalls } from './pending.ts';
import { SerialCounter } from './serial.ts';

export class CommandCalls {
  readonly pending = new PendingCalls();
  private readonly serials: SerialCounter;
  private readonly blockedUntil = new Map<CommandName, number>();

  constructor(serialStart = 0) {
    this.serials = new SerialCounter(serialStart);
  }

  /** How long frequency control still blocks `name`, in milliseconds (0 when it does not). */
  blockedFor(name: CommandName): number {
    return Math.max(0, (this.blockedUntil.get(name) ?? 0) - Date.now());
  }

  /**
   * Sends a command on `transport` and resolves with its reply parameters. `ready` is the link's
   * verdict (logged in, or connected for a pre-login command); `state` names it in the refusal.
   */
  send<N extends CommandName>(
    name: N,
    params: RequestOf<N>,
    link: { transport: Transport | undefined; ready: boolean; state: string },
    timeoutMs?: number,
  ): Promise<ReplyOf<N>> {
    const def = WIRE_COMMANDS[name];
    const blocked = this.blockedFor(name);
    if (blocked > 0)
      return Promise.reject(
        new ImError(416, `frequency control: ${name} blocked for ${blocked} ms`),
      );
    const transport = link.transport;
    if (!link.ready || !transport) {
      return Promise.reject(
        new ImError(
          'Error_Connection_Socket_State_not_Match',
          `cannot send ${name} while ${link.state}`,
        ),
      );
    }
    // Serial 0 is the heartbeat's (the server answers it with 0); commands take 1..32767.
    let ser: number = LINK.heartbeatSerial;
    if (name === 'heartbeat') {
      if (this.pending.has(ser))
        return Promise.reject(new ImError(417, 'a heartbeat is already awaiting its reply'));
    } else {
      ser = this.serials.next();
      while (this.pending.has(ser)) ser = this.serials.next();
    }
    let bytes: Uint8Array;
    try {
      bytes = encodeClientFrame({
        sid: def.sid,
        cid: def.cid,
        ser,
        code: 0,
        body: params as Record<string, unknown>,
      });
    } catch (error) {
      return Promise.reject(new ImError(999, (error as Error).message));
    }
    return new Promise<ReplyOf<N>>((resolve, reject) => {
      this.pending.add(
        ser,
        {
          name,
          sid: def.sid,
          cid: def.cid,
          resolve: resolve as (b: Record<string, unknown>) => void,
          reject,
        },
        timeoutMs ?? def.timeoutMs,
      );
      transport.send(bytes);
    });
  }

  /** Settles the call a reply frame answers (a late reply to a timed-out call is dropped). */
  settle(frame: Frame): void {
    const call = this.pending.take(frame.ser, frame.sid, frame.cid);
    if (!call) return;
    const body = frame.body ?? {};
    if (NON_ERROR_CODES.has(frame.code)) return call.resolve(body);
    if (frame.code === 416 && typeof body.duration === 'number')
      this.blockedUntil.set(call.name as CommandName, Date.now() + body.duration * 1000);
    call.reject(
      new ImError(frame.code, typeof body.message === 'string' ? body.message : undefined, body),
    );
  }
}
