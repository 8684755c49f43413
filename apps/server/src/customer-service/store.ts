// Queries of customer service (migration 0064): agents, conversations, messages, quick replies.
// Each decision is one statement, atomic on SQLite and PostgreSQL: a claim or a transfer moves a
// conversation only from the agent the caller saw, one unclosed conversation per shopper is a
// unique column.
import type { Kysely, Selectable } from 'kysely';
import { inTransaction, isUniqueViolation, type Database } from '../store/index.ts';
import type {
  ConversationState,
  CsAgentTable,
  CsConversationTable,
  CsMessageTable,
  Sender,
} from './tables.ts';

export type Agent = Selectable<CsAgentTable>;
export type Conversation = Selectable<CsConversationTable>;
export type Message = Selectable<CsMessageTable>;
export type AgentWithLoad = Agent & { load: number };
export interface QueueRow extends Conversation {
  nickname: string;
  mobile: string;
}

const num = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

function toAgent(row: Agent): Agent {
  return {
    ...row,
    user_id: Number(row.user_id),
    active: Number(row.active),
    online_until: Number(row.online_until),
    created_at: Number(row.created_at),
  };
}

function toConversation<T extends Conversation>(row: T): T {
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    agent_user_id: num(row.agent_user_id),
    last_at: Number(row.last_at),
    created_at: Number(row.created_at),
    closed_at: num(row.closed_at),
    unclosed_of: num(row.unclosed_of),
  };
}

function toMessage(row: Message): Message {
  return {
    ...row,
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    agent_user_id: num(row.agent_user_id),
    image_name: row.image_name ?? null,
    image_width: num(row.image_width),
    image_height: num(row.image_height),
    created_at: Number(row.created_at),
  };
}

// --- agents -------------------------------------------------------------------------------------

/** Makes the shopper an agent, or brings them back into the team with a new name. */
export async function saveAgent(
  db: Kysely<Database>,
  row: { user_id: number; name: string; accid: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('cs_agents')
    .values({ ...row, active: 1, online_until: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ name: row.name, accid: row.accid, active: 1 }),
    )
    .execute();
}

/** An agent in the team (active); undefined for anyone else. */
export async function findAgent(db: Kysely<Database>, userId: number): Promise<Agent | undefined> {
  const row = await db
    .selectFrom('cs_agents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row && toAgent(row);
}

/** Every agent in the team with their open conversations, by name. */
export async function agentsWithLoad(db: Kysely<Database>): Promise<AgentWithLoad[]> {
  const rows = await db
    .selectFrom('cs_agents as a')
    .leftJoin('cs_conversations as c', (join) =>
      join.onRef('c.agent_user_id', '=', 'a.user_id').on('c.state', '=', 'open'),
    )
    .selectAll('a')
    .select((eb) => eb.fn.count<number>('c.id').as('load'))
    .where('a.active', '=', 1)
    .groupBy(['a.user_id', 'a.name', 'a.accid', 'a.active', 'a.online_until', 'a.created_at'])
    .orderBy('a.user_id')
    .execute();
  return rows.map((row) => ({ ...toAgent(row), load: Number(row.load) }));
}

/**
 * The online agent with the fewest open conversations, below `max` (the earliest made first on a
 * tie); never `except` (a shopper who is an agent too is not served by themself).
 */
export async function leastLoadedAgent(
  db: Kysely<Database>,
  now: number,
  max: number,
  except: number,
): Promise<Agent | undefined> {
  const row = await db
    .selectFrom('cs_agents as a')
    .leftJoin('cs_conversations as c', (join) =>
      join.onRef('c.agent_user_id', '=', 'a.user_id').on('c.state', '=', 'open'),
    )
    .selectAll('a')
    .select((eb) => eb.fn.count<number>('c.id').as('load'))
    .where('a.active', '=', 1)
    .where('a.online_until', '>', now)
    .where('a.user_id', '!=', except)
    .groupBy(['a.user_id', 'a.name', 'a.accid', 'a.active', 'a.online_until', 'a.created_at'])
    .having((eb) => eb.fn.count('c.id'), '<', max)
    .orderBy('load')
    .orderBy('a.created_at')
    .orderBy('a.user_id')
    .limit(1)
    .executeTakeFirst();
  return row && toAgent(row);
}

/** An agent's open conversations. */
export async function loadOf(db: Kysely<Database>, agentUserId: number): Promise<number> {
  const row = await db
    .selectFrom('cs_conversations')
    .select((eb) => eb.fn.countAll<number>().as('load'))
    .where('agent_user_id', '=', agentUserId)
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.load);
}

export async function setOnlineUntil(
  db: Kysely<Database>,
  userId: number,
  until: number,
): Promise<void> {
  await db
    .updateTable('cs_agents')
    .set({ online_until: until })
    .where('user_id', '=', userId)
    .execute();
}

/** The agents of the team online now (their workspace beat within the online time). */
export async function onlineAgentIds(db: Kysely<Database>, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('cs_agents')
    .select('user_id')
    .where('active', '=', 1)
    .where('online_until', '>', now)
    .execute();
  return rows.map((row) => Number(row.user_id));
}

