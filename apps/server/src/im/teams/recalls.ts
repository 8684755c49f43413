// Team and super-team recalls a device that was away hears of in its sync (the deleteMsg
// category), as the live push told the devices that were online. Found on read from the
// account's memberships and the recall time: a super team writes nothing per member for a recall,
// and a team needs nothing more either. Only messages from the member's join on.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { recallNotice, type RecallNotice } from '../messaging/index.ts';
import type { TeamKind } from './scene.ts';
import { teamMessagesRecalledSince } from './team-sync-store.ts';

export async function teamRecallsSince(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
): Promise<RecallNotice[]> {
  const rows = await teamMessagesRecalledSince(db, kind, appKey, accid, since);
  return rows.map((row) => recallNotice(row, `${kind}-${row.to_target}`));
}
