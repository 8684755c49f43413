// Team read receipts in im_team_receipts (one row per message and reader), and the message a
// receipt is about.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface ReceiptMessage {
  id: number;
  from_accid: string;
  body: string;
  conv_key: string;
  time: number;
}

/** A stored, not recalled message of the app by id (whose conversation the caller checks). */
export async function findLiveMessage(
  db: Kysely<Database>,
  appKey: string,
  id: number,
): Promise<ReceiptMessage | undefined> {
  const row = await db
    .selectFrom('im_messages')
    .select(['id', 'from_accid', 'body', 'conv_key', 'time'])
    .where('app_key', '=', appKey)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), time: Number(row.time) };
}

/** Records that reader read the message; a second receipt of the same reader changes nothing. */
export async function addReceipt(
  db: Kysely<Database>,
  appKey: string,
  messageId: number,
  reader: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_team_receipts')
    .values({ app_key: appKey, message_id: messageId, reader, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The accounts that sent a receipt for the message. */
export async function readersOf(
  db: Kysely<Database>,
  appKey: string,
  messageId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('im_team_receipts')
    .select('reader')
    .where('app_key', '=', appKey)
    .where('message_id', '=', messageId)
    .execute();
  return rows.map((r) => r.reader);
}
