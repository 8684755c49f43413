// Fan-out to rooms across processes: one bus channel per room, to which a process subscribes
// while it holds connections in the room. A payload is either an encoded frame (a batch of
// messages: every local member gets the same bytes) or a control envelope (kick some accounts,
// or everyone when the room closes), told apart by a leading tag byte.
import type { ChatroomKickReason } from '@morsel/protocol';
import type { Bus, Unsubscribe } from '../../bus/index.ts';
import type { ImConnection } from '../gateway/index.ts';

const FRAME = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CONTROL = 1;

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

export interface RoomMember {
  connection: ImConnection;
  accid: string;
  clientType: number;
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

  publishFrame(roomKey: string, frame: Uint8Array): Promise<void> {
    const payload = new Uint8Array(frame.byteLength + 1);
    payload[0] = FRAME;
    payload.set(frame, 1);
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

  private deliver(roomKey: string, payload: Uint8Array): void {
    const local = this.rooms.get(roomKey);
    if (!local || payload.byteLength < 2) return;
    if (payload[0] === FRAME) {
      const frame = payload.subarray(1);
      for (const member of local.members) member.connection.sendBytes(frame);
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
