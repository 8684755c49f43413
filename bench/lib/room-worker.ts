// A receiving load-generator process for the chatroom scenario (forked by room-fleet.ts): holds
// its share of one room's members (Morsel: anonymous guests on the chatroom link; Socket.IO:
// sockets joined to a room) and counts, per message, how many of its members got it and how long
// after its send (the send time rides in the text: `cr:<seq>:<sentAtMs>`). Nothing is kept per
// delivery: a latency histogram in 1 ms buckets and a count per message, so 19,000 members at
// 500 messages/s fit in memory. Every Morsel member receives the same batch frame: it is decoded
// once per worker (matched by its bytes) and only counted for the others.
import { COMMANDS, decodeFrame } from '@morsel/protocol';
import { ImLink, nowMs } from './im-link.ts';
import { LeanClient } from './lean-client.ts';

export interface RoomWorkerOpen {
  type: 'open';
  url: string;
  dialect: 'chatroom' | 'socketio';
  appKey: string;
  /** Morsel: the room to enter. */
  chatroomId?: string;
  /** Socket.IO: the room to join, and an account per member (Morsel members are anonymous). */
  room?: string;
  accounts?: { accid: string; token: string }[];
  count: number;
  localAddresses: string[];
  concurrency: number;
  /** The highest message sequence number that will be sent. */
  maxSeq: number;
}

export type ToRoomWorker = RoomWorkerOpen | { type: 'collect' } | { type: 'close' };

export type FromRoomWorker =
  | { type: 'ready' }
  | { type: 'opened'; opened: number; failed: number; errors: string[] }
  | {
      type: 'collected';
      online: number;
      dropped: number;
      histogram: Uint32Array;
      counts: Uint32Array;
      deliveries: number;
    }
  | { type: 'closed' };

/** Latencies are kept up to this many ms (beyond: the last bucket). */
const HISTOGRAM_MS = 300_000;
const PREFIX = 'cr:';
const MSG = COMMANDS.chatroomMsg;

const histogram = new Uint32Array(HISTOGRAM_MS + 1);
let counts = new Uint32Array(1);
let deliveries = 0;
let online = 0;
let dropped = 0;
const closers: (() => void)[] = [];
const errors = new Map<string, number>();
const send = (message: FromRoomWorker) => process.send!(message);

function record(seq: number, sentAt: number, at: number): void {
  if (seq < 0 || seq >= counts.length) return;
  counts[seq]!++;
  histogram[Math.min(HISTOGRAM_MS, Math.max(0, Math.floor(at - sentAt)))]!++;
  deliveries++;
}

/** `cr:<seq>:<sentAt>` → [seq, sentAt], or undefined for anything else. */
function parseKey(text: unknown): [number, number] | undefined {
  if (typeof text !== 'string' || !text.startsWith(PREFIX)) return undefined;
  const colon = text.indexOf(':', PREFIX.length);
  return [Number(text.slice(PREFIX.length, colon)), Number(text.slice(colon + 1))];
}

interface DecodedBatch {
  bytes: Buffer;
  seqs: number[];
  sentAts: number[];
}
/** The last batches decoded: the next member's frame is almost always one of them. */
const recent: DecodedBatch[] = [];
const RECENT = 64;

function batchOf(data: Buffer): DecodedBatch {
  for (let i = recent.length - 1; i >= 0; i--) {
    const batch = recent[i]!;
    if (batch.bytes.length === data.length && batch.bytes.equals(data)) return batch;
  }
  const batch: DecodedBatch = { bytes: Buffer.from(data), seqs: [], sentAts: [] };
  const msgs = (decodeFrame(data).body?.msgs ?? []) as { text?: string }[];
  for (const msg of msgs) {
    const key = parseKey(msg.text);
    if (key) {
      batch.seqs.push(key[0]);
      batch.sentAts.push(key[1]);
    }
  }
  recent.push(batch);
  if (recent.length > RECENT) recent.shift();
  return batch;
}

function onRoomFrame(data: Buffer): void {
  if (data[0] !== MSG.sid || data[1] !== MSG.cid) return;
  const at = nowMs();
  const batch = batchOf(data);
  for (let i = 0; i < batch.seqs.length; i++) record(batch.seqs[i]!, batch.sentAts[i]!, at);
}

function onSocketIoPacket(packet: string): void {
  // 2["msg",{"k":"cr:<seq>:<sentAt>"}]
  if (!packet.startsWith('2["msg",')) return;
  const start = packet.indexOf('"k":"');
  if (start < 0) return;
  const key = parseKey(packet.slice(start + 5, packet.indexOf('"', start + 5)));
  if (key) record(key[0], key[1], nowMs());
}

const lost = () => {
  online--;
  dropped++;
};

async function connect(message: RoomWorkerOpen, index: number): Promise<void> {
  const localAddress = message.localAddresses[index % message.localAddresses.length]!;
  if (message.dialect === 'chatroom') {
    const link = new ImLink({
      url: message.url,
      appKey: message.appKey,
      account: { accid: '', token: '' },
      chatroomId: message.chatroomId!,
      localAddress,
      onPushFrame: onRoomFrame,
      onClose: lost,
    });
    await link.open();
    closers.push(() => link.close());
  } else {
    const account = message.accounts![index]!;
    const socket = new LeanClient({
      url: `${message.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
      localAddress,
      dialect: 'socketio',
      appKey: '',
      accid: account.accid,
      token: account.token,
      timeoutMs: 60_000,
      onClose: lost,
      onPacket: onSocketIoPacket,
    });
    await socket.open();
    socket.send(`42${JSON.stringify(['join', message.room])}`);
    // Packets of one socket are handled in order: the heartbeat's answer means the join is done.
    await new Promise<void>((resolve) => socket.heartbeat(() => resolve()));
    closers.push(() => socket.close());
  }
  online++;
}

async function openAll(message: RoomWorkerOpen): Promise<void> {
  counts = new Uint32Array(message.maxSeq + 1);
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < message.count) {
      const index = next++;
      try {
        await connect(message, index);
      } catch (error) {
        failed++;
        const text = (error as Error).message ?? String(error);
        errors.set(text, (errors.get(text) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, lane));
  send({
    type: 'opened',
    opened: online,
    failed,
    errors: [...errors].map(([m, c]) => `${c} x ${m}`).slice(0, 10),
  });
}

process.on('message', (message: ToRoomWorker) => {
  const run = async () => {
    if (message.type === 'open') await openAll(message);
    else if (message.type === 'collect')
      send({ type: 'collected', online, dropped, histogram, counts, deliveries });
    else {
      for (const close of closers) close();
      send({ type: 'closed' });
      setTimeout(() => process.exit(0), 100);
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`room worker failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
