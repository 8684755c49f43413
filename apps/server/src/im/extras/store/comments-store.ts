// Quick comments in the store: one row per account, message and body; a delete leaves a
// tombstone (deleted = 1) so the quickComments sync can replay it.
import type { Kysely } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { ImQuickCommentTable } from '../tables.ts';
import { readableByAccount } from './readable-by-account.ts';

export type CommentRow = Pick<
  ImQuickCommentTable,
  'from_accid' | 'body' | 'time' | 'custom' | 'push_options'
>;

const commentColumns = ['from_accid', 'body', 'time', 'custom', 'push_options'] as const;

/** A message's live comments, oldest first, with when each last changed. */
export function liveComments(db: Kysely<Database>, appKey: string, messageId: number) {
  return db
    .selectFrom('im_quick_comments')
    .select([...commentColumns, 'updated_at'])
    .where('app_key', '=', appKey)
    .where('message_id', '=', messageId)
    .where('deleted', '=', 0)
    .orderBy('time', 'asc')
    .execute();
}

export interface CommentWrite {
  appKey: string;
  messageId: number;
  convKey: string;
  from: string;
  body: number;
  custom: string | null;
  pushOptions: string | null;
}

/** Adds a comment, or brings back and updates the account's comment with the same body. */
export async function putComment(
  db: Kysely<Database>,
  comment: CommentWrite,
  now: number,
): Promise<void> {
  const values = {
    custom: comment.custom,
    push_options: comment.pushOptions,
    time: now,
    deleted: 0,
    updated_at: now,
  };
  await db
    .insertInto('im_quick_comments')
    .values({
      app_key: comment.appKey,
      message_id: comment.messageId,
      conv_key: comment.convKey,
      from_accid: comment.from,
      body: comment.body,
      ...values,
    })
    .onConflict((oc) =>
      oc.columns(['app_key', 'message_id', 'from_accid', 'body']).doUpdateSet(values),
    )
    .execute();
}

/**
 * Marks the account's own live comment deleted; undefined when it has none with that body
 * (another account's comment is never touched).
 */
export function markCommentDeleted(
  db: Kysely<Database>,
  target: { appKey: string; messageId: number; from: string; body: number },
  now: number,
): Promise<CommentRow | undefined> {
  return db
    .updateTable('im_quick_comments')
    .set({ deleted: 1, updated_at: now })
    .where('app_key', '=', target.appKey)
    .where('message_id', '=', target.messageId)
    .where('from_accid', '=', target.from)
    .where('body', '=', target.body)
    .where('deleted', '=', 0)
    .returning(commentColumns)
    .executeTakeFirst();
}

/**
 * Comments changed after `since` on live messages the account may read, oldest change first,
 * with their messages' keys; `liveOnly` leaves out deleted ones (a new device never held them).
 */
export function commentsChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  query: { since: number; liveOnly: boolean; limit: number },
) {
  let rows = commentsChangedQuery(db, appKey, accid, query.since);
  if (query.liveOnly) rows = rows.where('c.deleted', '=', 0);
  return rows.orderBy('c.updated_at', 'asc').limit(query.limit).execute();
}

/** The rows commentsChangedSince reads, deleted ones too (the sync's probe is their EXISTS). */
export function commentsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_quick_comments as c')
    .innerJoin('im_messages as m', (join) =>
      join.onRef('m.id', '=', 'c.message_id').onRef('m.app_key', '=', 'c.app_key'),
    )
    .select([
      'c.from_accid',
      'c.body',
      'c.time',
      'c.custom',
      'c.push_options',
      'c.deleted',
      'm.id',
      'm.scene',
      'm.from_accid as msg_from',
      'm.to_target',
      'm.id_client',
      'm.time as msg_time',
      'm.conv_key',
    ])
    .where('c.app_key', '=', appKey)
    .where(readableByAccount(appKey, accid))
    .where('m.deleted_at', 'is', null)
    .where('c.updated_at', '>', since);
}
