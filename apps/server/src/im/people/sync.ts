// What the people feature streams during a client's sync: my profile, my friends and their
// profiles, my relations and the system messages sent to me.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { newest, pushInChunks } from '../gateway/index.ts';
import { toFriend } from './handlers.ts';
import { toSysMsg } from './sysmsgs.ts';
import { toUser, usersQuery } from './users.ts';

/** A new device gets the latest system messages only. */
const SYSMSGS_FIRST_SYNC = 100;
const SYSMSGS_MAX = 5_000;

export function registerPeopleSync(sources: SyncSources, db: Kysely<Database>): void {
  sources.register('myInfo', async (context, since) => {
    const { appKey, accid } = context.session;
    const row = await usersQuery(db, appKey)
      .where('accid', '=', accid)
      .where('updated_at', '>', since)
      .executeTakeFirst();
    if (row) context.connection.push('syncMyInfo', { user: toUser(row) });
    return { timetag: row ? Number(row.updated_at) : since };
  });

  sources.register('friends', async (context, since) => {
    const { appKey, accid } = context.session;
    const rows = await db
      .selectFrom('im_friends')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .where('updated_at', '>', since)
      .execute();
    // A first sync needs only current friends; later ones also learn of deletions (valid false).
    const friends = rows.filter((r) => since > 0 || r.valid === 1).map(toFriend);
    pushInChunks(context, 'syncFriends', 'friends', friends);
    return {
      timetag: newest(
        since,
        rows.map((r) => Number(r.updated_at)),
      ),
    };
  });

  sources.register('friendUsers', async (context, since) => {
    const { appKey, accid } = context.session;
    const rows = await usersQuery(db, appKey)
      .where('updated_at', '>', since)
      .where(
        'accid',
        'in',
        db
          .selectFrom('im_friends')
          .select('friend')
          .where('app_key', '=', appKey)
          .where('accid', '=', accid)
          .where('valid', '=', 1),
      )
      .execute();
    pushInChunks(context, 'syncFriendUsers', 'users', rows.map(toUser));
    return {
      timetag: newest(
        since,
        rows.map((r) => Number(r.updated_at)),
      ),
    };
  });

  sources.register('relations', async (context, since) => {
    const { appKey, accid } = context.session;
    const rows = await db
      .selectFrom('im_relations')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .where('updated_at', '>', since)
      .execute();
    const changes = rows
      .filter((r) => since > 0 || r.active === 1)
      .map((r) => ({
        account: r.target,
        kind: r.kind,
        isAdd: r.active === 1,
        updateTime: Number(r.updated_at),
      }));
    pushInChunks(context, 'syncRelations', 'changes', changes);
    return {
      timetag: newest(
        since,
        rows.map((r) => Number(r.updated_at)),
      ),
    };
  });

  sources.register('sysMsgs', async (context, since) => {
    const { appKey, accid } = context.session;
    const rows = await db
      .selectFrom('im_sysmsgs')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('to_accid', '=', accid)
      .where('updated_at', '>', since)
      .orderBy('updated_at', 'desc')
      .limit(since === 0 ? SYSMSGS_FIRST_SYNC : SYSMSGS_MAX)
      .execute();
    pushInChunks(
      context,
      'syncOfflineSysMsgs',
      'sysMsgs',
      rows.reverse().map((r) => toSysMsg({ ...r, id: Number(r.id) })),
    );
    return {
      timetag: newest(
        since,
        rows.map((r) => Number(r.updated_at)),
      ),
    };
  });
}
