import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from './codec-pack.ts';
import { decodeFrame, FrameError, HEADER_BYTES, MAX_FRAME_BYTES, type Frame } from './codec.ts';

const header = fc.record({
  sid: fc.integer({ min: 0, max: 255 }),
  cid: fc.integer({ min: 0, max: 255 }),
  ser: fc.integer({ min: 0, max: 65535 }),
  code: fc.integer({ min: 0, max: 65535 }),
});
// msgpackr drops `__proto__` keys on decode (tested below), so generated maps avoid that key.
const key = fc.string().filter((k) => k !== '__proto__');
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true }).filter((v) => !Object.is(v, -0)) /* MessagePack has no -0 */,
    fc.boolean(),
    fc.constant(null),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 5 }),
    fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  ),
})).node;
const body = fc.dictionary(
  key.filter((k) => k.length > 0),
  value,
  { minKeys: 1, maxKeys: 8 },
);

describe('frame codec', () => {
  it('round-trips every header and body', () => {
    fc.assert(
      fc.property(header, fc.option(body, { nil: undefined }), (h, b) => {
        const frame: Frame = b ? { ...h, body: b } : h;
        expect(decodeFrame(encodeFrame(frame))).toEqual(frame);
      }),
    );
  });

  it('keeps a 6-byte header and omits an empty body', () => {
    expect(encodeFrame({ sid: 1, cid: 2, ser: 0, code: 0 }).length).toBe(HEADER_BYTES);
    expect(encodeFrame({ sid: 1, cid: 2, ser: 0, code: 0, body: {} }).length).toBe(HEADER_BYTES);
    expect([...encodeFrame({ sid: 2, cid: 3, ser: 0x1234, code: 302 }).subarray(0, 6)]).toEqual([
      2, 3, 0x12, 0x34, 1, 46,
    ]);
  });

  it('refuses to encode out-of-range headers with pack error 999', () => {
    for (const bad of [{ sid: 256 }, { cid: -1 }, { ser: 65536 }, { code: 1.5 }]) {
      const frame = { sid: 1, cid: 1, ser: 1, code: 0, ...bad };
      expect(() => encodeFrame(frame)).toThrow(expect.objectContaining({ code: 999 }));
    }
  });

  it('refuses to encode an oversized frame', () => {
    const frame = { sid: 7, cid: 1, ser: 1, code: 0, body: { text: 'x'.repeat(MAX_FRAME_BYTES) } };
    expect(() => encodeFrame(frame)).toThrow(FrameError);
    // The error names the header only: logging it must not drag the megabyte body along.
    expect(() => encodeFrame(frame)).toThrow(
      expect.objectContaining({ code: 999, header: { sid: 7, cid: 1, ser: 1 } }),
    );
  });

  it('never throws anything but FrameError 998 on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        try {
          const frame = decodeFrame(bytes);
          expect(frame.sid).toBe(bytes[0]);
        } catch (error) {
          expect(error).toBeInstanceOf(FrameError);
          expect((error as FrameError).code).toBe(998);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('answers 998 with the header it could read for every truncation of a valid frame', () => {
    fc.assert(
      fc.property(header, body, (h, b) => {
        const bytes = encodeFrame({ ...h, body: b });
        for (let cut = 0; cut < bytes.length; cut++) {
          if (cut === HEADER_BYTES) {
            // The header alone is a whole frame without parameters.
            expect(decodeFrame(bytes.subarray(0, cut))).toEqual(h);
            continue;
          }
          // Every other cut must be refused: the assertion runs whether or not decoding throws.
          let refusal: unknown;
          try {
            decodeFrame(bytes.subarray(0, cut));
          } catch (error) {
            refusal = error;
          }
          expect(refusal).toBeInstanceOf(FrameError);
          expect((refusal as FrameError).code).toBe(998);
          if (cut >= 4)
            expect((refusal as FrameError).header).toMatchObject({
              sid: h.sid,
              cid: h.cid,
              ser: h.ser,
            });
        }
      }),
      { numRuns: 60 },
    );
    // CPU-bound (every cut of every generated frame is refused, and refusals build errors): on a
    // shared machine it may run past the default 5 s without anything being wrong.
  }, 30_000);

  it('refuses a body that is not a parameter map', () => {
    expect(() => decodeFrame(new Uint8Array([7, 1, 0, 1, 0, 0, 0x93, 1, 2, 3]))).toThrow(
      /not a parameter map/,
    ); // [1, 2, 3]
    expect(() => decodeFrame(new Uint8Array([7, 1, 0, 1, 0, 0, 0xc1]))).toThrow(
      /not a parameter map/,
    ); // reserved byte
  });

  it('does not let a body pollute prototypes', () => {
    const frame = decodeFrame(
      encodeFrame({
        sid: 1,
        cid: 1,
        ser: 1,
        code: 0,
        body: JSON.parse('{"__proto__":{"polluted":1},"a":1}'),
      }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(frame.body?.a).toBe(1);
  });

  describe('refuses MessagePack extensions with 998', () => {
    // A full-featured packer, as a hostile peer would use, to produce each extension's bytes.
    const rich = new Packr({ structuredClone: true, moreTypes: true, useRecords: false });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const shared = { x: 1 };
    const cases: [string, Record<string, unknown>][] = [
      ['a reference cycle', { v: cyclic }],
      ['a shared reference', { v: [shared, shared] }],
      ['a RegExp', { v: /a+$/ }],
      ['an Error', { v: new Error('boom') }],
      ['a Set', { v: new Set([1, 2]) }],
      ['a typed array', { v: new Uint16Array([1, 2]) }],
      ['a Date', { v: new Date(0) }],
    ];
    it('a record', () => {
      const records = new Packr({ useRecords: true });
      const bytes = new Uint8Array([
        7,
        1,
        0,
        9,
        0,
        0,
        ...records.pack({ v: [{ a: 1 }, { a: 2 }] }),
      ]);
      expect(() => decodeFrame(bytes)).toThrow(
        expect.objectContaining({ code: 998, message: expect.stringMatching(/records/) }),
      );
    });
    for (const [name, body] of cases) {
      it(name, () => {
        const bytes = new Uint8Array([7, 1, 0, 9, 0, 0, ...rich.pack(body)]);
        expect(() => decodeFrame(bytes)).toThrow(
          expect.objectContaining({ code: 998, header: { sid: 7, cid: 1, ser: 9 } }),
        );
      });
    }
  });
});
