// The clients' MessagePack writer must write exactly what the server's msgpackr packer writes
// (decision 0061): the server decodes both, and a difference would be a second dialect.
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from './codec-pack.ts';
import { FrameError } from './codec.ts';
import { encodeClientFrame, packPlain } from './msgpack-writer.ts';

const packr = new Packr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });
const bytesEqual = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
function same(value: unknown): void {
  expect(bytesEqual(packPlain(value), packr.pack(value)), JSON.stringify(value)?.slice(0, 80)).toBe(
    true,
  );
}
const text = (n: number, unit = 'a') => unit.repeat(n);
const numbered = (n: number) => Array.from({ length: n }, (_, i) => i % 300);
const keyed = (n: number) => Object.fromEntries(numbered(n).map((v, i) => [`k${i}`, v]));

describe('packPlain', () => {
  it('writes the bytes msgpackr writes at every size boundary', () => {
    for (const n of [0, 1, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1])
      same(n);
    for (const n of [-1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31), -(2 ** 31) - 1, -0])
      same(n);
    for (const n of [0.5, -1.5, 1.1, 1e300, NaN, Infinity, -Infinity]) same(n);
    for (const v of [true, false, null, undefined, { gone: undefined, kept: 1 }]) same(v);
    for (const n of [0, 31, 32, 255, 256, 65535, 65536]) same(text(n));
    for (const n of [10, 11, 85, 86, 21845, 21846]) same(text(n, '中'));
    same('😀 emoji and text');
    for (const n of [0, 15, 16, 65535, 65536]) same(numbered(n));
    for (const n of [0, 15, 16, 65535]) same(keyed(n));
    for (const n of [0, 255, 256, 65535, 65536]) same(new Uint8Array(n).fill(7));
  });

  it('writes the bytes msgpackr writes for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        same(value);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses what plain MessagePack lacks, as a frame error 999 in a frame', () => {
    expect(() => packPlain({ at: new Date() })).toThrow(/Date is not plain MessagePack/);
    expect(() => packPlain(new Map())).toThrow(/Map/);
    expect(() => packPlain(keyed(65536))).toThrow(/65535 keys/);
    const frame = { sid: 7, cid: 1, ser: 3, code: 0, body: { fn: () => 1 } };
    expect(() => encodeClientFrame(frame)).toThrow(FrameError);
  });
});

describe('encodeClientFrame', () => {
  it('encodes a frame as the server encoder does', () => {
    const body = { msg: { scene: 0, to: 'acc-2', type: 0, body: '你好', time: 1732600000000 } };
    for (const frame of [
      { sid: 7, cid: 1, ser: 513, code: 0, body },
      { sid: 1, cid: 2, ser: 0, code: 0 },
      { sid: 2, cid: 3, ser: 65535, code: 200, body: {} },
    ])
      expect(bytesEqual(encodeClientFrame(frame), encodeFrame(frame))).toBe(true);
  });
});
