// A raw IM connection that skips the SDK: it sends any parameter map as a frame, pipelines many
// requests, and notices when the server drops it. The hostile suites speak through this.
import { Socket } from 'engine.io-client';
import { COMMANDS, decodeFrame, encodeFrame, type CommandName, type Frame } from '@morsel/protocol';
import type { TestServer } from '../harness/index.ts';

export interface RawLink {
  /** Sends one frame and resolves with its reply (rejects when none comes or the link drops). */
  call(name: CommandName, body: unknown): Promise<Frame>;
  /** Logs in as demo account `index` with a fresh device id. */
  login(index: number): Promise<Frame>;
  readonly closed: boolean;
  close(): void;
}

const REPLY_WAIT_MS = 20_000;

export async function openRawLink(server: TestServer, deviceTag: string): Promise<RawLink> {
  const socket = new Socket(server.url, { path: '/im/link/', transports: ['websocket'] });
  socket.binaryType = 'arraybuffer';
  const waiting = new Map<
    string,
    { resolve: (frame: Frame) => void; reject: (error: Error) => void }
  >();
  let closed = false;
  socket.on('message', (data) => {
    const frame = decodeFrame(new Uint8Array(data as ArrayBuffer));
    const key = `${frame.sid}:${frame.cid}:${frame.ser}`;
    const waiter = waiting.get(key);
    if (waiter && frame.ser !== 0) {
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
  let ser = 0;
  const call = (name: CommandName, body: unknown) => {
    const { sid, cid } = COMMANDS[name];
    const serial = ++ser;
    if (closed) return Promise.reject(new Error('the connection is closed'));
    return new Promise<Frame>((resolve, reject) => {
      // A hang guard, not a timing assertion: a request never answered fails its test.
      const timer = setTimeout(() => {
        waiting.delete(`${sid}:${cid}:${serial}`);
        reject(new Error(`no reply to ${name}`));
      }, REPLY_WAIT_MS);
      waiting.set(`${sid}:${cid}:${serial}`, {
        resolve: (frame) => (clearTimeout(timer), resolve(frame)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      socket.send(
        encodeFrame({ sid, cid, ser: serial, code: 0, body: body as Record<string, unknown> }),
      );
    });
  };
  return {
    call,
    login(index) {
      const { appKey, demoAccounts } = server.server.seeded;
      const account = demoAccounts[index]!;
      return call('login', {
        appKey,
        account: account.accid,
        token: account.token,
        clientType: 16,
        os: 'test',
        sdkVersion: 1,
        protocolVersion: 1,
        deviceId: `hostile-${deviceTag}-${index}`,
        appLogin: 0,
      });
    },
    get closed() {
      return closed;
    },
    close: () => socket.close(),
  };
}
