// Blacklists and mutelists. A blacklist is enforced by the server: a one-to-one message to an
// account that blacklisted the sender is refused with 7101 (the sender's SDK treats it as sent).
import type { Kysely } from 'kysely';
import { type Database, compiledOnce } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { SendGuard } from '../messaging/index.ts';

export type RelationKind = 'blacklist' | 'mutelist';

export async function setRelation(db: Kysely<Database>, appKey: string, accid: string, target: string, kind: RelationKind, active: boolean, now: number) {
  await db
    .insertInto('im_relations')
    .values({ app_key: appKey, accid, target, kind, active: active ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.columns(['app_key', 'accid', 'target', 'kind']).doUpdateSet({ active: active ? 1 : 0, updated_at: now }))
    .execute();
}

const relationQueries = new WeakMap<Kysely<Database>, (appKey: string, accid: string, target: string, kind: RelationKind) => Promise<{ active: number }[]>>();

/** Whether `accid` has `target` on its list of `kind` (checked on every one-to-one send). */
export async function hasRelation(db: Kysely<Database>, appKey: string, accid: string, target: string, kind: RelationKind): Promise<boolean> {
  let query = relationQueries.get(db);
  if (!query) {
    // Parameters in this order: app_key, accid, target, kind.
    query = compiledOnce(db, (d) =>
      d.selectFrom('im_relations').select('active').where('app_key', '=', '').where('accid', '=', '').where('target', '=', '').where('kind', '=', 'blacklist'),
    );
    relationQueries.set(db, query);
  }
  const [row] = await query(appKey, accid, target, kind);
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
