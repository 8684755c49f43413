// The link's lifecycle on a scripted socket and a fake clock: the time-outs, the reconnection
// rules and the heartbeat of document 2 (sections 4 and 9), to the millisecond.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMMANDS,
  decodeFrame,
  encodeFrame,
  LINK,
  MAX_FRAME_BYTES,
  RECONNECT,
  type CommandName,
  type Frame,
} from '@morsel/protocol';
import { Logger } from '../logger.ts';
import { Link, type LinkConfig, type LinkEvents } from './link.ts';

const fake = vi.hoisted(() => {
  interface Events {
    open(): void;
    message(bytes: Uint8Array): void;
    close(reason: string): void;
  }
  /** A socket the test drives: it opens, answers and closes when told to. */
  class FakeTransport {
    readonly sent: Uint8Array[] = [];
    closeCalls = 0;
    /** When set, close() does not report the close (a stuck handshake or poll). */
    hangOnClose = false;
    private isClosed = false;
    readonly name = 'fake';

    constructor(
      readonly url: string,
      private readonly events: Events,
    ) {}

    send(bytes: Uint8Array): void {
      this.sent.push(bytes);
    }

    close(): void {
      this.closeCalls += 1;
      if (!this.hangOnClose) this.drop('forced close');
    }

    open(): void {
      this.events.open();
    }

    deliver(bytes: Uint8Array): void {
      this.events.message(bytes);
    }

    drop(reason: string): void {
      if (this.isClosed) return;
      this.isClosed = true;
      this.events.close(reason);
    }
  }
  return { FakeTransport, transports: [] as FakeTransport[] };
});

vi.mock('../transport/engine-transport.ts', () => ({
  openTransport: (
    options: { url: string },
    events: ConstructorParameters<typeof fake.FakeTransport>[1],
  ) => {
    const transport = new fake.FakeTransport(options.url, events);
    fake.transports.push(transport);
    return transport;
  },
}));

type FakeTransport = InstanceType<typeof fake.FakeTransport>;

function makeLink(config: Partial<LinkConfig> = {}) {
  const seen: { name: keyof LinkEvents; value: unknown }[] = [];
  const record = (name: keyof LinkEvents) => (value: unknown) => void seen.push({ name, value });
  const link = new Link(
    {
      appKey: 'app',
      account: 'a1',
      token: 't',
      clientType: 16,
      os: 'test',
      deviceId: 'd1',
      defaultLink: 'http://im.test',
      linkPath: '/im/link/',
      transports: ['websocket'],
      heartbeatIntervalMs: LINK.heartbeatIntervalMs,
      maxReconnectAttempts: RECONNECT.maxAttempts,
      logger: new Logger({ level: 'off' }),
      ...config,
    },
    {
      connected: record('connected'),
      willReconnect: record('willReconnect'),
      disconnected: record('disconnected'),
      error: record('error'),
      push: record('push'),
    },
  );
  const names = () => seen.map((e) => e.name);
  return { link, seen, names };
}

const latest = (): FakeTransport => fake.transports.at(-1)!;
const frames = (transport: FakeTransport): Frame[] =>
  transport.sent.map((bytes) => decodeFrame(bytes));
const lastSent = (transport: FakeTransport, name: CommandName): Frame | undefined =>
  frames(transport)
    .filter((f) => f.sid === COMMANDS[name].sid && f.cid === COMMANDS[name].cid)
    .at(-1);

/** The server's reply to the last `name` the client sent on this socket. */
function answer(
  transport: FakeTransport,
  name: CommandName,
  body: Record<string, unknown> = {},
  code = 200,
): void {
  const request = lastSent(transport, name);
  if (!request) throw new Error(`${name} was not sent`);
  transport.deliver(
    encodeFrame({ sid: request.sid, cid: request.cid, ser: request.ser, code, body }),
  );
}

const LOGIN_REPLY = { connectionId: 'c1', loginPorts: [], serverTime: 1 };

/** Opens the socket the link just created and answers its login. */
async function logIn(transport: FakeTransport): Promise<void> {
  transport.open();
  answer(transport, 'login', LOGIN_REPLY);
  await vi.advanceTimersByTimeAsync(0);
}

