// A receiving load-generator process (forked by im-fleet.ts) for the messaging scenarios: opens
// its share of lean connections (Morsel: login and optionally the post-login sync; Socket.IO:
// connect and optionally join a room), records when each keyed message arrives at each client,
// and, when asked to, reconnects dropped clients the way the SDK does (500 ms x 2^(n-1), capped
// at 16 s, plus up to 20 % jitter) and syncs again from the timetags it last got.
import { ImLink } from './im-link.ts';
import { LeanClient, type Dialect } from './lean-client.ts';
import { nowMs } from './im-link.ts';

export interface ImWorkerOpen {
  type: 'open';
  url: string;
  dialect: Dialect;
  appKey: string;
  accounts: { accid: string; token: string }[];
  localAddresses: string[];
  concurrency: number;
  /** Morsel: run the sync after login. */
  sync: boolean;
  /** Socket.IO: join this room after connecting. */
  room?: string;
  /** Reconnect dropped clients (and sync again) until `reconnectUntil` (epoch ms). */
  reconnectUntil?: number;
}

export type ToImWorker =
  | ImWorkerOpen
  | { type: 'expect'; key: string }
  | { type: 'collect' }
  | { type: 'status' }
  | { type: 'close' };

export type FromImWorker =
  | { type: 'ready' }
  | { type: 'opened'; opened: number; failed: number; errors: string[] }
  /** Every open client has received `key`; `lastAt` is when the last one did. */
  | { type: 'complete'; key: string; lastAt: number }
  | { type: 'collected'; arrivals: Record<string, number[]> }
  | {
      type: 'status';
      online: number;
      synced: number;
      dropped: number;
      backAt: number[];
      errors: string[];
    }
  | { type: 'closed' };

interface Member {
  account: { accid: string; token: string };
  address: string;
  link?: ImLink;
  socket?: LeanClient;
  online: boolean;
  synced: boolean;
  timetags: Record<string, number>;
  droppedAt?: number;
  /** A reconnect attempt is scheduled or running (a drop and a failed attempt must not both retry). */
  retrying?: boolean;
}

const members: Member[] = [];
const arrivals = new Map<string, number[]>();
const backAt: number[] = [];
const errors = new Map<string, number>();
let expected: string | undefined;
let dropped = 0;
let config: ImWorkerOpen;
const send = (message: FromImWorker) => process.send!(message);
const note = (error: unknown) => {
  const message = (error as Error).message ?? String(error);
  errors.set(message, (errors.get(message) ?? 0) + 1);
};

function arrived(key: string): void {
  const at = nowMs();
  let list = arrivals.get(key);
  if (!list) arrivals.set(key, (list = []));
  list.push(at);
  if (key === expected && list.length >= members.filter((m) => m.online).length) {
    expected = undefined;
    send({ type: 'complete', key, lastAt: at });
  }
}

function onDrop(member: Member): void {
  member.online = false;
  member.synced = false;
  member.droppedAt ??= nowMs();
  dropped++;
  if (config.reconnectUntil && Date.now() < config.reconnectUntil) scheduleReconnect(member, 1);
}

function scheduleReconnect(member: Member, attempt: number): void {
  if (member.retrying && attempt === 1) return;
  member.retrying = true;
  const base = Math.min(16_000, 500 * 2 ** (attempt - 1));
  const delay = base + Math.random() * base * 0.2;
  setTimeout(() => {
    connect(member).then(
      () => (member.retrying = false),
      (error: unknown) => {
        note(error);
        if (Date.now() < (config.reconnectUntil ?? 0)) scheduleReconnect(member, attempt + 1);
        else member.retrying = false;
      },
    );
  }, delay);
}

async function connect(member: Member): Promise<void> {
  if (config.dialect === 'morsel') {
    const link = new ImLink({
      url: config.url,
      appKey: config.appKey,
      account: member.account,
      localAddress: member.address,
      onPush: (name, body) => {
        if (name === 'msg') arrived(String((body.msg as { text?: string }).text));
      },
      onClose: () => onDrop(member),
    });
    await link.open();
    member.link = link;
    member.online = true;
    if (config.sync) {
      member.timetags = await link.sync(member.timetags);
      member.synced = true;
    }
  } else {
    const socket = new LeanClient({
      url: `${config.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
      localAddress: member.address,
      dialect: 'socketio',
      appKey: '',
      accid: member.account.accid,
      token: member.account.token,
      timeoutMs: 60_000,
      onClose: () => onDrop(member),
      onPacket: (packet) => {
        if (packet.startsWith('2["msg",'))
          arrived((JSON.parse(packet.slice(1)) as [string, { text: string }])[1].text);
      },
    });
    await socket.open();
    member.socket = socket;
    member.online = true;
    if (config.room) {
      socket.send(`42${JSON.stringify(['join', config.room])}`);
      // Packets of one socket are handled in order: the heartbeat's answer means the join is done.
      await new Promise<void>((resolve) => socket.heartbeat(() => resolve()));
    }
    member.synced = true;
  }
  if (member.droppedAt !== undefined) {
    backAt.push(nowMs());
    member.droppedAt = undefined;
  }
}

async function openAll(message: ImWorkerOpen): Promise<void> {
  config = message;
  message.accounts.forEach((account, i) =>
    members.push({
      account,
      address: message.localAddresses[i % message.localAddresses.length]!,
      online: false,
      synced: false,
      timetags: {},
    }),
  );
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < members.length) {
      const member = members[next++]!;
      try {
        await connect(member);
      } catch (error) {
        failed++;
        note(error);
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, lane));
  send({
    type: 'opened',
    opened: members.filter((m) => m.online).length,
    failed,
    errors: report(),
  });
}

const report = () => [...errors].map(([m, c]) => `${c} x ${m}`).slice(0, 10);

process.on('message', (message: ToImWorker) => {
  const run = async () => {
    if (message.type === 'open') await openAll(message);
    else if (message.type === 'expect') {
      expected = message.key;
      // It may all be here already.
      const got = arrivals.get(message.key);
      if (got && got.length >= members.filter((m) => m.online).length) {
        expected = undefined;
        send({ type: 'complete', key: message.key, lastAt: Math.max(...got) });
      }
    } else if (message.type === 'collect') {
      send({ type: 'collected', arrivals: Object.fromEntries(arrivals) });
      arrivals.clear();
    } else if (message.type === 'status') {
      send({
        type: 'status',
        online: members.filter((m) => m.online).length,
        synced: members.filter((m) => m.synced).length,
        dropped,
        backAt: [...backAt],
        errors: report(),
      });
    } else {
      config.reconnectUntil = 0;
      for (const m of members) (m.link?.client ?? m.socket)?.close();
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 100);
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`im worker failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
