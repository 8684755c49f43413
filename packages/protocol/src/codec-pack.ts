// The server's frame encoder: bodies packed by msgpackr (fast on large bodies such as sync
// pushes). Clients use encodeClientFrame (msgpack-writer.ts), which writes the same bytes without
// shipping msgpackr's packer to browsers (decision 0061).
import { Packr } from 'msgpackr';
import { encodeFrameWith, type Frame } from './codec.ts';

const packr = new Packr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });
const packBody = (body: Record<string, unknown>) => packr.pack(body);

/** Encodes a frame; throws FrameError 999 (pack error) for a header or body it cannot pack. */
export function encodeFrame(frame: Frame): Uint8Array {
  return encodeFrameWith(frame, packBody);
}

/**
 * The MessagePack size of a value as a frame body would carry it: what a sender that splits
 * large payloads across frames (the server's sync pushes) measures against MAX_FRAME_BYTES.
 */
export function encodedSize(value: unknown): number {
  return packr.pack(value).length;
}