async function loggedIn(config: Partial<LinkConfig> = {}) {
  const made = makeLink(config);
  const login = made.link.connect();
  await vi.advanceTimersByTimeAsync(0);
  const transport = latest();
  await logIn(transport);
  await login;
  return { ...made, transport };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter: the delays are the spec's
  fake.transports.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the heartbeat', () => {
  it('goes out with serial 0 at the interval, and an answered one keeps the link', async () => {
    const { link, names, transport } = await loggedIn({ heartbeatIntervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    const beat = lastSent(transport, 'heartbeat');
    expect(beat).toMatchObject({ ser: 0, code: 0 });
    transport.deliver(encodeFrame({ sid: 1, cid: 2, ser: 0, code: 200 }));
    await vi.advanceTimersByTimeAsync(LINK.handshakeTimeoutMs);
    expect(transport.closeCalls).toBe(0);
    expect(link.state).toBe('logined');

    // Commands keep serials 1..32767 meanwhile: 0 stays the heartbeat's.
    void link.send('getServerTime', {}).catch(() => {});
    expect(lastSent(transport, 'getServerTime')!.ser).toBeGreaterThan(0);

    // The next heartbeat goes unanswered: the link closes the socket and reconnects.
    await vi.advanceTimersByTimeAsync(50_000 + LINK.handshakeTimeoutMs);
    expect(transport.closeCalls).toBe(1);
    expect(names()).toContain('willReconnect');
  });
});

describe('time-outs', () => {
  it('gives the handshake and the socket 10 s to open, then retries, even when the socket hangs', async () => {
    const { link, seen } = makeLink();
    void link.connect().catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const stuck = latest();
    stuck.hangOnClose = true;
    await vi.advanceTimersByTimeAsync(LINK.socketConnectTimeoutMs - 1);
    expect(stuck.closeCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(stuck.closeCalls).toBe(1);
    expect(seen).toEqual([{ name: 'willReconnect', value: { retryCount: 1, duration: 500 } }]);
    await vi.advanceTimersByTimeAsync(500);
    expect(fake.transports).toHaveLength(2);
    stuck.drop('late close'); // a socket given up on that reports late changes nothing
    expect(seen).toHaveLength(1);
    await link.disconnect();
  });

  it('fires the disconnect callback when the socket confirms, or after 10 s regardless', async () => {
    const { link, seen, transport } = await loggedIn();
    transport.hangOnClose = true;
    let done = false;
    void link.disconnect().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(RECONNECT.disconnectCallbackTimeoutMs - 1);
    expect(seen.map((e) => e.name)).toEqual(['connected']);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(seen.at(-1)).toEqual({
      name: 'disconnected',
      value: { code: 'manual', message: 'disconnected by the application' },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.transports).toHaveLength(1); // no reconnection after disconnect()
    expect(link.state).toBe('disconnected');
  });

  it('fails a command with 408 Error_Timeout after its time-out', async () => {
    const { link } = await loggedIn();
    const call = link.send('getServerTime', {});
    const outcome = expect(call).rejects.toMatchObject({
      code: 408,
      event: { name: 'Error_Timeout' },
    });
    await vi.advanceTimersByTimeAsync(COMMANDS.getServerTime.timeoutMs);
    await outcome;
  });
});

describe('reconnection', () => {
  it('waits 500 ms doubling between attempts, at most the attempts allowed, then Connect_Failed', async () => {
    const { link, seen } = makeLink({ maxReconnectAttempts: 3 });
    const login = link.connect();
    const failed = expect(login).rejects.toMatchObject({ code: 'Connect_Failed' });
    await vi.advanceTimersByTimeAsync(0);
    for (const [retry, delay] of [
      [1, 500],
      [2, 1000],
      [3, 2000],
    ] as const) {
      latest().drop('connection refused');
      expect(seen.at(-1)).toEqual({
        name: 'willReconnect',
        value: { retryCount: retry, duration: delay },
      });
      expect(link.state).toBe('handshakeFailed'); // the socket never opened: said during the back-off
      const before = fake.transports.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fake.transports).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(fake.transports).toHaveLength(before + 1);
      expect(link.state).toBe('connecting'); // never logged in yet: a first connection, retried
    }
    latest().drop('connection refused');
    await failed;
    expect(seen.at(-1)).toMatchObject({ name: 'disconnected', value: { code: 'Connect_Failed' } });
    expect(link.state).toBe('connectFailed');
  });

  it('after a silent kick, reopens after 3 s without telling the application', async () => {
    const { seen, transport } = await loggedIn();
    transport.deliver(
      encodeFrame({
        sid: COMMANDS.kicked.sid,
        cid: COMMANDS.kicked.cid,
        ser: 0,
        code: 0,
        body: { reason: 4, reasonName: 'silentlyKick', message: 'silently kicked; reconnecting' },
      }),
    );
    transport.drop('transport close');
    await vi.advanceTimersByTimeAsync(RECONNECT.reopenDelayMs - 1);
    expect(fake.transports).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.transports).toHaveLength(2);
    await logIn(latest());
    expect(lastSent(latest(), 'login')!.body).toMatchObject({ appLogin: 1 });
    expect(seen.map((e) => e.name)).toEqual(['connected', 'connected']);
    expect(seen[1]!.value).toEqual(LOGIN_REPLY);
  });

  it('kicked for another reason: disconnects with the reason and does not reconnect', async () => {
    const { seen, transport } = await loggedIn();
    transport.deliver(
      encodeFrame({
        sid: COMMANDS.kicked.sid,
        cid: COMMANDS.kicked.cid,
        ser: 0,
        code: 0,
        body: {
          reason: 1,
          reasonName: 'samePlatformKick',
          message: 'same platform',
          fromClientType: 2,
        },
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual({
      name: 'disconnected',
      value: {
        code: 'kicked',
        message: 'same platform',
        reason: 'samePlatformKick',
        fromClientType: 2,
      },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.transports).toHaveLength(1);
  });

  it('connect() during an attempt waits for it instead of opening a second socket', async () => {
    const { link } = makeLink();
    const first = link.connect();
    const second = link.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.transports).toHaveLength(1);
    await logIn(latest());
    await expect(first).resolves.toEqual(LOGIN_REPLY);
    await expect(second).resolves.toEqual(LOGIN_REPLY);
  });
});

describe('commands', () => {
  it('fail in flight with Error_Internet_Disconnected when the socket drops, then at once with the socket-state error', async () => {
    const { link, transport } = await loggedIn();
    const inFlight = link.send('getServerTime', {});
    transport.drop('transport close');
    expect(link.state).toBe('reconnecting'); // an open link was lost: not a failed handshake
    await expect(inFlight).rejects.toMatchObject({ code: 'Error_Internet_Disconnected' });
    await expect(link.send('getServerTime', {})).rejects.toMatchObject({
      code: 'Error_Connection_Socket_State_not_Match',
    });
    await link.disconnect();
  });

  it('after 416, fail locally with 416 for the stated seconds, in milliseconds', async () => {
    const { link, transport } = await loggedIn();
    const refused = link.send('getServerTime', {});
    answer(transport, 'getServerTime', { message: 'blocked', duration: 2 }, 416);
    await expect(refused).rejects.toMatchObject({ code: 416 });
    const sentBefore = transport.sent.length;
    await vi.advanceTimersByTimeAsync(1_999);
    await expect(link.send('getServerTime', {})).rejects.toMatchObject({ code: 416 });
    expect(transport.sent).toHaveLength(sentBefore); // refused without asking the server
    await vi.advanceTimersByTimeAsync(1);
    const allowed = link.send('getServerTime', {});
    answer(transport, 'getServerTime', { time: 5 });
    await expect(allowed).resolves.toEqual({ time: 5 });
    // Other commands were never blocked.
    expect(transport.sent.length).toBe(sentBefore + 1);
  });

  it('a login refused by frequency control waits out the stated block before the next attempt', async () => {
    const { link, seen } = makeLink();
    void link.connect().catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.open();
    answer(first, 'login', { message: 'blocked', duration: 5 }, 416);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.at(-1)).toEqual({
      name: 'willReconnect',
      value: { retryCount: 1, duration: 5000 },
    });
    const before = fake.transports.length;
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fake.transports).toHaveLength(before); // no socket opened only to be refused locally
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.transports).toHaveLength(before + 1);
    await logIn(latest());
    expect(link.state).toBe('logined');
  });

  it('fail with 999 when the request cannot be packed', async () => {
    const { link, transport } = await loggedIn();
    const sentBefore = transport.sent.length;
    await expect(
      link.send('audioToText', { url: 'x'.repeat(MAX_FRAME_BYTES) }),
    ).rejects.toMatchObject({ code: 999 });
    expect(transport.sent).toHaveLength(sentBefore);
  });
});
