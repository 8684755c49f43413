// How a NIM socket's packets travel: socket.io 0.9 text (the SDK's Node builds, and its browser
// builds with `binaryWebsocket: false`) or NIM's binary link (the browser builds' default). The
// socket (nim-socket.ts) speaks NIM's decoded packets; a framing turns them into its wire's data.
import type { Link, NimParam } from '@morsel/protocol';

/** A NIM request as both framings decode it: service, command, serial, typed parameters. */
export interface NimRequest {
  SID: number;
  CID: number;
  SER: number;
  Q?: NimParam[];
}

/** NIM's packets to the client: a reply (its request's serial) or a push (serial 0). */
export interface NimPacket {
  sid: number;
  cid: number;
  ser: number;
  code: number;
  r: unknown[];
}

/** What one message of the wire is: a request, a link-level packet, or unreadable (998). */
export type NimIncoming =
  { request: NimRequest } | { ignore: true } | { close: true } | { unreadable: true };

export interface NimFraming<D extends string | Uint8Array> {
  /** Written when the socket opens, at each heartbeat tick, and when the server closes it. */
  readonly opening?: D;
  readonly heartbeat?: D;
  readonly closing?: D;
  /** `link`: the link the socket speaks, once its first command chose it. */
  read(data: D, link: Link | undefined): NimIncoming;
  /** Throws for a packet the framing cannot express (the socket logs it and answers 500). */
  write(packet: NimPacket, link: Link): D;
}
