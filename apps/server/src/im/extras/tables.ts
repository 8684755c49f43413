// Row types of the message-extras tables (migration 0006, docs/im-extras.md).
import type { Generated } from 'kysely';

/** One reaction (body) of one account on one message; deletes stay as tombstones for sync. */
export interface ImQuickCommentTable {
  app_key: string;
  message_id: number;
  conv_key: string;
  from_accid: string;
  body: number;
  time: number;
  custom: string | null;
  /** needPush, needBadge, pushTitle, pushContent, pushPayload as JSON (for a push provider). */
  push_options: string | null;
  deleted: number;
  updated_at: number;
}

/** A collect belongs to one account; uniqueId (when given) makes adding idempotent. */
export interface ImCollectTable {
  id: Generated<number>;
  app_key: string;
  accid: string;
  type: number;
  data: string;
  custom: string | null;
  unique_id: string | null;
  create_time: number;
  update_time: number;
}

/** At most one pin per message, shared by the conversation; deletes stay as tombstones. */
export interface ImMsgPinTable {
  app_key: string;
  message_id: number;
  conv_key: string;
  pin_from: string;
  pin_custom: string | null;
  create_time: number;
  update_time: number;
  deleted: number;
}

/** A session this account keeps on top; deletes stay as tombstones for sync. */
export interface ImStickTopTable {
  app_key: string;
  accid: string;
  session_id: string;
  top_custom: string | null;
  create_time: number;
  update_time: number;
  deleted: number;
}

export interface ExtrasTables {
  im_quick_comments: ImQuickCommentTable;
  im_collects: ImCollectTable;
  im_msg_pins: ImMsgPinTable;
  im_stick_top_sessions: ImStickTopTable;
}
