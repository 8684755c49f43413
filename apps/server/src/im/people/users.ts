// Profiles as other accounts see them.
import type { Kysely } from 'kysely';
import type { User } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';

const COLUMNS = ['accid', 'nick', 'icon', 'sign', 'gender', 'email', 'birth', 'tel', 'custom', 'created_at', 'updated_at'] as const;

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

export async function getUsers(db: Kysely<Database>, appKey: string, accounts: string[]): Promise<User[]> {
  if (accounts.length === 0) return [];
  const rows = await usersQuery(db, appKey).where('accid', 'in', accounts.map((a) => a.toLowerCase())).execute();
  return rows.map(toUser);
}
