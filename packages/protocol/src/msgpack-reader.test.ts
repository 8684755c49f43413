// The browsers' MessagePack reader must return what the server's and Node's msgpackr decoder
// returns (decision 0063): for every body msgpackr accepts as JSON-shaped, the same value; for
// every other byte string, a refusal (decodeFrame's 998) where msgpackr refused too.
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { unpackBody } from './msgpack-reader.ts';
import { unpackBody as msgpackrUnpackBody } from './msgpackr-reader.ts';

const packr = new Packr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });

function isJsonShaped(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJsonShaped);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isJsonShaped);
}

/** What decodeFrame makes of a body with msgpackr: its value, or a refusal. */
function theirs(bytes: Uint8Array): { value: unknown } | 'refused' {
  try {
    const value = msgpackrUnpackBody(bytes);
    return isJsonShaped(value) ? { value } : 'refused';
  } catch {
    return 'refused';
  }
}

function ours(bytes: Uint8Array): { value: unknown } | 'refused' {
  try {
    return { value: unpackBody(bytes) };
  } catch {
    return 'refused';
  }
}

function same(bytes: Uint8Array): void {
  const expected = theirs(bytes);
  expect(ours(bytes), Buffer.from(bytes.subarray(0, 40)).toString('hex')).toStrictEqual(expected);
}
const sameValue = (value: unknown) => same(packr.pack(value));
const bytes = (...parts: (number | number[] | Uint8Array)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));
const utf8 = (s: string) => new TextEncoder().encode(s);

const text = (n: number, unit = 'a') => unit.repeat(n);
const numbered = (n: number) => Array.from({ length: n }, (_, i) => i % 300);
const keyed = (n: number) => Object.fromEntries(numbered(n).map((v, i) => [`k${i}`, v]));

