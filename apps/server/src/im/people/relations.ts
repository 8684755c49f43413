// Blacklists and mutelists. A blacklist is enforced by the server: a one-to-one message to an
// account that blacklisted the sender is refused with 7101 (the sender's SDK treats it as sent).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { CommandError } from '../gateway/errors.ts';
import type { SendGuard } from '../messaging/index.ts';

export type RelationKind = 'blacklist' | 'mutelist';

export async function setRelation(db: Kysely<Database>, appKey: string, accid: string, target: string, kind: RelationKind, active: boolean, now: number) {
  await db
    .insertInto('im_relations')
    .values({ app_key: appKey, accid, target, kind, active: active ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.columns(['app_key', 'accid', 'target', 'kind']).doUpdateSet({ active: active ? 1 : 0, updated_at: now }))
    .execute();
}

export async function hasRelation(db: Kysely<Database>, appKey: string, accid: string, target: string, kind: RelationKind): Promise<boolean> {
  const row = await db
    .selectFrom('im_relations')
    .select('active')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('target', '=', target)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.active === 1;
}

/** Refuses a one-to-one message whose recipient has blacklisted the sender. */
export function blacklistGuard(db: Kysely<Database>): SendGuard {
  return async ({ session, msg }) => {
    if (msg.scene !== 'p2p') return;
    if (await hasRelation(db, session.appKey, msg.to.toLowerCase(), session.accid, 'blacklist')) {
      throw new CommandError(7101, 'the recipient has blacklisted the sender');
    }
  };
}
