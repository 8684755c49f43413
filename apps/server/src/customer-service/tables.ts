// Row types of customer service (migration 0064).
import type { Generated } from 'kysely';

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
  text: string;
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
