// A raw Engine.IO client for tests that skip the SDK: it sends any frame or bytes, records every
// frame and the close, pipelines calls by serial number, and notices when the server drops it.
// The raw-protocol, gateway-defence, command-table and hostile-input suites all speak through it.
import { Socket } from 'engine.io-client';
import { COMMANDS, decodeFrame, encodeFrame, type CommandName, type Frame } from '@morsel/protocol';
import type { TestServer } from '../harness/index.ts';

export interface RawClient {
  socket: Socket;
  frames: Frame[];
  isClosed(): boolean;
  waitFor(predicate: () => boolean, ms?: number): Promise<void>;
  /**
   * Sends a command and resolves with its reply (any code); rejects when the server closes the
   * connection first or no reply comes. Any number may be in flight at once.
   */
  call(name: CommandName, body?: unknown): Promise<Frame>;
  /** Sends raw bytes as one frame. */
  sendBytes(bytes: Uint8Array): void;
  /** Logs in; the reply frame, whatever its code. */
  login(account: { accid: string; token: string }, extra?: Record<string, unknown>): Promise<Frame>;
  close(): void;
}

export interface RawClientOptions {
  headers?: Record<string, string>;
  transports?: ('websocket' | 'polling')[];
  /** The Engine.IO path: the IM link's unless given (the chatroom link has its own). */
  path?: string;
}

/** A hang guard, not a timing assertion: a request never answered fails its test. */
const REPLY_WAIT_MS = 20_000;

export async function rawClient(
  server: TestServer,
  options: RawClientOptions = {},
): Promise<RawClient> {
  const socket = new Socket(server.url, {
    path: options.path ?? '/im/link/',
    transports: options.transports ?? ['websocket'],
    ...(options.headers && { extraHeaders: options.headers }),
  });
  socket.binaryType = 'arraybuffer';
  const frames: Frame[] = [];
  const waiting = new Map<string, { resolve(frame: Frame): void; reject(error: Error): void }>();
  let closed = false;
  socket.on('message', (data) => {
    const frame = decodeFrame(new Uint8Array(data as ArrayBuffer));
    frames.push(frame);
    const key = `${frame.sid}:${frame.cid}:${frame.ser}`;
    const waiter = frame.ser === 0 ? undefined : waiting.get(key);
    if (waiter) {
      waiting.delete(key);
      waiter.resolve(frame);
    }
  });
  socket.on('close', () => {
    closed = true;
    for (const waiter of waiting.values())
      waiter.reject(new Error('the server closed the connection'));
    waiting.clear();
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  const waitFor = async (predicate: () => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  let ser = 0;
  const call = (name: CommandName, body: unknown = {}): Promise<Frame> => {
    if (closed) return Promise.reject(new Error('the connection is closed'));
    const { sid, cid } = COMMANDS[name];
    const serial = (ser = (ser % 65535) + 1);
    const key = `${sid}:${cid}:${serial}`;
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(key);
        reject(new Error(`no reply to ${name}`));
      }, REPLY_WAIT_MS);
      waiting.set(key, {
        resolve: (frame) => (clearTimeout(timer), resolve(frame)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      socket.send(
        encodeFrame({ sid, cid, ser: serial, code: 0, body: body as Record<string, unknown> }),
      );
    });
  };
  const appKey = server.server.seeded.appKey;
  return {
    socket,
    frames,
    isClosed: () => closed,
    waitFor,
    call,
    sendBytes: (bytes) => socket.send(bytes),
    login: (account, extra = {}) =>
      call('login', {
        appKey,
        account: account.accid,
        token: account.token,
        clientType: 16,
        os: 'test',
        sdkVersion: 1,
        protocolVersion: 1,
        deviceId: `raw-${account.accid}-${Math.random()}`,
        appLogin: 0,
        ...extra,
      }),
    close: () => socket.close(),
  };
}
