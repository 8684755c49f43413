import { describe, expect, it } from 'vitest';
import {
  decodeNimRequest,
  encodeNimPacket,
  NimWireError,
  type NimTypesOf,
  type NimWireType,
} from './wire-codec.ts';
import { NIM_WIRE_TYPES } from './wire-types.ts';

const imTypes =
  (side: 'q' | 'r'): NimTypesOf =>
  (sid, cid) =>
    NIM_WIRE_TYPES.im[`${sid}_${cid}`]?.[side];

/** A seeded generator (mulberry32): the random inputs are the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const str = (text: string) => [utf8(text).length, ...utf8(text)];

/** A login (2_3) as NIM's SDK packs it: length 0, sid, cid, serial 1 LE, tag 0, one Property. */
const LOGIN = Uint8Array.from([
  0,
  2,
  3,
  1,
  0,
  0,
  // Property with 2 entries: 3 -> "16", 19 -> "小明"
  2,
  3,
  ...str('16'),
  19,
  ...str('小明'),
]);

describe("NIM's binary packets", () => {
  it('reads a request as NIM’s SDK writes it, typed by the table', () => {
    expect(decodeNimRequest(LOGIN, imTypes('q'))).toEqual({
      sid: 2,
      cid: 3,
      ser: 1,
      Q: [{ t: 'Property', v: { 3: '16', 19: '小明' } }],
    });
  });

  it('reads every type, with Longs past 2^53 as text and trailing parameters left out', () => {
    const types: NimWireType[] = ['Byte', 'Int', 'Bool', 'Long', 'LongArray', 'StrArray'];
    const long = new Uint8Array(8);
    new DataView(long.buffer).setBigUint64(0, 9007199254740993n, true);
    const packet = Uint8Array.from([
      ...[0, 9, 9, 7, 0, 0],
      5,
      ...[0xfe, 0xff, 0xff, 0xff],
      1,
      ...long,
      ...[1, ...long],
    ]);
    expect(decodeNimRequest(packet, () => types).Q).toEqual([
      { t: 'Byte', v: 5 },
      { t: 'Int', v: -2 },
      { t: 'Bool', v: true },
      { t: 'Long', v: '9007199254740993' },
      { t: 'LongArray', v: ['9007199254740993'] },
    ]);
  });

  it('wraps a PropertyArray’s maps as the JSON dialect carries them', () => {
    const packet = Uint8Array.from([0, 9, 9, 0, 0, 0, 2, 1, 1, ...str('a'), 0]);
    expect(decodeNimRequest(packet, () => ['PropertyArray']).Q).toEqual([
      {
        t: 'PropertyArray',
        v: [
          { t: 'Property', v: { 1: 'a' } },
          { t: 'Property', v: {} },
        ],
      },
    ]);
  });

  it('refuses every truncation of a packet, or reads it as one with fewer parameters', () => {
    const full = decodeNimRequest(LOGIN, imTypes('q'));
    for (let end = 0; end < LOGIN.length; end++) {
      let result: unknown;
      try {
        result = decodeNimRequest(LOGIN.subarray(0, end), imTypes('q'));
      } catch (error) {
        expect(error).toBeInstanceOf(NimWireError);
        continue;
      }
      // Only the header alone is a valid shorter packet (a login without its parameter).
      expect(result).toEqual({ ...full, Q: [] });
      expect(end).toBe(6);
    }
  });

  it('refuses bytes past the parameters, a wrong length, long varints and invalid UTF-8', () => {
    const refuse = (bytes: number[], types: NimWireType[] = ['String']) =>
      expect(() => decodeNimRequest(Uint8Array.from(bytes), () => types)).toThrow(NimWireError);
    refuse([...LOGIN, 0], ['Property']);
    refuse([99, 2, 3, 1, 0, 0]);
    refuse([0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 2, 3, 0, 0, 0]);
    refuse([0, 9, 9, 0, 0, 0, 2, 0xc3, 0x28]);
    // An unknown id has no parameters: any body is refused.
    refuse([0, 200, 200, 0, 0, 0, 1], []);
  });

  it('refuses counts larger than the packet without allocating them', () => {
    // A Property claiming 2^32 entries, and a string claiming 2^28 bytes, in a few bytes.
    const huge = [0xff, 0xff, 0xff, 0xff, 0x0f];
    expect(() =>
      decodeNimRequest(Uint8Array.from([0, 9, 9, 0, 0, 0, ...huge]), () => ['Property']),
    ).toThrow(/count larger/);
    expect(() =>
      decodeNimRequest(Uint8Array.from([0, 9, 9, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]), () => [
        'String',
      ]),
    ).toThrow(/truncated/);
  });

  it('reads random bytes as a request or refuses them, never anything else', () => {
    const next = random(19);
    const types = Object.values(NIM_WIRE_TYPES.im).flatMap((entry) => entry.q ?? []);
    const all = [...new Set(types)];
    let read = 0;
    for (let i = 0; i < 20_000; i++) {
      const length = Math.floor(next() * 64);
      const bytes = Uint8Array.from({ length }, () => Math.floor(next() * 256));
      // Half with a plausible header, so the bodies are exercised too.
      if (i % 2 === 0 && length > 6) bytes.set([0, 9, 9, 0, 0, 0]);
      const picked = Array.from({ length: 3 }, () => all[Math.floor(next() * all.length)]!);
      try {
        decodeNimRequest(bytes, () => picked);
        read++;
      } catch (error) {
        expect(error).toBeInstanceOf(NimWireError);
      }
    }
    expect(read).toBeGreaterThan(0);
  });

  it('writes a reply with its code only when it is not 200, and no body under a refusal', () => {
    expect([
      ...encodeNimPacket({ sid: 1, cid: 2, ser: 3, code: 200, r: [] }, imTypes('r')),
    ]).toEqual([6, 1, 2, 3, 0, 0]);
    expect([
      ...encodeNimPacket({ sid: 2, cid: 3, ser: 1, code: 302, r: [{ 1: 'x' }] }, imTypes('r')),
    ]).toEqual([8, 2, 3, 1, 0, 2, 0x2e, 0x01]);
  });

  it('writes values by the id’s types: property values as text, objects as JSON', () => {
    // getUsers (3_7) answers a PropertyArray.
    const bytes = encodeNimPacket(
      { sid: 3, cid: 7, ser: 2, code: 200, r: [[{ 1: 'bob', 5: 3, 9: { a: 1 }, 7: undefined }]] },
      imTypes('r'),
    );
    expect(decodeNimRequest(bytes, () => ['PropertyArray']).Q[0]!.v).toEqual([
      { t: 'Property', v: { 1: 'bob', 5: '3', 9: '{"a":1}' } },
    ]);
    expect(bytes[0]).toBe(bytes.length);
  });

  it('counts the length varint in the length when it crosses 128 bytes', () => {
    for (const size of [115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]) {
      const bytes = encodeNimPacket(
        { sid: 9, cid: 9, ser: 0, code: 200, r: ['x'.repeat(size)] },
        () => ['String'],
      );
      expect(decodeNimRequest(bytes, () => ['String']).Q[0]!.v).toBe('x'.repeat(size));
    }
  });

  it('writes a notify envelope: msgId, then the inner packet typed by its own id', () => {
    const bytes = encodeNimPacket(
      {
        sid: 4,
        cid: 1,
        ser: 0,
        code: 200,
        // Our signalling msgids are decimal text (NIM's Long).
        r: ['77', { headerPacket: { sid: 15, cid: 11 }, body: [{ 1: 'c' }] }],
      },
      imTypes('r'),
    );
    const long = new Uint8Array(8);
    new DataView(long.buffer).setBigUint64(0, 77n, true);
    expect([...bytes.subarray(1)]).toEqual([
      4,
      1,
      0,
      0,
      0,
      ...long,
      0,
      15,
      11,
      0,
      0,
      0,
      1,
      1,
      1,
      99,
    ]);
  });

  it('refuses to write a Long that is no integer', () => {
    expect(() =>
      encodeNimPacket({ sid: 9, cid: 9, ser: 0, code: 200, r: ['1.5'] }, () => ['Long']),
    ).toThrow(NimWireError);
  });
});
