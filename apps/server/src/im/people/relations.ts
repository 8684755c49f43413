// Blacklists and mutelists. A blacklist is enforced by the server: a one-to-one message (or a
// quick comment, pin or receipt) to an account that blacklisted the sender is refused with 7101
// (the sender's SDK treats a message as sent).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { compiledOnce } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { WriteGuard } from '../messaging/index.ts';

export type RelationKind = 'blacklist' | 'mutelist';

export async function setRelation(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  target: string,
  kind: RelationKind,
  active: boolean,
  now: number,
) {
  await db
    .insertInto('im_relations')
    .values({ app_key: appKey, accid, target, kind, active: active ? 1 : 0, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['app_key', 'accid', 'target', 'kind'])
        .doUpdateSet({ active: active ? 1 : 0, updated_at: now }),
    )
    .execute();
}

const relationQueries = new WeakMap<
  Kysely<Database>,
  (
    appKey: string,
    accid: string,
    target: string,
    kind: RelationKind,
  ) => Promise<{ active: number }[]>
>();

/** Whether `accid` has `target` on its list of `kind` (checked on every one-to-one send). */
export async function hasRelation(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  target: string,
  kind: RelationKind,
): Promise<boolean> {
  let query = relationQueries.get(db);
  if (!query) {
    // Parameters in this order: app_key, accid, target, kind.
    query = compiledOnce(db, (d) =>
      d
        .selectFrom('im_relations')
        .select('active')
        .where('app_key', '=', '')
        .where('accid', '=', '')
        .where('target', '=', '')
        .where('kind', '=', 'blacklist'),
    );
    relationQueries.set(db, query);
  }
  const [row] = await query(appKey, accid, target, kind);
  return row?.active === 1;
}

/** Which of `accounts` have blacklisted `accid` (presence: a blocker's events never reach it). */
export async function blacklistersOf(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  accounts: string[],
): Promise<Set<string>> {
  if (accounts.length === 0) return new Set();
  const rows = await db
    .selectFrom('im_relations')
    .select('accid')
    .where('app_key', '=', appKey)
    .where('target', '=', accid)
    .where('kind', '=', 'blacklist')
    .where('active', '=', 1)
    .where('accid', 'in', accounts)
    .execute();
  return new Set(rows.map((r) => r.accid));
}

/** Which of `accounts` `accid` has blacklisted. */
export async function blacklistedBy(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  accounts: string[],
): Promise<Set<string>> {
  if (accounts.length === 0) return new Set();
  const rows = await db
    .selectFrom('im_relations')
    .select('target')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('kind', '=', 'blacklist')
    .where('active', '=', 1)
    .where('target', 'in', accounts)
    .execute();
  return new Set(rows.map((r) => r.target));
}

/**
 * Refuses a write into a one-to-one conversation whose other side has blacklisted the writer: a
 * message, a quick comment, a pin or a read receipt alike (all reach the blocker's devices).
 */
export function blacklistGuard(db: Kysely<Database>): WriteGuard {
  return async ({ session, conversation }) => {
    if (conversation.scene !== 'p2p' || conversation.target === session.accid) return;
    if (await hasRelation(db, session.appKey, conversation.target, session.accid, 'blacklist')) {
      throw new CommandError(7101, 'the recipient has blacklisted the sender');
    }
  };
}
