// SQL conditions that join messages or conversations to an account's team memberships: what
// team and super team sync and recalls read through. Written once here, in the teams store,
// because a conversation key is built from a team id in SQL on both engines.
import { sql, type RawBuilder } from 'kysely';

export type TeamKind = 'team' | 'superTeam';

/**
 * `column` holds the conversation key of the joined membership's team: teamConvKey in SQL, for
 * joining messages or conversations to `im_team_members` (which must be in the query).
 */
export const isTeamConvKeyOfMember = (column: string, kind: TeamKind): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} = ${sql.lit(`${kind}:`)} || cast(im_team_members.team_id as varchar(20))`;
/**
 * The join of `im_team_members` to the account's own valid memberships of the team whose
 * conversation key `column` holds: what a member's sync reads its teams' messages through.
 */
export const isOwnMembershipOf = (
  column: string,
  kind: TeamKind,
  appKey: string,
  accid: string,
): RawBuilder<boolean> =>
  sql<boolean>`im_team_members.app_key = ${appKey} and im_team_members.accid = ${accid} and im_team_members.valid = 1 and ${isTeamConvKeyOfMember(column, kind)}`;
