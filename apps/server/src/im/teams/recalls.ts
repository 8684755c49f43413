// Team and super-team recalls a device that was away hears of in its sync (the deleteMsg
// category), as the live push told the devices that were online. Found on read from the
// account's memberships and the recall time: a super team writes nothing per member for a recall,
// and a team needs nothing more either. Only messages from the member's join on.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { recallNotice, type RecallNotice } from '../messaging/index.ts';
import { isOwnMembershipOf, type TeamKind } from './scene.ts';

export async function teamRecallsSince(
  db: Kysely<Database>,
  kind: TeamKind,
  appKey: string,
  accid: string,
  since: number,
): Promise<RecallNotice[]> {
  const rows = await db
    .selectFrom('im_messages')
    .innerJoin('im_team_members', (join) =>
      join.on(isOwnMembershipOf('im_messages.conv_key', kind, appKey, accid)),
    )
    .select([
      'im_messages.id',
      'im_messages.id_client',
      'im_messages.scene',
      'im_messages.from_accid',
      'im_messages.to_target',
      'im_messages.time',
      'im_messages.deleted_at',
      'im_messages.deleted_by',
      'im_messages.delete_ps',
    ])
    .where('im_messages.app_key', '=', appKey)
    .where('im_messages.scene', '=', kind)
    .where('im_messages.deleted_at', '>', since)
    .where('im_messages.time', '>=', sql<number>`im_team_members.join_time`)
    .execute();
  return rows.map((row) => recallNotice(row, `${kind}-${row.to_target}`));
}
