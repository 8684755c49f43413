// A plain MessagePack reader for the frame bodies a browser receives, the decoding half of
// msgpack-writer.ts: about 2 kB minified where msgpackr's decoder is 15 kB (decision 0063). It
// returns what the codec's msgpackr Unpackr returns for every JSON-shaped body (maps as objects,
// 64-bit integers as numbers, `__proto__` keys renamed `__proto_`, number, boolean and nil keys
// as strings, UTF-8 decoded as msgpackr does) and throws for everything a body may not carry
// (bin, ext, records, 0xc1) and for truncated or trailing bytes; decodeFrame turns any throw
// into FrameError 998. msgpack-reader.test.ts compares its results with msgpackr's on every type
// boundary and on random values; `npm run bench -- msgpack-decode` measures it against msgpackr.
// Node keeps msgpackr with its native add-on (msgpackr-reader.ts, through '#unpack-body').

const fromCharCode = String.fromCharCode;
// Keeping a leading byte order mark, as msgpackr's native and short-string decoders do (its
// browser path drops it from strings over 64 bytes; the server's decoder keeps it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

const NONE: Uint8Array = new Uint8Array(0);
let src = NONE;
let pos = 0;
let end = 0;
let view: DataView | undefined;

/** Map keys seen before, by length and first bytes: a sync push repeats the same few keys. */
interface CachedKey {
  bytes: Uint8Array;
  text: string;
}
const keyCache: (CachedKey | undefined)[] = new Array(4096);

function fail(message: string): never {
  throw new Error(message);
}

/** `n` more bytes must be there; returns where they start. */
function take(n: number): number {
  const at = pos;
  if ((pos += n) > end) fail('unexpected end of MessagePack data');
  return at;
}

const u16 = (at: number) => (src[at]! << 8) | src[at + 1]!;
const u32 = (at: number) => u16(at) * 0x10000 + u16(at + 2);
const i32 = (at: number) => u32(at) | 0;
const dataView = () => (view ??= new DataView(src.buffer, src.byteOffset, src.byteLength));

function readString(length: number): string {
  const at = take(length);
  if (length <= 64) {
    const units = new Array<number>(length);
    for (let i = 0; i < length; i++) {
      const byte = src[at + i]!;
      if (byte > 0x7f) return decoder.decode(src.subarray(at, pos));
      units[i] = byte;
    }
    return fromCharCode(...units);
  }
  return decoder.decode(src.subarray(at, pos));
}

function readKey(): string {
  const token = src[pos]!;
  if (token < 0xa0 || token >= 0xc0) {
    // A str 8/16/32 or a key that is not a string: msgpackr's asSafeString, which names its
    // undefined (fixext 1 of type 0) 'undefined' too.
    if (token === 0xd4 && src[pos + 1] === 0) {
      take(3);
      return 'undefined';
    }
    const key = read();
    if (typeof key === 'string') return key;
    if (typeof key === 'number' || typeof key === 'boolean' || key === null) return String(key);
    return fail(`a map key must be a string, not a ${typeof key}`);
  }
  const length = token - 0xa0;
  const at = take(length + 1) + 1;
  // Length, first, middle and last byte: isHistoryable and isRoamingable must not share a slot.
  const slot =
    length === 0
      ? 0
      : ((length << 7) ^
          src[at]! ^
          (src[at + (length >> 1)]! << 2) ^
          (src[at + length - 1]! << 4)) &
        0xfff;
  const cached = keyCache[slot];
  if (cached && cached.bytes.length === length) {
    const bytes = cached.bytes;
    let i = 0;
    while (i < length && bytes[i] === src[at + i]) i++;
    if (i === length) return cached.text;
  }
  pos = at;
  const text = readString(length);
  keyCache[slot] = { bytes: src.slice(at, pos), text };
  return text;
}

function readArray(length: number): unknown[] {
  // Every element takes a byte at least: refuse a length the bytes cannot hold before allocating.
  if (length > end - pos) fail('array longer than its data');
  const array = new Array<unknown>(length);
  for (let i = 0; i < length; i++) array[i] = read();
  return array;
}

function readMap(length: number): Record<string, unknown> {
  if (length > (end - pos) / 2) fail('map longer than its data');
  const object: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) {
    const key = readKey();
    object[key === '__proto__' ? '__proto_' : key] = read();
  }
  return object;
}

function read(): unknown {
  const token = src[take(1)]!;
  if (token < 0x80) return token;
  if (token < 0x90) return readMap(token - 0x80);
  if (token < 0xa0) return readArray(token - 0x90);
  if (token < 0xc0) return readString(token - 0xa0);
  if (token >= 0xe0) return token - 0x100;
  let at: number;
  switch (token) {
    case 0xc0:
      return null;
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xca:
      return dataView().getFloat32(take(4));
    case 0xcb:
      return dataView().getFloat64(take(8));
    case 0xcc:
      return src[take(1)];
    case 0xcd:
      return u16(take(2));
    case 0xce:
      return u32(take(4));
    case 0xcf:
      at = take(8);
      return u32(at) * 0x100000000 + u32(at + 4);
    case 0xd0:
      return (src[take(1)]! << 24) >> 24;
    case 0xd1:
      return (u16(take(2)) << 16) >> 16;
    case 0xd2:
      return i32(take(4));
    case 0xd3:
      at = take(8);
      return i32(at) * 0x100000000 + u32(at + 4);
    case 0xd9:
      return readString(src[take(1)]!);
    case 0xda:
      return readString(u16(take(2)));
    case 0xdb:
      return readString(u32(take(4)));
    case 0xdc:
      return readArray(u16(take(2)));
    case 0xdd:
      return readArray(u32(take(4)));
    case 0xde:
      return readMap(u16(take(2)));
    case 0xdf:
      return readMap(u32(take(4)));
  }
  // 0xc1, bin 8/16/32, ext and fixext: nothing a body may carry.
  return fail(`MessagePack type 0x${token.toString(16)} is not part of the protocol`);
}

/** One MessagePack value filling `bytes` exactly; throws for anything else. */
export function unpackBody(bytes: Uint8Array): unknown {
  src = bytes;
  pos = 0;
  end = bytes.length;
  view = undefined;
  try {
    const value = read();
    if (pos !== end) fail(`${end - pos} bytes after the MessagePack value`);
    return value;
  } finally {
    src = NONE; // not kept alive between frames
    view = undefined;
  }
}
