// One-to-one read receipts: per conversation and reader, the newest message read. A receipt
// never moves back; the msgReceipts sync replays the peers' receipts of the account's sessions.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface Receipt {
  appKey: string;
  convKey: string;
  reader: string;
  msgTime: number;
  idServer: string;
}

/** Stores a receipt unless the reader's stored one is for a message at least as new. */
export async function saveReceipt(
  db: Kysely<Database>,
  receipt: Receipt,
  now: number,
): Promise<void> {
  await db
    .insertInto('im_receipts')
    .values({
      app_key: receipt.appKey,
      conv_key: receipt.convKey,
      reader: receipt.reader,
      msg_time: receipt.msgTime,
      id_server: receipt.idServer,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['app_key', 'conv_key', 'reader'])
        .doUpdateSet({ msg_time: receipt.msgTime, id_server: receipt.idServer, updated_at: now })
        .where('im_receipts.msg_time', '<', receipt.msgTime),
    )
    .execute();
}

/** Receipts by others in the account's sessions changed after `since`, with the session id. */
export async function peerReceiptsSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return peerReceiptsQuery(db, appKey, accid, since).execute();
}

/** The query of peerReceiptsSince (the sync's probe is its EXISTS). */
export function peerReceiptsQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_receipts')
    .innerJoin('im_sessions', (join) =>
      join
        .onRef('im_sessions.conv_key', '=', 'im_receipts.conv_key')
        .on('im_sessions.app_key', '=', appKey)
        .on('im_sessions.accid', '=', accid),
    )
    .select([
      'im_receipts.reader',
      'im_receipts.id_server',
      'im_receipts.msg_time',
      'im_receipts.updated_at',
      'im_sessions.session_id',
    ])
    .where('im_receipts.app_key', '=', appKey)
    .where('im_receipts.reader', '!=', accid)
    .where('im_receipts.updated_at', '>', since);
}
