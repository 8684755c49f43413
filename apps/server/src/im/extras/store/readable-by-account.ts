// The SQL condition pin and comment sync filter messages by: written once here, in the extras
// store, because sync reads every conversation of the account in one statement.
import { sql, type RawBuilder } from 'kysely';

/**
 * The message joined as `m` is one the account may still read: a one-to-one conversation it has
 * a session in, or a team or super team it is a valid member of, from its join on. What pin and
 * comment sync covers: leaving a team ends it even though the session row stays. Team
 * memberships are read here in SQL (a join, not a call to the teams feature) because sync reads
 * every conversation of the account in one statement.
 */
export function readableByAccount(appKey: string, accid: string): RawBuilder<boolean> {
  return sql<boolean>`(
    (m.scene = 'p2p' and m.conv_key in (select conv_key from im_sessions where app_key = ${appKey} and accid = ${accid}))
    or exists (
      select 1 from im_team_members tm
      where tm.app_key = ${appKey} and tm.accid = ${accid} and tm.valid = 1
        and m.conv_key = m.scene || ':' || cast(tm.team_id as varchar(20)) and m.time >= tm.join_time
    )
  )`;
}
