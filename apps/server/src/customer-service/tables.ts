// Row types of customer service (migrations 0064, 0077).
import type { ColumnType, Generated } from 'kysely';

export type ConversationState = 'waiting' | 'open' | 'closed';
export type Sender = 'shopper' | 'agent' | 'system';

/** An agent of the service team: a shopper named by the admin API, with their IM account. */
export interface CsAgentTable {
  user_id: number;
  name: string;
  accid: string;
  active: Generated<number>;
  online_until: Generated<number>;
  created_at: number;
}

export interface CsConversationTable {
  id: Generated<number>;
  user_id: number;
  agent_user_id: number | null;
  state: ConversationState;
  source: string;
  last_text: string;
  last_from: Sender;
  last_at: number;
  created_at: number;
  closed_at: number | null;
  /** The shopper's id while not closed, null after (unique: one unclosed per shopper). */
  unclosed_of: number | null;
}

export interface CsMessageTable {
  id: Generated<number>;
  conversation_id: number;
  sender: Sender;
  agent_user_id: number | null;
  /** The words; a picture's is [图片] (what the queue shows as its last line). */
  text: string;
  /** A picture's IM file (object name, migration 0077), its width and height; null for text. */
  image_name: ColumnType<string | null, string | null | undefined, string | null>;
  image_width: ColumnType<number | null, number | null | undefined, number | null>;
  image_height: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
}

export interface CsQuickReplyTable {
  id: Generated<number>;
  agent_user_id: number;
  text: string;
  created_at: number;
}

export interface CustomerServiceTables {
  cs_agents: CsAgentTable;
  cs_conversations: CsConversationTable;
  cs_messages: CsMessageTable;
  cs_quick_replies: CsQuickReplyTable;
}
