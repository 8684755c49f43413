// Row types of the chatroom tables (migrations 0022, 0026, 0052, 0053, 0070; docs/im-chatroom.md).
import type { Generated } from 'kysely';

export interface ImChatroomTable {
  id: Generated<number>;
  app_key: string;
  creator: string;
  name: string;
  announcement: string;
  broadcast_url: string;
  custom: string;
  /** 0: every member may change the queue; 1: only the owner and managers. */
  queue_level: number;
  /** Elements the queue holds at most (NIM's queueInit sizeLimit, 0-1000; 1000 until set). */
  queue_size_limit: Generated<number>;
  closed: number;
  muted: number;
  /** 1: anonymous guests read but may not speak (decision 0060, the live room's rooms). */
  guests_silent: Generated<number>;
  /** Connections in the room, all processes together, kept by login and leave (never counted). */
  online_count: number;
  created_at: number;
  updated_at: number;
}

/** Fixed roles are kept; a visitor's row keeps its flags (blacked, muted) between visits. */
export type ChatroomRole = 'owner' | 'manager' | 'common' | 'none';

export interface ImChatroomMemberTable {
  app_key: string;
  room_id: number;
  accid: string;
  role: ChatroomRole;
  anonymous: number;
  level: number;
  nick: string;
  avatar: string;
  custom: string;
  blacked: number;
  gaged: number;
  /** Milliseconds since the epoch; 0 when not temporarily muted. */
  temp_mute_until: number;
  /** This account's connections in the room now. */
  online: number;
  enter_time: number;
  updated_at: number;
}

export interface ImChatroomQueueTable {
  app_key: string;
  room_id: number;
  element_key: string;
  element_value: string;
  owner: string;
  transient: number;
  position: number;
}

export interface ImChatroomMsgTable {
  id: Generated<number>;
  app_key: string;
  room_id: number;
  from_accid: string;
  id_client: string;
  time: number;
  /** The message as delivered, without idServer (the row's id), as JSON. */
  body: string;
}

/** A member's connections held by one process (its crash is repaired from these rows). */
export interface ImChatroomHolderTable {
  process_id: string;
  app_key: string;
  room_id: number;
  accid: string;
  connections: number;
}

/** A process holding chatroom connections, and when it last vouched for them. */
export interface ImChatroomProcessTable {
  process_id: string;
  seen_at: number;
}

/** A member's tag (its latest login's or tag update's), for lists and counts by tag. */
export interface ImChatroomMemberTagTable {
  app_key: string;
  room_id: number;
  tag: string;
  accid: string;
}

/** A tag's temporary mute in a room: its connections stay silent until `until` (ms). */
export interface ImChatroomTagMuteTable {
  app_key: string;
  room_id: number;
  tag: string;
  until: number;
}

/** A room message sent to a tag target, under each tag its target names (migration 0070). */
export interface ImChatroomMsgTagTable {
  app_key: string;
  room_id: number;
  tag: string;
  msg_id: number;
  time: number;
  /** The message's type name (text, image, custom...). */
  msg_type: string;
}

export interface ChatroomTables {
  im_chatrooms: ImChatroomTable;
  im_chatroom_members: ImChatroomMemberTable;
  im_chatroom_queue: ImChatroomQueueTable;
  im_chatroom_msgs: ImChatroomMsgTable;
  im_chatroom_holders: ImChatroomHolderTable;
  im_chatroom_processes: ImChatroomProcessTable;
  im_chatroom_member_tags: ImChatroomMemberTagTable;
  im_chatroom_tag_mutes: ImChatroomTagMuteTable;
  im_chatroom_msg_tags: ImChatroomMsgTagTable;
}
