// What travels on the bus between gateway processes for one account's connections. Packed with
// msgpackr like the frames themselves.
import { Packr } from 'msgpackr';
import type { ClientTypeCode, KickReason } from '@morsel/protocol';

export type Envelope =
  /** Deliver an encoded frame to the account's connections (all, or all but one). */
  | { t: 'frame'; frame: Uint8Array; except?: string }
  /** End these connections (or all of the account's) with a kick reason. */
  | {
      t: 'kick';
      connectionIds?: string[];
      reason: KickReason;
      fromClientType?: ClientTypeCode;
      custom?: string;
      /** Close without telling the client (a dead connection replaced by its own device). */
      quiet?: boolean;
    }
  /** The account's connections join or leave fan-out groups (its super teams). */
  | { t: 'groups'; join?: string[]; leave?: string[] }
  /** The account's nickname changed: its sessions send under the new one from now on. */
  | { t: 'nick'; nick: string };

const packr = new Packr({ useRecords: false });

export const packEnvelope = (envelope: Envelope): Uint8Array => packr.pack(envelope);

export function unpackEnvelope(payload: Uint8Array): Envelope | undefined {
  try {
    const value = packr.unpack(payload) as Envelope;
    return value &&
      (value.t === 'frame' || value.t === 'kick' || value.t === 'groups' || value.t === 'nick')
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}
