// Profiles as other accounts see them. Nick, avatar, sign, gender and custom are public within
// the app; email, tel and birth are contact details shown only to the account itself and its
// friends (docs/im-people.md), a deliberate choice over NIM, which shows them to anyone.
import type { Kysely } from 'kysely';
import type { User } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { validFriendsAmong } from './friend-store.ts';
import { profilesOf, type ProfileRow } from './profile-store.ts';

export function toUser(row: ProfileRow): User {
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
  const rows = await profilesOf(db, appKey, accounts);
  const others = rows.map((r) => r.accid).filter((accid) => accid !== viewer);
  const friends = await validFriendsAmong(db, appKey, viewer, others);
  return rows.map((row) =>
    row.accid === viewer || friends.has(row.accid) ? toUser(row) : publicProfile(toUser(row)),
  );
}

/** What any account of the app sees of another: no contact details (they come back empty). */
function publicProfile(user: User): User {
  return { ...user, email: '', tel: '', birth: '' };
}
