// NIM's binary link packets (the official SDK's browser builds, docs/nim-compatibility.md): a
// header, then the positional parameters, each by the type NIM's command table names for the id
// (wire-types.ts): nothing on the wire says a value's type. Decoding never trusts a length: every
// count and size is checked against the bytes left, so truncated or garbled input throws
// NimWireError (the link answers 998), never allocates more than the packet holds.
//
// Header: packet length (unsigned LEB128 varint, at most 5 bytes; 0 or the whole packet's
// length), sid (byte), cid (byte), serial (uint16 LE), tag (byte); when `tag & 2`, a code (uint16
// LE). The notify envelopes (4_1, 4_2, 4_10, 4_11) then hold a msgId (Long) and an inner header
// of the same layout, whose id types the body. NIM's SDK reads a body only under codes 200, 406,
// 808, 810 and 7101.
import type { NimParam } from './dialect.ts';

export type NimWireType =
  | 'Byte'
  | 'Int'
  | 'Bool'
  | 'Long'
  | 'String'
  | 'Property'
  | 'PropertyArray'
  | 'LongArray'
  | 'StrArray'
  | 'StrStrMap'
  | 'StrLongMap'
  | 'LongLongMap'
  | 'KVArray'
  /** A type name NIM's table holds but its packer does not know: nothing on the wire. */
  | 'Nothing';

export class NimWireError extends Error {}

/** A packet's ids and serial as its header says (a request's `Q` typed from the table). */
export interface NimBinaryRequest {
  sid: number;
  cid: number;
  ser: number;
  Q: NimParam[];
}

/** A packet of the server: NIM's JSON dialect shape, encoded by the table's response types. */
export interface NimBinaryPacket {
  sid: number;
  cid: number;
  ser: number;
  code: number;
  r: readonly unknown[];
}

/** Which types a given id's parameters have on the wire; undefined: the id is unknown. */
export type NimTypesOf = (sid: number, cid: number) => readonly NimWireType[] | undefined;

const TAG_HAS_CODE = 2;
const CODES_WITH_BODY = new Set([200, 406, 808, 810, 7101]);
const ENVELOPE_SID = 4;
const ENVELOPE_CIDS = new Set([1, 2, 10, 11]);
const MAX_VARINT_BYTES = 5;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

