// A raw Engine.IO client for tests that skip the SDK: sends frames, records every frame and the
// close, and calls one command at a time by name.
import { Socket } from 'engine.io-client';
import { COMMANDS, decodeFrame, encodeFrame, type CommandName, type Frame } from '@morsel/protocol';
import type { TestServer } from '../harness/index.ts';

export interface RawClient {
  socket: Socket;
  frames: Frame[];
  isClosed(): boolean;
  waitFor(predicate: () => boolean, ms?: number): Promise<void>;
  /** Sends a command and awaits its reply (any code). */
  call(name: CommandName, body?: Record<string, unknown>): Promise<Frame>;
  /** Sends raw bytes as one frame. */
  sendBytes(bytes: Uint8Array): void;
  /** Logs in; the reply frame, whatever its code. */
  login(account: { accid: string; token: string }, extra?: Record<string, unknown>): Promise<Frame>;
  close(): void;
}

export async function rawClient(
  server: TestServer,
  options: { headers?: Record<string, string> } = {},
): Promise<RawClient> {
  const socket = new Socket(server.url, {
    path: '/im/link/',
    transports: ['websocket'],
    ...(options.headers && { extraHeaders: options.headers }),
  });
  socket.binaryType = 'arraybuffer';
  const frames: Frame[] = [];
  let closed = false;
  socket.on('message', (data) => frames.push(decodeFrame(new Uint8Array(data as ArrayBuffer))));
  socket.on('close', () => (closed = true));
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
  const call = async (name: CommandName, body: Record<string, unknown> = {}): Promise<Frame> => {
    const { sid, cid } = COMMANDS[name];
    const serial = (ser = (ser % 65535) + 1);
    socket.send(encodeFrame({ sid, cid, ser: serial, code: 0, body }));
    let reply: Frame | undefined;
    await waitFor(
      () =>
        (reply = frames.find((f) => f.sid === sid && f.cid === cid && f.ser === serial)) !==
          undefined || closed,
    );
    if (!reply) throw new Error(`connection closed before the reply to ${name}`);
    return reply;
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
