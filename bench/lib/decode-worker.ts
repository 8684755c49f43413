// The decode timing of `npm run bench -- msgpack-decode`, in a process of its own started with
// MSGPACKR_NATIVE_ACCELERATION_DISABLED=true, so msgpackr decodes in JavaScript as it does in a
// browser. Prints one JSON line: per body, the CPU microseconds per decode of each decoder in
// every round. Arguments: rounds.
import { Packr, Unpackr } from 'msgpackr';
import { unpackBody } from '../../packages/protocol/src/msgpack-reader.ts';
import { DECODE_BODIES } from './decode-bodies.ts';

const rounds = Number(process.argv[2] ?? 15);
// The codec's configuration (msgpackr-reader.ts), as the browser bundle used it before 0063.
const unpackr = new Unpackr({
  useRecords: false,
  structuredClone: false,
  mapsAsObjects: true,
  int64AsType: 'number',
  structures: [] as never,
});
const packr = new Packr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });
const DECODERS = {
  ours: (bytes: Uint8Array) => unpackBody(bytes),
  msgpackr: (bytes: Uint8Array) => unpackr.unpack(bytes) as unknown,
};
type DecoderName = keyof typeof DECODERS;

/** CPU microseconds (user + system) per decode over a loop of about 3 MB of input. */
function time(decode: (bytes: Uint8Array) => unknown, bytes: Uint8Array): number {
  const count = Math.max(200, Math.ceil(3_000_000 / bytes.length));
  let sink = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) if (decode(bytes) !== undefined) sink++;
  const used = process.cpuUsage(start);
  if (sink !== count) throw new Error('a decode returned nothing');
  return (used.user + used.system) / count;
}

// Plain Uint8Arrays, as a browser's WebSocket gives them: msgpackr takes faster paths for a
// Node Buffer (latin1Slice) that a browser does not have.
const bodies = DECODE_BODIES.map(({ name, value }) => ({
  name,
  bytes: new Uint8Array(packr.pack(value)),
}));
for (const { name, bytes } of bodies) {
  const expected = JSON.stringify(DECODERS.msgpackr(bytes));
  if (JSON.stringify(DECODERS.ours(bytes)) !== expected)
    throw new Error(`the decoders disagree on ${name}`);
}
const results = bodies.map(({ name, bytes }) => ({
  name,
  bytes: bytes.length,
  us: { ours: [] as number[], msgpackr: [] as number[] },
}));
// Warm-up (JIT), then interleaved rounds, the order swapped each round.
for (const { bytes } of bodies) for (const decode of Object.values(DECODERS)) time(decode, bytes);
for (let round = 0; round < rounds; round++) {
  const order: DecoderName[] = round % 2 === 0 ? ['ours', 'msgpackr'] : ['msgpackr', 'ours'];
  for (const [i, { bytes }] of bodies.entries())
    for (const name of order) results[i]!.us[name].push(time(DECODERS[name], bytes));
}
process.stdout.write(`${JSON.stringify(results)}\n`);
