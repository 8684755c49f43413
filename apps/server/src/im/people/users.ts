// Profiles as other accounts see them. Nick, avatar, sign, gender and custom are public within
// the app; email, tel and birth are contact details shown only to the account itself and its
// friends (docs/im-people.md), a deliberate choice over NIM, which shows them to anyone.
import type { Kysely } from 'kysely';
import type { User } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';

const COLUMNS = [
  'accid',
  'nick',
  'icon',
  'sign',
  'gender',
  'email',
  'birth',
  'tel',
  'custom',
  'created_at',
  'updated_at',
] as const;

export function usersQuery(db: Kysely<Database>, appKey: string) {
  return db.selectFrom('im_accounts').select(COLUMNS).where('app_key', '=', appKey);
}

type Row = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

export function toUser(row: Row): User {
  return {
    account: row.accid,
    nick: row.nick,
    avatar: row.icon,
    sign: row.sign,
    gender: row.gender as User['gender'],
    email: row.email,
    birth: row.birth,
    tel: row.tel,
    custom: row.custom,
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}

/** Profiles as `viewer` sees them: contact details (email, tel, birth) only of itself and its friends. */
export async function getUsers(
  db: Kysely<Database>,
  appKey: string,
  accounts: string[],
  viewer: string,
): Promise<User[]> {
  if (accounts.length === 0) return [];
  const rows = await usersQuery(db, appKey)
    .where(
      'accid',
      'in',
      accounts.map((a) => a.toLowerCase()),
    )
    .execute();
  const others = rows.map((r) => r.accid).filter((accid) => accid !== viewer);
  const friends = others.length
    ? new Set(
        (
          await db
            .selectFrom('im_friends')
            .select('friend')
            .where('app_key', '=', appKey)
            .where('accid', '=', viewer)
            .where('valid', '=', 1)
            .where('friend', 'in', others)
            .execute()
        ).map((r) => r.friend),
      )
    : new Set<string>();
  return rows.map((row) =>
    row.accid === viewer || friends.has(row.accid) ? toUser(row) : publicProfile(toUser(row)),
  );
}

/** What any account of the app sees of another: no contact details (they come back empty). */
function publicProfile(user: User): User {
  return { ...user, email: '', tel: '', birth: '' };
}
