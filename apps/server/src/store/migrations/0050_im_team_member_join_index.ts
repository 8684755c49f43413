// Super teams hold thousands of members; getSuperTeamMembersByJoinTime pages them by join time
// (NIM's SDK asks 100 at a time). Without this index each page would sort the whole team.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('im_team_members_join_time')
    .on('im_team_members')
    .columns(['app_key', 'team_id', 'join_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('im_team_members_join_time').execute();
}
