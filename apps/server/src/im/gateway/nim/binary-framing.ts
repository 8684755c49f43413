// NIM's binary link (the official SDK's browser builds): one packet a WebSocket message, typed
// by NIM's command table (@morsel/protocol's NIM_WIRE_TYPES, read from the SDK). No handshake, no
// link-level packets: the client's heartbeat is the 1_2 command. A chatroom socket is told by its
// first command (13_2, the chatroom login), which is read from the chatroom table.
import {
  COMMANDS,
  decodeNimRequest,
  encodeNimPacket,
  NIM_WIRE_TYPES,
  NimWireError,
  type Link,
} from '@morsel/protocol';
import type { NimFraming } from './framing.ts';

/** The link's table; before the first command, the chatroom login's id says chatroom. */
const tableOf = (link: Link | undefined, sid: number, cid: number) => {
  const { chatroomLogin } = COMMANDS;
  const isChatroomLogin = sid === chatroomLogin.sid && cid === chatroomLogin.cid;
  return NIM_WIRE_TYPES[link ?? (isChatroomLogin ? 'chatroom' : 'im')];
};

export const binaryFraming: NimFraming<Uint8Array> = {
  read(bytes, link) {
    try {
      const { sid, cid, ser, Q } = decodeNimRequest(
        bytes,
        (s, c) => tableOf(link, s, c)[`${s}_${c}`]?.q,
      );
      return { request: { SID: sid, CID: cid, SER: ser, Q } };
    } catch (error) {
      if (error instanceof NimWireError) return { unreadable: true };
      throw error;
    }
  },
  write: (packet, link) =>
    encodeNimPacket(packet, (sid, cid) => tableOf(link, sid, cid)[`${sid}_${cid}`]?.r),
};
