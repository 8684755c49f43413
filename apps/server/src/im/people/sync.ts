// What the people feature streams during a client's sync: my profile, my friends and their
// profiles, my relations and the system messages sent to me.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { SyncSources } from '../gateway/index.ts';
import { newest, pushInChunks } from '../gateway/index.ts';
import { toFriend } from './handlers.ts';
import { toSysMsg } from './sysmsgs.ts';
import { friendsChangedQuery, friendsChangedSince } from './friend-store.ts';
import {
  friendProfilesChangedQuery,
  friendProfilesChangedSince,
  ownProfileChangedQuery,
  ownProfileChangedSince,
} from './profile-store.ts';
import { relationsChangedQuery, relationsChangedSince } from './relation-store.ts';
import { sysMsgsChangedQuery, sysMsgsChangedSince } from './sysmsg-store.ts';
import { toUser } from './users.ts';

/** A new device gets the latest system messages only. */
const SYSMSGS_FIRST_SYNC = 100;
const SYSMSGS_MAX = 5_000;

export function registerPeopleSync(sources: SyncSources, db: Kysely<Database>): void {
  sources.register(
    'myInfo',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const row = await ownProfileChangedSince(db, appKey, accid, since);
      if (row) context.connection.push('syncMyInfo', { user: toUser(row) });
      return { timetag: row ? Number(row.updated_at) : since };
    },
    (p) => ownProfileChangedQuery(db, p.appKey, p.accid, p.since),
  );

  sources.register(
    'friends',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await friendsChangedSince(db, appKey, accid, since);
      // A first sync needs only current friends; later ones also learn of deletions (valid false).
      const friends = rows.filter((r) => since > 0 || r.valid === 1).map(toFriend);
      pushInChunks(context, 'syncFriends', 'friends', friends);
      return {
        timetag: newest(
          since,
          rows.map((r) => Number(r.updated_at)),
        ),
      };
    },
    (p) => friendsChangedQuery(db, p.appKey, p.accid, p.since),
  );

  sources.register(
    'friendUsers',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await friendProfilesChangedSince(db, appKey, accid, since);
      pushInChunks(context, 'syncFriendUsers', 'users', rows.map(toUser));
      return {
        timetag: newest(
          since,
          rows.map((r) => Number(r.updated_at)),
        ),
      };
    },
    (p) => friendProfilesChangedQuery(db, p.appKey, p.accid, p.since),
  );

  sources.register(
    'relations',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await relationsChangedSince(db, appKey, accid, since);
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
    },
    (p) => relationsChangedQuery(db, p.appKey, p.accid, p.since),
  );

  sources.register(
    'sysMsgs',
    async (context, since) => {
      const { appKey, accid } = context.session;
      const rows = await sysMsgsChangedSince(
        db,
        appKey,
        accid,
        since,
        since === 0 ? SYSMSGS_FIRST_SYNC : SYSMSGS_MAX,
      );
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
    },
    (p) => sysMsgsChangedQuery(db, p.appKey, p.accid, p.since),
  );
}
