// Rows as the protocol shows them: a room with its online count, a member with its type and
// flags as booleans, a stored message with its id.
import type { ChatroomInfo, ChatroomMemberInfo, ChatroomMsgInfo } from '@morsel/protocol';
import type { MemberRow, RoomRow } from './store.ts';

export function toChatroom(room: RoomRow): ChatroomInfo {
  return {
    id: String(room.id),
    name: room.name,
    announcement: room.announcement,
    broadcastUrl: room.broadcast_url,
    custom: room.custom,
    creator: room.creator,
    queuelevel: room.queue_level,
    onlineMemberNum: room.online_count,
    mute: room.muted === 1,
  };
}

/**
 * The spec's member types: the fixed roles as stored; a visitor is a guest (or anonymous) while
 * in the room, restricted when blacked or muted, and unset otherwise.
 */
export function memberType(row: MemberRow): ChatroomMemberInfo['type'] {
  if (row.role !== 'none') return row.role;
  if (row.blacked || row.gaged) return 'restricted';
  if (row.online > 0) return row.anonymous ? 'anonymous' : 'guest';
  return 'unset';
}

export function tempMuteLeft(row: MemberRow, now: number): number {
  return row.temp_mute_until > now ? Math.ceil((row.temp_mute_until - now) / 1000) : 0;
}

export function toMember(row: MemberRow, now: number): ChatroomMemberInfo {
  const left = tempMuteLeft(row, now);
  return {
    chatroomId: String(row.room_id),
    account: row.accid,
    type: memberType(row),
    level: row.level,
    nick: row.nick,
    avatar: row.avatar,
    custom: row.custom,
    online: row.online > 0,
    guest: row.role === 'none',
    blacked: row.blacked === 1,
    gaged: row.gaged === 1,
    tempMuted: left > 0,
    tempMuteDuration: left,
    enterTime: row.enter_time,
    updateTime: row.updated_at,
  };
}

/** A stored message: its body as delivered, and the row id as idServer. */
export function storedMsg(row: { id: number; body: string }): ChatroomMsgInfo {
  return {
    ...(JSON.parse(row.body) as Omit<ChatroomMsgInfo, 'idServer'>),
    idServer: String(row.id),
  };
}

export const isAdmin = (row: MemberRow | undefined): boolean =>
  row?.role === 'owner' || row?.role === 'manager';
