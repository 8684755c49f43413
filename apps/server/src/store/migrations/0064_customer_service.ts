// Customer service (issue 23, docs/customer-service.md, decision 0056): the service team's agents
// (shoppers named by the admin API, each with their IM account), conversations between a shopper
// and the team (assigned to one agent at a time), their messages, and the agents' own quick
// replies.
import type { Kysely } from 'kysely';
import { withIdColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cs_agents')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('product_users.id'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('accid', 'varchar(64)', (c) => c.notNull())
    /** 0 once taken out of the team (their history keeps the row). */
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    /** Online until this instant (the workspace's heartbeat moves it on); 0 when offline. */
    .addColumn('online_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await withIdColumn(db, db.schema.createTable('cs_conversations'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('product_users.id'))
    .addColumn('agent_user_id', 'bigint', (c) => c.references('cs_agents.user_id'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(200)', (c) => c.notNull())
    .addColumn('last_text', 'varchar(500)', (c) => c.notNull())
    .addColumn('last_from', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    /** The shopper's id while not closed, null after: one unclosed conversation per shopper. */
    .addColumn('unclosed_of', 'bigint', (c) => c.unique())
    .execute();
  await db.schema
    .createIndex('cs_conversations_agent')
    .on('cs_conversations')
    .columns(['agent_user_id', 'state'])
    .execute();
  await db.schema
    .createIndex('cs_conversations_state')
    .on('cs_conversations')
    .columns(['state', 'last_at'])
    .execute();
  await withIdColumn(db, db.schema.createTable('cs_messages'))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('cs_conversations.id'))
    .addColumn('sender', 'varchar(16)', (c) => c.notNull())
    /** The agent who wrote an agent message; null for the shopper's and system messages. */
    .addColumn('agent_user_id', 'bigint')
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cs_messages_conversation')
    .on('cs_messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await withIdColumn(db, db.schema.createTable('cs_quick_replies'))
    .addColumn('agent_user_id', 'bigint', (c) => c.notNull().references('cs_agents.user_id'))
    .addColumn('text', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cs_quick_replies_agent')
    .on('cs_quick_replies')
    .columns(['agent_user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cs_quick_replies').execute();
  await db.schema.dropTable('cs_messages').execute();
  await db.schema.dropTable('cs_conversations').execute();
  await db.schema.dropTable('cs_agents').execute();
}
