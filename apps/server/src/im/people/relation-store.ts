// Blacklists and mutelists in im_relations: one row per account, target and kind, kept with
// active 0 when removed so that syncing devices learn of it.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { compiledOnce } from '../../store/index.ts';
import type { ImRelationTable } from './tables.ts';

export type RelationKind = 'blacklist' | 'mutelist';

/** Puts target on (active) or takes it off accid's list of `kind`. */
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

/** The account's current entries of both lists. */
export function activeRelations(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
): Promise<Pick<ImRelationTable, 'target' | 'kind'>[]> {
  return db
    .selectFrom('im_relations')
    .select(['target', 'kind'])
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('active', '=', 1)
    .execute();
}

/** The account's relation rows changed after `since`, removed ones (active 0) included. */
export function relationsChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
): Promise<ImRelationTable[]> {
  return relationsChangedQuery(db, appKey, accid, since).execute();
}

/** The query of relationsChangedSince (the sync's probe is its EXISTS). */
export function relationsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_relations')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('updated_at', '>', since);
}
