// Thread replies name their root in the stored body (threadMsg.idServer); getThreadMsgs used to
// extract it from the JSON of every message of the conversation (security review M7). The root's
// id now has its own column, filled on insert (messaging/message-store.ts) and here for the rows
// already stored, with a partial index that only thread replies enter.
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('im_messages').addColumn('thread_root', 'bigint').execute();
  await fillThreadRoots(db);
  await db.schema
    .createIndex('im_messages_thread_root')
    .on('im_messages')
    .columns(['thread_root', 'time'])
    .where(sql.ref('thread_root'), 'is not', null)
    .execute();
}

/** Sets thread_root of the stored replies that lack it, from their body. */
export async function fillThreadRoots(db: Kysely<unknown>): Promise<void> {
  // Only digit ids a safe integer can hold (15 digits always can); the LIKE skips the JSON of
  // every message that is no reply at all.
  if (isSqlite(db)) {
    await sql`
      update im_messages
      set thread_root = cast(json_extract(body, '$.threadMsg.idServer') as integer)
      where thread_root is null
        and body like '%"threadMsg"%'
        and json_extract(body, '$.threadMsg.idServer') not glob '*[^0-9]*'
        and length(json_extract(body, '$.threadMsg.idServer')) between 1 and 15`.execute(db);
  } else {
    await sql`
      update im_messages
      set thread_root = cast(cast(body as jsonb) #>> '{threadMsg,idServer}' as bigint)
      where thread_root is null
        and body like '%"threadMsg"%'
        and (cast(body as jsonb) #>> '{threadMsg,idServer}') ~ '^[0-9]{1,15}$'`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('im_messages_thread_root').execute();
  await db.schema.alterTable('im_messages').dropColumn('thread_root').execute();
}
