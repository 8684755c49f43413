// Fan-out to rooms across processes: one bus channel per room, to which a process subscribes
// while it holds connections in the room. A payload is either an encoded frame (a batch of
// messages: every local member gets the same bytes, framed for the WebSocket once, shareFrame)
// or a control envelope (kick some accounts, or everyone when the room closes), told apart by a
// leading tag byte.
import { matchesTags, type ChatroomKickReason, type TagExpression } from '@morsel/protocol';
import type { Bus, Unsubscribe } from '../../bus/index.ts';
import { shareFrame, type ImConnection } from '../gateway/index.ts';
import { hears, type Point, type Spatial } from './space.ts';

const FRAME = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CONTROL = 1;
/** A frame for the connections a tag expression names: [2][u16 length][expression][frame]. */
const TARGETED = 2;
/**
 * A frame of messages sent from a point (spatial messages), maybe also for a tag expression:
 * [3][u16 length][JSON {at, target?}][frame].
 */
const LOCATED = 3;
/** Parsed expressions kept per process (a room's targets repeat; the cache is bounded). */
const MAX_CACHED_TARGETS = 1000;

export interface KickEnvelope {
  t: 'kick';
  /** Accounts to end; every connection of the room when absent. */
  accids?: string[];
  reason: ChatroomKickReason;
  custom?: string;
  /** Only connections of this client type (a same-platform login replacing its predecessor). */
  clientType?: number;
  /** A connection spared (the one logging in). */
  except?: string;
}

export interface RoomMember extends Spatial {
  connection: ImConnection;
  accid: string;
  clientType: number;
  /** This connection's tags (chatroom-tags.ts), replaced by chatroomUpdateTags. */
  tags: Set<string>;
  /** Who hears this connection's messages when a message names no target (its login's). */
  notifyTargetTags?: string;
}

interface LocalRoom {
  members: Set<RoomMember>;
  unsubscribe: Promise<Unsubscribe>;
}

export const roomChannel = (roomKey: string) => `im:chatroom:${roomKey}`;

export class RoomFanout {
  private readonly rooms = new Map<string, LocalRoom>();

  constructor(
    private readonly bus: Bus,
    private readonly onKick: (member: RoomMember, envelope: KickEnvelope) => void,
  ) {}

  /** Resolves once this process receives what is published to the room. */
  async join(roomKey: string, member: RoomMember): Promise<void> {
    let local = this.rooms.get(roomKey);
    if (!local) {
      local = {
        members: new Set(),
        unsubscribe: this.bus.subscribe(roomChannel(roomKey), (payload) =>
          this.deliver(roomKey, payload),
        ),
      };
      this.rooms.set(roomKey, local);
    }
    local.members.add(member);
    await local.unsubscribe;
  }

  leave(roomKey: string, member: RoomMember): void {
    const local = this.rooms.get(roomKey);
    if (!local) return;
    local.members.delete(member);
    if (local.members.size === 0) {
      this.rooms.delete(roomKey);
      void local.unsubscribe.then((unsubscribe) => unsubscribe());
    }
  }

  /**
   * A frame for every member, or (with a target) for the connections whose tags match it, and
   * (sent from a point) of those, the ones that hear that point (space.ts).
   */
  publishFrame(roomKey: string, frame: Uint8Array, target?: string, at?: Point): Promise<void> {
    if (at !== undefined) {
      const header = encoder.encode(
        JSON.stringify({ at, ...(target !== undefined && { target }) }),
      );
      const payload = new Uint8Array(3 + header.byteLength + frame.byteLength);
      payload[0] = LOCATED;
      new DataView(payload.buffer).setUint16(1, header.byteLength);
      payload.set(header, 3);
      payload.set(frame, 3 + header.byteLength);
      return this.bus.publish(roomChannel(roomKey), payload);
    }
    if (target === undefined) {
      const payload = new Uint8Array(frame.byteLength + 1);
      payload[0] = FRAME;
      payload.set(frame, 1);
      return this.bus.publish(roomChannel(roomKey), payload);
    }
    const expression = encoder.encode(target);
    const payload = new Uint8Array(3 + expression.byteLength + frame.byteLength);
    payload[0] = TARGETED;
    new DataView(payload.buffer).setUint16(1, expression.byteLength);
    payload.set(expression, 3);
    payload.set(frame, 3 + expression.byteLength);
    return this.bus.publish(roomChannel(roomKey), payload);
  }

  publishKick(roomKey: string, envelope: Omit<KickEnvelope, 't'>): Promise<void> {
    // JSON: control envelopes are rare and tiny.
    const body = encoder.encode(JSON.stringify({ t: 'kick', ...envelope } satisfies KickEnvelope));
    const payload = new Uint8Array(body.byteLength + 1);
    payload[0] = CONTROL;
    payload.set(body, 1);
    return this.bus.publish(roomChannel(roomKey), payload);
  }

  /** Rooms this process follows (for tests and metrics). */
  get size(): number {
    return this.rooms.size;
  }

  private readonly targets = new Map<string, TagExpression>();

  /** The expression a targeted frame names (written canonical by Rooms, so parsing is JSON). */
  private targetOf(text: string): TagExpression | undefined {
    let target = this.targets.get(text);
    if (target) return target;
    try {
      target = JSON.parse(text) as TagExpression;
    } catch {
      return undefined; // not ours: a channel is only ever written by this module
    }
    if (this.targets.size >= MAX_CACHED_TARGETS) this.targets.clear();
    this.targets.set(text, target);
    return target;
  }

  private deliver(roomKey: string, payload: Uint8Array): void {
    const local = this.rooms.get(roomKey);
    if (!local || payload.byteLength < 2) return;
    if (payload[0] === FRAME) {
      const frame = shareFrame(payload.subarray(1));
      for (const member of local.members) member.connection.sendShared(frame);
      return;
    }
    if (payload[0] === TARGETED) {
      const length = new DataView(payload.buffer, payload.byteOffset).getUint16(1);
      const target = this.targetOf(decoder.decode(payload.subarray(3, 3 + length)));
      if (!target) return;
      const frame = shareFrame(payload.subarray(3 + length));
      for (const member of local.members)
        if (matchesTags(target, member.tags)) member.connection.sendShared(frame);
      return;
    }
    if (payload[0] === LOCATED) {
      const length = new DataView(payload.buffer, payload.byteOffset).getUint16(1);
      let header: { at: Point; target?: string };
      try {
        header = JSON.parse(decoder.decode(payload.subarray(3, 3 + length))) as typeof header;
      } catch {
        return; // not ours: a channel is only ever written by this module
      }
      const target = header.target === undefined ? undefined : this.targetOf(header.target);
      if (header.target !== undefined && !target) return;
      const frame = shareFrame(payload.subarray(3 + length));
      for (const member of local.members)
        if ((!target || matchesTags(target, member.tags)) && hears(member, header.at))
          member.connection.sendShared(frame);
      return;
    }
    let envelope: KickEnvelope;
    try {
      envelope = JSON.parse(decoder.decode(payload.subarray(1))) as KickEnvelope;
    } catch {
      return; // not ours: a channel is only ever written by this module
    }
    if (envelope?.t !== 'kick') return;
    const accids = envelope.accids && new Set(envelope.accids);
    for (const member of [...local.members]) {
      if (accids && !accids.has(member.accid)) continue;
      if (envelope.clientType !== undefined && member.clientType !== envelope.clientType) continue;
      if (member.connection.id === envelope.except) continue;
      this.onKick(member, envelope);
    }
  }
}
