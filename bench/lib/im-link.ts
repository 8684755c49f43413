// Commands and pushes over one lean Morsel connection (lean-client.ts): requests matched to
// replies by serial, pushes handed out by name. Enough protocol for the messaging scenarios
// (send, sync, team commands) without the SDK's queues, store and timers.
import {
  CHATROOM_LINK_PATH,
  COMMANDS,
  commandAt,
  decodeFrame,
  encodeFrame,
  type CommandName,
} from '@morsel/protocol';
import { LeanClient } from './lean-client.ts';

export interface LinkAccount {
  accid: string;
  token: string;
}

export interface ImLinkOptions {
  url: string;
  appKey: string;
  account: LinkAccount;
  localAddress?: string;
  timeoutMs?: number;
  onPush?: (name: CommandName | undefined, body: Record<string, unknown>) => void;
  /** Every push as raw bytes instead of decoded (for receivers that decode once per batch). */
  onPushFrame?: (data: Buffer) => void;
  /** Enter this chatroom on the chatroom link instead of logging in on the IM link. */
  chatroomId?: string;
  onClose?: () => void;
}

export class CommandFailed extends Error {
  constructor(
    readonly command: string,
    readonly code: number,
    message: string,
  ) {
    super(`${command}: ${code} ${message}`);
  }
}

export class ImLink {
  readonly client: LeanClient;
  private serial = 1;
  private readonly pending = new Map<
    number,
    { name: string; resolve: (body: Record<string, unknown>) => void; reject: (e: Error) => void }
  >();

  constructor(private readonly options: ImLinkOptions) {
    this.client = new LeanClient({
      url: `${options.url.replace('http', 'ws')}${options.chatroomId ? CHATROOM_LINK_PATH : '/im/link/'}?EIO=4&transport=websocket`,
      localAddress: options.localAddress ?? '127.0.0.1',
      dialect: options.chatroomId ? 'chatroom' : 'morsel',
      ...(options.chatroomId && { chatroomId: options.chatroomId }),
      appKey: options.appKey,
      accid: options.account.accid,
      token: options.account.token,
      timeoutMs: options.timeoutMs ?? 60_000,
      onClose: () => {
        for (const [, p] of this.pending) p.reject(new Error(`${p.name}: connection closed`));
        this.pending.clear();
        options.onClose?.();
      },
      onFrame: (data) => this.onFrame(data),
    });
  }

  get accid(): string {
    return this.options.account.accid;
  }

  /** Opens the socket and logs in. */
  open(): Promise<void> {
    return this.client.open();
  }

  private onFrame(data: Buffer): void {
    // Pushes (serial 0) are decoded only if someone listens: a load client ignores the rest.
    const ser = (data[2]! << 8) | data[3]!;
    if (ser === 0) {
      if (this.options.onPushFrame) return this.options.onPushFrame(data);
      if (!this.options.onPush) return;
      const frame = decodeFrame(data);
      const link = this.options.chatroomId ? 'chatroom' : 'im';
      this.options.onPush(commandAt(link, frame.sid, frame.cid), frame.body ?? {});
      return;
    }
    const waiting = this.pending.get(ser);
    if (!waiting) return;
    this.pending.delete(ser);
    const frame = decodeFrame(data);
    if (frame.code === 200) waiting.resolve(frame.body ?? {});
    else
      waiting.reject(
        new CommandFailed(waiting.name, frame.code, String(frame.body?.message ?? '')),
      );
  }

  /** Sends a command and resolves with its reply body (rejects on a code other than 200). */
  request(name: CommandName, body?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const def = COMMANDS[name];
    // Serial 1 is the login's; the rest cycle through 2..32767.
    this.serial = this.serial >= 32767 ? 2 : this.serial + 1;
    const ser = this.serial;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    return new Promise((resolve, reject) => {
      // Every wait is bounded: a reply that never comes fails the command, it does not hang.
      const timer = setTimeout(() => {
        if (this.pending.get(ser)?.name !== name) return;
        this.pending.delete(ser);
        reject(new Error(`${name}: no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(ser, {
        name,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.client.send(
        Buffer.from(
          encodeFrame({ sid: def.sid, cid: def.cid, ser, code: 0, ...(body && { body }) }),
        ),
      );
    });
  }

  /** Runs the post-login sync from `timetags` (empty: a new device); resolves with the new ones. */
  async sync(timetags: Record<string, number>): Promise<Record<string, number>> {
    const reply = await this.request('sync', { timetags });
    return reply.timetags as Record<string, number>;
  }

  close(): void {
    this.client.close();
  }
}

/** A text message to `to` in `scene`, with a unique idClient. */
export function textMsg(
  scene: 'p2p' | 'team' | 'superTeam',
  to: string,
  text: string,
  idClient: string,
): Record<string, unknown> {
  return { msg: { scene, to, type: 0, text, idClient } };
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const nowMs = () => performance.timeOrigin + performance.now();