/** Takes an agent out of the team (offline); false when they were not in it. */
export async function deactivateAgent(db: Kysely<Database>, userId: number): Promise<boolean> {
  const result = await db
    .updateTable('cs_agents')
    .set({ active: 0, online_until: 0 })
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The agent's open conversations back to waiting (they left the team); their ids. */
export async function returnConversations(
  db: Kysely<Database>,
  agentUserId: number,
): Promise<number[]> {
  const rows = await db
    .updateTable('cs_conversations')
    .set({ state: 'waiting', agent_user_id: null })
    .where('agent_user_id', '=', agentUserId)
    .where('state', '=', 'open')
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

// --- conversations ------------------------------------------------------------------------------

/** The shopper's unclosed conversation, if any. */
export async function unclosedOf(
  db: Kysely<Database>,
  userId: number,
): Promise<Conversation | undefined> {
  const row = await db
    .selectFrom('cs_conversations')
    .selectAll()
    .where('unclosed_of', '=', userId)
    .executeTakeFirst();
  return row && toConversation(row);
}

/** Starts a waiting conversation; undefined when the shopper already has an unclosed one. */
export async function insertConversation(
  db: Kysely<Database>,
  row: { user_id: number; source: string; created_at: number },
): Promise<Conversation | undefined> {
  try {
    const inserted = await db
      .insertInto('cs_conversations')
      .values({
        ...row,
        agent_user_id: null,
        state: 'waiting',
        last_text: '',
        last_from: 'system',
        last_at: row.created_at,
        closed_at: null,
        unclosed_of: row.user_id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toConversation(inserted);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function findConversation(
  db: Kysely<Database>,
  id: number,
): Promise<Conversation | undefined> {
  const row = await db
    .selectFrom('cs_conversations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toConversation(row);
}

/**
 * Gives an unclosed conversation to `to`, only if its agent is still `from` (null: waiting);
 * false when someone else moved it first or it was closed.
 */
export async function moveConversation(
  db: Kysely<Database>,
  id: number,
  from: number | null,
  to: number,
): Promise<boolean> {
  let query = db
    .updateTable('cs_conversations')
    .set({ agent_user_id: to, state: 'open' })
    .where('id', '=', id)
    .where('state', '!=', 'closed');
  query =
    from === null
      ? query.where('agent_user_id', 'is', null)
      : query.where('agent_user_id', '=', from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Moves the conversation to agent `to` only while `to` holds fewer than `max` open ones. The
 * agent's row is written first (PostgreSQL's row lock, SQLite's write lock), so moves to one
 * agent queue behind each other and the cap holds when shoppers open at the same instant.
 * 'gone': the conversation was no longer where `from` says (taken, closed).
 */
export async function moveWithinCap(
  db: Kysely<Database>,
  id: number,
  from: number | null,
  to: number,
  max: number,
): Promise<'moved' | 'full' | 'gone'> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('cs_agents')
      .set((eb) => ({ online_until: eb.ref('online_until') }))
      .where('user_id', '=', to)
      .execute();
    if ((await loadOf(trx, to)) >= max) return 'full';
    return (await moveConversation(trx, id, from, to)) ? 'moved' : 'gone';
  });
}

/** Ends a conversation; false when it was closed already. */
export async function closeConversation(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('cs_conversations')
    .set({ state: 'closed', closed_at: now, unclosed_of: null })
    .where('id', '=', id)
    .where('state', '!=', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Conversations in a state (the oldest waiting first; an agent's newest first), with the shopper. */
export async function queueRows(
  db: Kysely<Database>,
  filter: { state: ConversationState; agentUserId?: number },
  limit: number,
): Promise<QueueRow[]> {
  let query = db
    .selectFrom('cs_conversations as c')
    .innerJoin('product_users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.nickname', 'u.mobile'])
    .where('c.state', '=', filter.state);
  if (filter.agentUserId !== undefined)
    query = query.where('c.agent_user_id', '=', filter.agentUserId);
  const rows = await query
    .orderBy('c.last_at', filter.state === 'waiting' ? 'asc' : 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toConversation(row));
}

// --- messages -----------------------------------------------------------------------------------

/** Adds a message and makes it the conversation's last. */
export async function insertMessage(
  db: Kysely<Database>,
  row: {
    conversation_id: number;
    sender: Sender;
    agent_user_id: number | null;
    text: string;
    created_at: number;
    image_name?: string;
    image_width?: number;
    image_height?: number;
  },
): Promise<Message> {
  const inserted = await db
    .insertInto('cs_messages')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('cs_conversations')
    .set({ last_text: row.text, last_from: row.sender, last_at: row.created_at })
    .where('id', '=', row.conversation_id)
    .execute();
  return toMessage(inserted);
}

/** A conversation's messages after an id, oldest first. */
export async function messagesAfter(
  db: Kysely<Database>,
  conversationId: number,
  after: number,
  limit: number,
): Promise<Message[]> {
  const rows = await db
    .selectFrom('cs_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

/** The names of some agents (agent messages carry the writer's name). */
export async function agentNames(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('cs_agents')
    .select(['user_id', 'name'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), row.name]));
}

// --- quick replies ------------------------------------------------------------------------------

export async function quickRepliesOf(
  db: Kysely<Database>,
  agentUserId: number,
): Promise<{ id: number; text: string }[]> {
  const rows = await db
    .selectFrom('cs_quick_replies')
    .select(['id', 'text'])
    .where('agent_user_id', '=', agentUserId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), text: row.text }));
}

export async function insertQuickReply(
  db: Kysely<Database>,
  row: { agent_user_id: number; text: string; created_at: number },
): Promise<number> {
  const inserted = await db
    .insertInto('cs_quick_replies')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Deletes one of the agent's own quick replies; false when it is not theirs or not there. */
export async function deleteQuickReply(
  db: Kysely<Database>,
  agentUserId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('cs_quick_replies')
    .where('id', '=', id)
    .where('agent_user_id', '=', agentUserId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
