// Row types of the messaging tables (migration 0005).
import type { Generated } from 'kysely';

export interface ImConversationTable {
  app_key: string;
  conv_key: string;
  last_seq: number;
  last_time: number;
}

export interface ImMessageTable {
  id: Generated<number>;
  app_key: string;
  conv_key: string;
  seq: number;
  scene: string;
  from_accid: string;
  to_target: string;
  id_client: string;
  type: number;
  time: number;
  /** Plain text for search (text messages only). */
  text: string | null;
  unreadable: number;
  historyable: number;
  roamingable: number;
  offlinable: number;
  /** The delivered message as JSON, without idServer and seq (they are columns). */
  body: string;
  /** The id of the thread root this message replies to (body.threadMsg.idServer), or null. */
  thread_root: number | null;
  deleted_at: number | null;
  deleted_by: string | null;
  delete_ps: string | null;
}

export interface ImSessionTable {
  app_key: string;
  accid: string;
  session_id: string;
  conv_key: string;
  scene: string;
  peer: string;
  last_msg_id: number | null;
  ack: number;
  cleared_before: number;
  ext: string | null;
  deleted: number;
  /** When the session was last deleted: messages up to then no longer roam (migration 0069). */
  deleted_before: Generated<number>;
  updated_at: number;
}

export interface ImMsgHiddenTable {
  app_key: string;
  accid: string;
  message_id: number;
  created_at: number;
}

export interface ImReceiptTable {
  app_key: string;
  conv_key: string;
  reader: string;
  msg_time: number;
  id_server: string;
  updated_at: number;
}

export interface MessagingTables {
  im_conversations: ImConversationTable;
  im_messages: ImMessageTable;
  im_sessions: ImSessionTable;
  im_msg_hidden: ImMsgHiddenTable;
  im_receipts: ImReceiptTable;
}
