// A lean load client: one WebSocket speaking Engine.IO v4 directly (open '0{…}', ping '2' →
// pong '3', text messages '4…', binary messages as raw frames), with no reconnect logic, no
// queues and no timers of its own, so one process can hold thousands of connections. Two
// dialects ride on it: Morsel's binary frames (login, heartbeat), and Socket.IO 4's text
// packets (namespace connect with an auth payload, an event with an acknowledgement). The
// 'chatroom' dialect is Morsel's frames on the chatroom link: chatroomLogin instead of login.
import WebSocket from 'ws';
import { COMMANDS, decodeFrame, encodeFrame } from '@morsel/protocol';

export type Dialect = 'morsel' | 'socketio' | 'chatroom';

export interface LeanClientOptions {
  url: string;
  localAddress: string;
  dialect: Dialect;
  appKey: string;
  accid: string;
  token: string;
  timeoutMs: number;
  /** The 'chatroom' dialect: the room to enter, as an anonymous guest when `accid` is empty. */
  chatroomId?: string;
  /** Called once when the connection ends after it was established. */
  onClose: (client: LeanClient) => void;
  /** Every binary frame other than the login reply and heartbeats (pushes, replies). */
  onFrame?: (data: Buffer) => void;
  /** Every Socket.IO packet other than connect and heartbeat acks, without the leading '4'. */
  onPacket?: (packet: string) => void;
}

const HEARTBEAT = encodeFrame({
  sid: COMMANDS.heartbeat.sid,
  cid: COMMANDS.heartbeat.cid,
  ser: 0,
  code: 0,
});
const LOGIN_SERIAL = 1;

export class LeanClient {
  private ws: WebSocket | undefined;
  private heartbeatSentAt = 0;
  private heartbeatDone: ((rttMs: number) => void) | undefined;
  private ackId = 0;
  established = false;
  closed = false;

  constructor(private readonly options: LeanClientOptions) {}

  /** Opens the socket and logs in (Morsel) or connects to the namespace (Socket.IO). */
  open(): Promise<void> {
    const o = this.options;
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(o.url, {
        localAddress: o.localAddress,
        perMessageDeflate: false,
        handshakeTimeout: o.timeoutMs,
      });
      this.ws = ws;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        ws.terminate();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`no login reply within ${o.timeoutMs} ms`)),
        o.timeoutMs,
      );
      const succeed = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.established = true;
        resolve();
      };
      ws.on('error', (error) => fail(error));
      ws.on('close', () => {
        fail(new Error('closed before login'));
        if (!this.closed) {
          this.closed = true;
          if (this.established) o.onClose(this);
        }
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return this.onBinary(data, succeed, fail);
        const text = data.toString();
        if (text === '2') return ws.send('3');
        if (text.startsWith('0')) return this.onOpen();
        if (text.startsWith('4')) return this.onText(text.slice(1), succeed, fail);
      });
    });
  }

  private onOpen(): void {
    const o = this.options;
    if (o.dialect === 'chatroom') {
      const login = COMMANDS.chatroomLogin;
      const who = o.accid
        ? { account: o.accid, token: o.token }
        : { isAnonymous: true, chatroomNick: 'bench guest' };
      this.ws!.send(
        encodeFrame({
          sid: login.sid,
          cid: login.cid,
          ser: LOGIN_SERIAL,
          code: 0,
          body: {
            appKey: o.appKey,
            chatroomId: o.chatroomId ?? '',
            ...who,
            clientType: 16,
            deviceId: `bench-${o.accid || Math.random().toString(36).slice(2)}`,
          },
        }),
      );
    } else if (o.dialect === 'morsel') {
      const login = COMMANDS.login;
      this.ws!.send(
        encodeFrame({
          sid: login.sid,
          cid: login.cid,
          ser: LOGIN_SERIAL,
          code: 0,
          body: {
            appKey: o.appKey,
            account: o.accid,
            token: o.token,
            clientType: 16,
            os: 'linux',
            sdkVersion: 1,
            protocolVersion: 1,
            deviceId: `bench-${o.accid}`,
            appLogin: 0,
          },
        }),
      );
    } else {
      // Socket.IO CONNECT to the main namespace with the handshake's auth payload.
      this.ws!.send(`40${JSON.stringify({ accid: o.accid, token: o.token })}`);
    }
  }

  private onBinary(data: Buffer, succeed: () => void, fail: (e: Error) => void): void {
    if (data.length < 6) return;
    const sid = data[0];
    const cid = data[1];
    const ser = (data[2]! << 8) | data[3]!;
    const code = (data[4]! << 8) | data[5]!;
    if (sid === COMMANDS.heartbeat.sid && cid === COMMANDS.heartbeat.cid && ser === 0) {
      return this.heartbeatAnswered();
    }
    const login = this.options.dialect === 'chatroom' ? COMMANDS.chatroomLogin : COMMANDS.login;
    if (sid === login.sid && cid === login.cid && ser === LOGIN_SERIAL) {
      if (code === 200) return succeed();
      const message = decodeFrame(data).body?.message;
      fail(new Error(`login refused: ${code}${typeof message === 'string' ? ` ${message}` : ''}`));
      return;
    }
    this.options.onFrame?.(data);
  }

  private onText(packet: string, succeed: () => void, fail: (e: Error) => void): void {
    if (packet.startsWith('0')) return succeed();
    if (packet.startsWith('4')) return fail(new Error(`connect refused: ${packet.slice(1)}`));
    if (packet.startsWith('3')) return this.heartbeatAnswered();
    this.options.onPacket?.(packet);
  }

  /** Sends a raw frame (Morsel) or an Engine.IO message body (Socket.IO, e.g. '42[...]'). */
  send(data: Buffer | string): void {
    if (!this.closed) this.ws?.send(data);
  }

  private heartbeatAnswered(): void {
    const done = this.heartbeatDone;
    this.heartbeatDone = undefined;
    done?.(performance.now() - this.heartbeatSentAt);
  }

  /** Sends one application heartbeat; `done` gets the round trip in ms. Skipped if one is out. */
  heartbeat(done: (rttMs: number) => void): boolean {
    if (this.closed || this.heartbeatDone || !this.ws) return false;
    this.heartbeatDone = done;
    this.heartbeatSentAt = performance.now();
    if (this.options.dialect === 'morsel') this.ws.send(HEARTBEAT);
    else this.ws.send(`42${++this.ackId}["hb"]`);
    return true;
  }

  get heartbeatPending(): boolean {
    return this.heartbeatDone !== undefined;
  }

  close(): void {
    this.closed = true;
    this.ws?.terminate();
  }
}
