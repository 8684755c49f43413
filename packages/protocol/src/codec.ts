// The binary frame: a 6-byte header (service id, command id, serial, reply code) followed by the
// body, a MessagePack map of typed parameters (msgpackr). Decoding hostile bytes never throws:
// it yields a FrameError with code 998, carrying whatever header fields could be read so that
// the peer can still answer the right serial.
//
//   byte 0      service id (sid)   1..255
//   byte 1      command id (cid)   0..255
//   bytes 2-3   serial (ser)       0..65535, big-endian; 0 = heartbeat / push
//   bytes 4-5   reply code         0 for a request or push; the result code in a reply
//   bytes 6..   body               MessagePack, absent when there are no parameters
//
// Bodies are packed by msgpackr on the server (codec-pack.ts: `encodeFrame`) and by the small
// plain writer in clients (msgpack-writer.ts: `encodeClientFrame`), which writes the same bytes;
// this module holds what both share and the frame decoder, so a browser bundle carries no
// packer. Bodies are read through '#unpack-body' (package.json imports): msgpackr with its
// native add-on in Node (msgpackr-reader.ts), the small plain reader in browsers
// (msgpack-reader.ts, decision 0063), which returns the same values.
import { unpackBody } from '#unpack-body';

export interface Frame {
  sid: number;
  cid: number;
  ser: number;
  code: number;
  body?: Record<string, unknown>;
}

export const HEADER_BYTES = 6;
/** Frames larger than this are refused on both sides (the gateway's transport limit too). */
export const MAX_FRAME_BYTES = 1024 * 1024;

export class FrameError extends Error {
  constructor(
    readonly code: 998 | 999,
    message: string,
    readonly header?: Partial<Pick<Frame, 'sid' | 'cid' | 'ser'>>,
  ) {
    super(message);
    this.name = 'FrameError';
  }
}

function checkHeaderField(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new FrameError(999, `${name} must be an integer from 0 to ${max}, got ${value}`);
  }
}

/** The header fields an error names (never the body, which may be large). */
const headerOf = ({ sid, cid, ser }: Frame) => ({ sid, cid, ser });

/** Packs a frame body into MessagePack; throws when it cannot. */
export type BodyPacker = (body: Record<string, unknown>) => Uint8Array;

/**
 * Encodes a frame with the given body packer; throws FrameError 999 (pack error) for a header
 * or body it cannot pack.
 */
export function encodeFrameWith(frame: Frame, pack: BodyPacker): Uint8Array {
  checkHeaderField('sid', frame.sid, 255);
  checkHeaderField('cid', frame.cid, 255);
  checkHeaderField('ser', frame.ser, 65535);
  checkHeaderField('code', frame.code, 65535);
  let body: Uint8Array | undefined;
  if (frame.body !== undefined && Object.keys(frame.body).length > 0) {
    try {
      body = pack(frame.body);
    } catch (error) {
      throw new FrameError(
        999,
        `body cannot be packed: ${(error as Error).message}`,
        headerOf(frame),
      );
    }
  }
  const size = HEADER_BYTES + (body?.length ?? 0);
  if (size > MAX_FRAME_BYTES)
    throw new FrameError(999, `frame of ${size} bytes exceeds ${MAX_FRAME_BYTES}`, headerOf(frame));
  const out = new Uint8Array(size);
  out[0] = frame.sid;
  out[1] = frame.cid;
  out[2] = frame.ser >> 8;
  out[3] = frame.ser & 0xff;
  out[4] = frame.code >> 8;
  out[5] = frame.code & 0xff;
  if (body) out.set(body, HEADER_BYTES);
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Why a decoded value is not JSON-shaped (null, boolean, finite-or-not number, string, array,
 * plain object), or undefined when it is. Iterative, so a deeply nested body cannot overflow the
 * stack here; the reader has already bounded the depth it could read.
 */
function jsonShapeProblem(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    )
      continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) pending.push(value[key]);
    } else {
      const kind =
        typeof value === 'object'
          ? (Object.getPrototypeOf(value)?.constructor?.name ?? 'object')
          : typeof value;
      return `body carries a ${kind}, which is not part of the protocol (MessagePack extensions are refused)`;
    }
  }
  return undefined;
}

/** Decodes a frame; throws only FrameError 998 (unpack error), never anything else. */
export function decodeFrame(bytes: Uint8Array | ArrayBuffer): Frame {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data.length < HEADER_BYTES) {
    const partial =
      data.length >= 4
        ? { sid: data[0]!, cid: data[1]!, ser: (data[2]! << 8) | data[3]! }
        : undefined;
    throw new FrameError(998, `frame of ${data.length} bytes is shorter than its header`, partial);
  }
  if (data.length > MAX_FRAME_BYTES)
    throw new FrameError(998, `frame of ${data.length} bytes exceeds ${MAX_FRAME_BYTES}`);
  const header = { sid: data[0]!, cid: data[1]!, ser: (data[2]! << 8) | data[3]! };
  const frame: Frame = { ...header, code: (data[4]! << 8) | data[5]! };
  if (data.length === HEADER_BYTES) return frame;
  let body: unknown;
  try {
    body = unpackBody(data.subarray(HEADER_BYTES));
  } catch (error) {
    throw new FrameError(998, `body cannot be unpacked: ${(error as Error).message}`, header);
  }
  if (!isPlainObject(body)) throw new FrameError(998, 'body is not a parameter map', header);
  const problem = jsonShapeProblem(body);
  if (problem) throw new FrameError(998, problem, header);
  frame.body = body;
  return frame;
}