describe('unpackBody (the browsers’ reader)', () => {
  it('reads what msgpackr reads at every size boundary the packer writes', () => {
    for (const n of [0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1])
      sameValue(n);
    for (const n of [-1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31), -(2 ** 31) - 1, -0])
      sameValue(n);
    for (const n of [-(2 ** 53) + 1, 0.5, -1.5, 1.1, 1e300, 5e-324, NaN, Infinity, -Infinity])
      sameValue(n);
    for (const v of [true, false, null, { a: null, b: [true, false] }]) sameValue(v);
    for (const n of [0, 1, 15, 16, 31, 32, 63, 64, 65, 255, 256, 65535, 65536]) sameValue(text(n));
    for (const n of [1, 5, 10, 11, 21, 22, 85, 86, 21845, 21846]) sameValue(text(n, '中'));
    sameValue('😀 emoji and text');
    for (const n of [0, 15, 16, 65535, 65536]) sameValue(numbered(n));
    for (const n of [0, 15, 16, 65535]) sameValue(keyed(n));
    const deep: unknown[] = [];
    let at = deep;
    for (let i = 0; i < 100; i++) at.push((at = []));
    sameValue({ deep });
  }, 60_000);

  it('reads the forms msgpackr reads but its packer does not write', () => {
    const f32 = new DataView(new ArrayBuffer(4));
    for (const v of [0.1, -2.5, 3.4e38, NaN]) {
      f32.setFloat32(0, v);
      same(bytes(0xca, new Uint8Array(f32.buffer)));
    }
    const u64 = (hi: number, lo: number) =>
      [hi >>> 24, hi >>> 16, hi >>> 8, hi, lo >>> 24, lo >>> 16, lo >>> 8, lo].map((b) => b & 0xff);
    for (const [hi, lo] of [
      [0, 0],
      [0, 0xffffffff],
      [0x1fffff, 0xffffffff],
      [0xffffffff, 0xffffffff],
      [0x80000000, 0],
      [0x80000000, 1],
    ] as const) {
      same(bytes(0xcf, u64(hi, lo)));
      same(bytes(0xd3, u64(hi, lo)));
    }
    for (const [type, size] of [
      [0xcc, 1],
      [0xcd, 2],
      [0xce, 4],
      [0xd0, 1],
      [0xd1, 2],
      [0xd2, 4],
    ] as const)
      for (const fill of [0, 0x7f, 0x80, 0xff]) same(bytes(type, new Array(size).fill(fill)));
    same(bytes(0xd9, 3, utf8('abc'))); // str 8 for a short string
    same(bytes(0xda, 0, 1, utf8('x')));
    same(bytes(0xdb, 0, 0, 0, 2, utf8('xy')));
    same(bytes(0xdc, 0, 1, 1));
    same(bytes(0xdd, 0, 0, 0, 2, 1, 2));
    same(bytes(0xdf, 0, 0, 0, 1, 0xa1, 0x61, 0x05));
    for (const v of [0x40, 0x7f]) same(bytes(v)); // record ids are plain integers with no records
  });

  it('names map keys as msgpackr does', () => {
    same(bytes(0x81, 0xa9, utf8('__proto__'), 1)); // renamed __proto_
    same(bytes(0x81, 0xd9, 9, utf8('__proto__'), 1));
    for (const key of [0x07, 0xff, 0xc0, 0xc2, 0xc3, [0xcb, 1, 2, 3, 4, 5, 6, 7, 8]])
      same(bytes(0x82, key, 1, 0xa1, 0x62, 2)); // number, boolean and nil keys as strings
    for (const key of [[0x91, 1], [0x80], [0xc4, 1, 1], [0xd4, 0, 0]]) same(bytes(0x81, key, 1)); // arrays, maps, bins, exts are not keys
    const long = 'k'.repeat(31);
    same(bytes(0x82, 0xbf, utf8(long), 1, 0xbf, utf8(long), 2)); // a repeated key
    // Keys of one length sharing their first and last bytes in a row (the key cache's slots).
    for (let i = 0; i < 3; i++) sameValue({ abc: 1, aXc: 2, abc2: 3, list: [{ abc: 4, aXc: 5 }] });
    sameValue({ 中文: 1, ünï: 2, '': 3 });
  });

  it('decodes UTF-8, valid or not, as msgpackr does', () => {
    for (const s of ['\uFEFFbom', `\uFEFF${'b'.repeat(70)}`, '\uFEFF', 'a\uFEFF'])
      same(bytes(0xd9, utf8(s).length, utf8(s)));
    const invalid = [
      [0xc0, 0x80],
      [0xc1, 0xbf],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf0, 0x80, 0x80, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80],
      [0xe4, 0xb8],
      [0xf0, 0x9f, 0x98],
      [0x80],
      [0xff, 0x61],
    ];
    for (const seq of invalid) {
      same(bytes(0xa0 + seq.length, seq));
      const long = [...utf8('x'.repeat(70)), ...seq];
      same(bytes(0xd9, long.length, long));
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 90 }), (raw) => {
        same(bytes(0xd9, raw.length, raw));
        same(bytes(0x81, 0xd9, raw.length, raw, 0xc0));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => sameValue({ [s]: s })),
      { numRuns: 500 },
    );
  }, 60_000);

  it('reads what msgpackr reads for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => sameValue(value)),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('refuses what msgpackr refuses or a body may not carry: truncated, trailing, bin, ext', () => {
    same(bytes(0xc1));
    same(bytes(0xc4, 1, 7));
    same(bytes(0xc5, 0, 1, 7));
    same(bytes(0xc6, 0, 0, 0, 1, 7));
    same(bytes(0xd4, 0, 0)); // msgpackr's undefined
    same(bytes(0xd6, 0xff, 0, 0, 0, 1)); // a timestamp
    same(bytes(0xd4, 0x72, 0)); // a record definition
    same(bytes(0xc7, 1, 5, 0));
    same(bytes(0xa3, 0x61)); // truncated string
    same(bytes(0x92, 1)); // array missing an element
    same(bytes(0xdd, 0xff, 0xff, 0xff, 0xff)); // a length the bytes cannot hold
    same(bytes(0xdf, 0xff, 0xff, 0xff, 0xff));
    same(bytes(0xcb, 0, 0));
    same(bytes(1, 2)); // trailing
    same(bytes());
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        fc.boolean(),
        (value, index, byte, cut) => {
          const packed = packr.pack(value);
          const at = index % packed.length;
          const changed = cut ? packed.subarray(0, at) : Uint8Array.from(packed);
          if (!cut) changed[at] = byte;
          same(changed);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});
