// socket.io 0.9 packets, `type:id:endpoint:data`: 0 disconnect, 1 connect, 2 heartbeat,
// 3 message (NIM's JSON `{SID, CID, SER, Q}`, answered `{sid, cid, ser, code, r}`), 8 noop.
import type { NimParam } from '@morsel/protocol';
import type { NimFraming, NimIncoming, NimRequest } from './framing.ts';

/** A text packet larger than this is refused before it is parsed (our frame limit's order). */
export const MAX_NIM_PACKET_CHARS = 1024 * 1024;

const isSmallInt = (value: unknown, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

function readRequest(json: string): NimRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { SID, CID, SER, Q } = value as Record<string, unknown>;
  if (!isSmallInt(SID, 255) || !isSmallInt(CID, 255) || !isSmallInt(SER, 65535)) return undefined;
  if (Q !== undefined && !Array.isArray(Q)) return undefined;
  return { SID, CID, SER, ...(Q !== undefined && { Q: Q as NimParam[] }) };
}

const UNREADABLE: NimIncoming = { unreadable: true };

export const socketIoFraming: NimFraming<string> = {
  opening: '1::',
  heartbeat: '2::',
  closing: '0::',
  read(text) {
    if (text.length > MAX_NIM_PACKET_CHARS) return UNREADABLE;
    const [type] = text.split(':', 1);
    if (type === '2' || type === '8') return { ignore: true }; // heartbeat answer, noop
    if (type === '0') return { close: true };
    if (type !== '3' && type !== '4') return UNREADABLE;
    // `3:::<json>`: the message id and endpoint are empty in NIM's packets.
    const request = readRequest(text.replace(/^[34]:[^:]*:[^:]*:/, ''));
    return request ? { request } : UNREADABLE;
  },
  write: (packet) => `3:::${JSON.stringify(packet)}`,
};