class Reader {
  private offset = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get left(): number {
    return this.bytes.length - this.offset;
  }
  private need(count: number): void {
    if (count > this.left) throw new NimWireError('truncated packet');
  }
  byte(): number {
    this.need(1);
    return this.bytes[this.offset++]!;
  }
  uint16(): number {
    this.need(2);
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }
  int32(): number {
    this.need(4);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }
  /** NIM's Long: a number when it is exact, else its decimal text (as NIM's SDK sends ids). */
  long(): number | string {
    this.need(8);
    const value = this.view.getBigInt64(this.offset, true);
    this.offset += 8;
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  varint(): number {
    let value = 0;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      const byte = this.byte();
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new NimWireError('varint longer than 5 bytes');
  }
  /** A count of items each at least `minBytes` long, checked against the bytes left. */
  count(minBytes: number): number {
    const n = this.varint();
    if (n * minBytes > this.left) throw new NimWireError('count larger than the packet');
    return n;
  }
  string(): string {
    const length = this.varint();
    this.need(length);
    const slice = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    try {
      return fromUtf8.decode(slice);
    } catch {
      throw new NimWireError('invalid UTF-8');
    }
  }
}

interface Header {
  length: number;
  sid: number;
  cid: number;
  ser: number;
  code: number;
}

function readHeader(reader: Reader): Header {
  const length = reader.varint();
  const sid = reader.byte();
  const cid = reader.byte();
  const ser = reader.uint16();
  const tag = reader.byte();
  const code = tag & TAG_HAS_CODE ? reader.uint16() : 200;
  return { length, sid, cid, ser, code };
}

function readProperty(reader: Reader): Record<string, string> {
  const map: Record<string, string> = {};
  // Each entry: a tag varint and a string's length varint, two bytes at least.
  for (let i = reader.count(2); i > 0; i--) {
    const tag = reader.varint();
    map[tag] = reader.string();
  }
  return map;
}

function readStrStrMap(reader: Reader): Record<string, string> {
  const map: Record<string, string> = {};
  for (let i = reader.count(2); i > 0; i--) {
    const key = reader.string();
    map[key] = reader.string();
  }
  return map;
}

const list = <T>(reader: Reader, minBytes: number, item: () => T): T[] =>
  Array.from({ length: reader.count(minBytes) }, item);

function readValue(reader: Reader, type: NimWireType): unknown {
  switch (type) {
    case 'Byte':
      return reader.byte();
    case 'Int':
      return reader.int32();
    case 'Bool':
      return reader.byte() > 0;
    case 'Long':
      return reader.long();
    case 'String':
      return reader.string();
    case 'Property':
      return readProperty(reader);
    case 'PropertyArray':
      // As the JSON dialect carries it: each map wrapped as a typed parameter.
      return list(reader, 1, () => ({ t: 'Property', v: readProperty(reader) }));
    case 'LongArray':
      return list(reader, 8, () => reader.long());
    case 'StrArray':
      return list(reader, 1, () => reader.string());
    case 'StrStrMap':
      return readStrStrMap(reader);
    case 'StrLongMap': {
      const map: Record<string, number | string> = {};
      for (let i = reader.count(9); i > 0; i--) {
        const key = reader.string();
        map[key] = reader.long();
      }
      return map;
    }
    case 'LongLongMap': {
      const map: Record<string, number | string> = {};
      for (let i = reader.count(16); i > 0; i--) {
        const key = reader.long();
        map[key] = reader.long();
      }
      return map;
    }
    case 'KVArray':
      return list(reader, 1, () => readStrStrMap(reader));
    case 'Nothing':
      return undefined;
  }
}

/**
 * A client's packet: its header and parameters by `typesOf(sid, cid)`. Parameters end where the
 * packet ends (NIM's SDK leaves out trailing ones it has no value for); bytes past the last
 * typed parameter, an unknown id's body, or a header that does not fit throw NimWireError.
 */
export function decodeNimRequest(bytes: Uint8Array, typesOf: NimTypesOf): NimBinaryRequest {
  const reader = new Reader(bytes);
  const header = readHeader(reader);
  if (header.length !== 0 && header.length !== bytes.length)
    throw new NimWireError('packet length does not match');
  const types = typesOf(header.sid, header.cid);
  const Q: NimParam[] = [];
  for (const type of types ?? []) {
    if (reader.left === 0) break;
    Q.push({ t: type, v: readValue(reader, type) });
  }
  if (reader.left > 0) throw new NimWireError('bytes past the parameters');
  return { sid: header.sid, cid: header.cid, ser: header.ser, Q };
}

class Writer {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }
  byte(value: number): void {
    this.push(Uint8Array.of(value & 0xff));
  }
  uint16(value: number): void {
    const chunk = new Uint8Array(2);
    new DataView(chunk.buffer).setUint16(0, value & 0xffff, true);
    this.push(chunk);
  }
  int32(value: number): void {
    const chunk = new Uint8Array(4);
    new DataView(chunk.buffer).setInt32(0, value | 0, true);
    this.push(chunk);
  }
  long(value: unknown): void {
    const chunk = new Uint8Array(8);
    new DataView(chunk.buffer).setBigUint64(0, BigInt.asUintN(64, toBigInt(value)), true);
    this.push(chunk);
  }
  varint(value: number): void {
    this.push(varintBytes(value));
  }
  string(value: string): void {
    const bytes = utf8.encode(value);
    this.varint(bytes.length);
    this.push(bytes);
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

function varintBytes(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    out.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return Uint8Array.from(out);
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'string' && /^-?\d{1,20}$/.test(value)) return BigInt(value);
  throw new NimWireError(`not a Long: ${String(value)}`);
}

const isPresent = (value: unknown) => value !== undefined && value !== null;
/** A property value as NIM's SDK writes one: objects as JSON, anything else as text. */
const propertyText = (value: unknown) =>
  typeof value === 'object' ? JSON.stringify(value) : String(value);
/** A PropertyArray item: a map, or the map inside a typed parameter `{t, v}`. */
const mapOf = (item: unknown): Record<string, unknown> => {
  if (item && typeof item === 'object' && 't' in item && 'v' in item)
    return (item as { v: Record<string, unknown> }).v ?? {};
  return (item ?? {}) as Record<string, unknown>;
};

function writeProperty(writer: Writer, map: Record<string, unknown>): void {
  const entries = Object.entries(map).filter(
    ([tag, value]) => isPresent(value) && /^\d+$/.test(tag),
  );
  writer.varint(entries.length);
  for (const [tag, value] of entries) {
    writer.varint(Number(tag));
    writer.string(propertyText(value));
  }
}

function writeStrStrMap(writer: Writer, map: Record<string, unknown>): void {
  const entries = Object.entries(map).filter(([, value]) => isPresent(value));
  writer.varint(entries.length);
  for (const [key, value] of entries) {
    writer.string(key);
    writer.string(String(value));
  }
}

const arrayOf = (value: unknown): unknown[] => {
  if (!Array.isArray(value)) throw new NimWireError('not a list');
  return value.filter(isPresent);
};

function writeValue(writer: Writer, type: NimWireType, value: unknown): void {
  switch (type) {
    case 'Byte':
      return writer.byte(Number(value));
    case 'Int':
      return writer.int32(Number(value));
    case 'Bool':
      return writer.byte(
        value === true || value === 'true' || value === 1 || value === '1' ? 1 : 0,
      );
    case 'Long':
      return writer.long(value);
    case 'String':
      return writer.string(propertyText(value));
    case 'Property':
      return writeProperty(writer, mapOf(value));
    case 'PropertyArray': {
      const items = arrayOf(value);
      writer.varint(items.length);
      for (const item of items) writeProperty(writer, mapOf(item));
      return;
    }
    case 'LongArray': {
      const items = arrayOf(value);
      writer.varint(items.length);
      for (const item of items) writer.long(item);
      return;
    }
    case 'StrArray': {
      const items = arrayOf(value);
      writer.varint(items.length);
      for (const item of items) writer.string(String(item));
      return;
    }
    case 'StrStrMap':
      return writeStrStrMap(writer, mapOf(value));
    case 'StrLongMap': {
      const entries = Object.entries(mapOf(value)).filter(([, v]) => isPresent(v));
      writer.varint(entries.length);
      for (const [key, long] of entries) {
        writer.string(key);
        writer.long(long);
      }
      return;
    }
    case 'LongLongMap': {
      // NIM's SDK reads this type as `{m_map}`; either shape is written.
      const raw = mapOf(value);
      const map = (raw.m_map ?? raw) as Record<string, unknown>;
      const entries = Object.entries(map).filter(([, v]) => isPresent(v));
      writer.varint(entries.length);
      for (const [key, long] of entries) {
        writer.long(key);
        writer.long(long);
      }
      return;
    }
    case 'KVArray': {
      const items = arrayOf(value);
      writer.varint(items.length);
      for (const item of items) writeStrStrMap(writer, mapOf(item));
      return;
    }
    case 'Nothing':
      return;
  }
}

function writeHeader(writer: Writer, id: { sid: number; cid: number }, ser: number, code: number) {
  writer.byte(id.sid);
  writer.byte(id.cid);
  writer.uint16(ser);
  // The code travels only when it is not 200, as NIM's server sends it.
  writer.byte(code === 200 ? 0 : TAG_HAS_CODE);
  if (code !== 200) writer.uint16(code);
}

function writeBody(writer: Writer, types: readonly NimWireType[], values: readonly unknown[]) {
  types.forEach((type, i) => {
    // NIM's packer leaves out a parameter it has no value for.
    if (isPresent(values[i])) writeValue(writer, type, values[i]);
  });
}

/**
 * A server packet in NIM's bytes. Values past the id's types are not carried (NIM's SDK would
 * not read them); a value its type cannot hold (a Long that is no integer) throws NimWireError.
 */
export function encodeNimPacket(packet: NimBinaryPacket, typesOf: NimTypesOf): Uint8Array {
  const writer = new Writer();
  writeHeader(writer, packet, packet.ser, packet.code);
  if (CODES_WITH_BODY.has(packet.code)) {
    if (packet.sid === ENVELOPE_SID && ENVELOPE_CIDS.has(packet.cid)) {
      const [msgId, inner] = packet.r as [unknown, { headerPacket?: unknown; body?: unknown }];
      const id = inner?.headerPacket as { sid: number; cid: number } | undefined;
      if (!id || !Number.isInteger(id.sid) || !Number.isInteger(id.cid))
        throw new NimWireError('an envelope without its inner header');
      writer.long(msgId);
      writer.varint(0);
      writeHeader(writer, id, 0, 200);
      writeBody(writer, typesOf(id.sid, id.cid) ?? [], Array.isArray(inner.body) ? inner.body : []);
    } else writeBody(writer, typesOf(packet.sid, packet.cid) ?? [], packet.r);
  }
  const rest = writer.bytes();
  // The length counts itself: one more varint byte when adding it crosses a boundary.
  let length = rest.length + 1;
  while (varintBytes(length).length + rest.length !== length)
    length = varintBytes(length).length + rest.length;
  const head = varintBytes(length);
  const out = new Uint8Array(length);
  out.set(head);
  out.set(rest, head.length);
  return out;
}
