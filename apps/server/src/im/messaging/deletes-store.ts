// Recalls (deleteMsg, both sides lose the message) and one-way deletes (deleteMsgSelf, only the
// deleter's devices), written by the handlers and replayed by the deleteMsg sync category.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface Recall {
  messageId: number;
  by: string;
  ps: string | null;
  at: number;
}

/** Marks a message recalled; false when it was recalled already (or is not there). */
export async function markMessageRecalled(db: Kysely<Database>, recall: Recall): Promise<boolean> {
  const updated = await db
    .updateTable('im_messages')
    .set({ deleted_at: recall.at, deleted_by: recall.by, delete_ps: recall.ps })
    .where('id', '=', recall.messageId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** One-to-one messages to or from the account recalled after `since`. */
export async function p2pRecallsSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_messages')
    .select([
      'id',
      'id_client',
      'scene',
      'from_accid',
      'to_target',
      'time',
      'deleted_at',
      'deleted_by',
      'delete_ps',
    ])
    .where('app_key', '=', appKey)
    .where('scene', '=', 'p2p')
    .where((eb) => eb.or([eb('to_target', '=', accid), eb('from_accid', '=', accid)]))
    .where('deleted_at', '>', since)
    .execute();
}

/** Hides a message from one account; hiding it again changes nothing. */
export async function hideMessageFor(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  messageId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_msg_hidden')
    .values({ app_key: appKey, accid, message_id: messageId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The messages the account hid (any scene) after `since`, with where they were. */
export async function messagesHiddenSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_msg_hidden')
    .innerJoin('im_messages', 'im_messages.id', 'im_msg_hidden.message_id')
    .select([
      'im_messages.id',
      'im_messages.id_client',
      'im_messages.scene',
      'im_messages.from_accid',
      'im_messages.to_target',
      'im_messages.time',
      'im_msg_hidden.created_at',
    ])
    .where('im_msg_hidden.app_key', '=', appKey)
    .where('im_msg_hidden.accid', '=', accid)
    .where('im_msg_hidden.created_at', '>', since)
    .execute();
}
