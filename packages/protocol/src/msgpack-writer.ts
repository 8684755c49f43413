// A plain MessagePack writer for the frame bodies a client sends: null, booleans, numbers,
// strings, arrays, plain objects, byte arrays (and undefined, as msgpackr writes it). It writes
// the same bytes as the codec's msgpackr packer for these values (msgpack-writer.test.ts compares
// them byte for byte), in about 1 kB where msgpackr's packer is 16 kB minified: the SDK encodes
// only small requests, and browsers download it (decision 0061). Its reader is msgpack-reader.ts.
import { encodeFrameWith, type Frame } from './codec.ts';

const encoder = new TextEncoder();

class Output {
  bytes = new Uint8Array(256);
  view = new DataView(this.bytes.buffer);
  length = 0;

  reserve(size: number): number {
    const at = this.length;
    const needed = at + size;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, at));
      this.bytes = grown;
      this.view = new DataView(grown.buffer);
    }
    this.length = needed;
    return at;
  }

  byte(value: number): void {
    const at = this.reserve(1); // first: it may replace this.bytes
    this.bytes[at] = value;
  }

  /** A type byte and a big-endian length of 1, 2 or 4 bytes. */
  head(type: number, size: 1 | 2 | 4, value: number): void {
    const at = this.reserve(1 + size);
    this.bytes[at] = type;
    if (size === 1) this.bytes[at + 1] = value;
    else if (size === 2) this.view.setUint16(at + 1, value);
    else this.view.setUint32(at + 1, value);
  }

  /** A count with its fix form (`fix` | n below `fixLimit`), else the 16- or 32-bit form. */
  count(n: number, fix: number, fixLimit: number, type16: number): void {
    if (n < fixLimit) this.byte(fix | n);
    else if (n < 0x10000) this.head(type16, 2, n);
    else this.head(type16 + 1, 4, n);
  }
}

function writeNumber(out: Output, value: number): void {
  if (value >>> 0 === value) {
    if (value < 0x80) out.byte(value);
    else if (value < 0x100) out.head(0xcc, 1, value);
    else if (value < 0x10000) out.head(0xcd, 2, value);
    else out.head(0xce, 4, value);
  } else if (value >> 0 === value) {
    if (value >= -0x20) out.byte(value & 0xff);
    else if (value >= -0x80) out.head(0xd0, 1, value & 0xff);
    else if (value >= -0x8000) out.head(0xd1, 2, value & 0xffff);
    else out.head(0xd2, 4, value >>> 0);
  } else {
    const at = out.reserve(9);
    out.bytes[at] = 0xcb;
    out.view.setFloat64(at + 1, value);
  }
}

function writeString(out: Output, value: string): void {
  const bytes = encoder.encode(value);
  const n = bytes.length;
  if (n < 0x20) out.byte(0xa0 | n);
  else if (n < 0x100) out.head(0xd9, 1, n);
  else if (n < 0x10000) out.head(0xda, 2, n);
  else out.head(0xdb, 4, n);
  // Reserve first: it may replace out.bytes.
  const at = out.reserve(n);
  out.bytes.set(bytes, at);
}

function write(out: Output, value: unknown, depth: number): void {
  if (depth > 512) throw new Error('value nested too deeply');
  switch (typeof value) {
    case 'string':
      return writeString(out, value);
    case 'number':
      return writeNumber(out, value);
    case 'boolean':
      return out.byte(value ? 0xc3 : 0xc2);
    case 'undefined':
      // msgpackr's undefined: fixext 1 of type 0 (the decoder refuses it in a body).
      out.byte(0xd4);
      out.byte(0);
      return out.byte(0);
  }
  if (value === null) return out.byte(0xc0);
  if (value instanceof Uint8Array) {
    const n = value.length;
    out.head(n < 0x100 ? 0xc4 : n < 0x10000 ? 0xc5 : 0xc6, n < 0x100 ? 1 : n < 0x10000 ? 2 : 4, n);
    const at = out.reserve(n);
    out.bytes.set(value, at);
    return;
  }
  if (Array.isArray(value)) {
    out.count(value.length, 0x90, 0x10, 0xdc);
    for (const item of value) write(out, item, depth + 1);
    return;
  }
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null)
    throw new Error(
      `a ${typeof value === 'object' ? proto.constructor?.name : typeof value} is not plain MessagePack`,
    );
  const keys = Object.keys(value as object);
  // msgpackr writes every object as a map 16, and refuses one of more keys.
  if (keys.length > 0xffff) throw new Error('an object of more than 65535 keys cannot be packed');
  out.head(0xde, 2, keys.length);
  for (const key of keys) {
    writeString(out, key);
    write(out, (value as Record<string, unknown>)[key], depth + 1);
  }
}

/** The MessagePack bytes of a JSON-shaped value; throws for anything plain MessagePack lacks. */
export function packPlain(value: unknown): Uint8Array {
  const out = new Output();
  write(out, value, 0);
  return out.bytes.slice(0, out.length);
}

/** Encodes a frame as clients do; the same bytes as encodeFrame, FrameError 999 the same way. */
export function encodeClientFrame(frame: Frame): Uint8Array {
  return encodeFrameWith(frame, packPlain);
}
