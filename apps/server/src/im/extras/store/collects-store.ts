// An account's collects (favourites) in the store: add within the quota in one statement, find
// by uniqueId or ids, delete, update, and pages with their total. Ids are the table's numbers.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { ImCollectTable } from '../tables.ts';

export type CollectRow = Selectable<ImCollectTable>;

export interface NewCollect {
  appKey: string;
  accid: string;
  type: number;
  data: string;
  custom: string | null;
  uniqueId: string | null;
}

function collectsOf(db: Kysely<Database>, appKey: string, accid: string) {
  return db
    .selectFrom('im_collects')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('accid', '=', accid);
}

export function collectByUniqueId(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  uniqueId: string,
): Promise<CollectRow | undefined> {
  return collectsOf(db, appKey, accid).where('unique_id', '=', uniqueId).executeTakeFirst();
}

/**
 * Stores a collect while the account holds fewer than `quota`, in one statement, so the count
 * and the insert cannot be split by another add. Undefined when the quota is full; a second
 * collect with the same uniqueId fails with a unique violation.
 */
export async function insertCollectWithinQuota(
  db: Kysely<Database>,
  collect: NewCollect,
  quota: number,
  now: number,
): Promise<CollectRow | undefined> {
  const held = db
    .selectFrom('im_collects')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('app_key', '=', collect.appKey)
    .where('accid', '=', collect.accid);
  return db
    .insertInto('im_collects')
    .columns([
      'app_key',
      'accid',
      'type',
      'data',
      'custom',
      'unique_id',
      'create_time',
      'update_time',
    ])
    .expression(
      db
        .selectNoFrom([
          // Typed casts: PostgreSQL reads a bare parameter in a select list as text.
          sql<string>`cast(${collect.appKey} as text)`.as('app_key'),
          sql<string>`cast(${collect.accid} as text)`.as('accid'),
          sql<number>`cast(${collect.type} as integer)`.as('type'),
          sql<string>`cast(${collect.data} as text)`.as('data'),
          sql<string | null>`cast(${collect.custom} as text)`.as('custom'),
          sql<string | null>`cast(${collect.uniqueId} as text)`.as('unique_id'),
          sql<number>`cast(${now} as bigint)`.as('create_time'),
          sql<number>`cast(${now} as bigint)`.as('update_time'),
        ])
        .where(held, '<', quota),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The account's collects among `ids` (another account's are left out). */
export function collectsByIds(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  ids: number[],
): Promise<CollectRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return collectsOf(db, appKey, accid).where('id', 'in', ids).execute();
}

/** Deletes the account's collects among `ids`; answers how many went. */
export async function deleteCollects(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('im_collects')
    .where('app_key', '=', appKey)
    .where('accid', '=', accid)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Sets the custom text of one of the account's collects (only when its createTime matches, if
 * given); undefined when there is no such collect.
 */
export async function updateCollectCustom(
  db: Kysely<Database>,
  target: { appKey: string; accid: string; id: number; createTime?: number },
  custom: string,
  now: number,
): Promise<CollectRow | undefined> {
  let query = db
    .updateTable('im_collects')
    .set({ custom, update_time: now })
    .where('app_key', '=', target.appKey)
    .where('accid', '=', target.accid)
    .where('id', '=', target.id);
  if (target.createTime !== undefined) query = query.where('create_time', '=', target.createTime);
  return query.returningAll().executeTakeFirst();
}

export interface CollectPageQuery {
  type?: number;
  /** createTime bounds, inclusive; an endTime of 0 means no end. */
  beginTime?: number;
  endTime?: number;
  /** The page starts after this collect (same createTime: by id); an unknown id is ignored. */
  afterId?: number;
  /** Oldest first instead of newest first. */
  reverse: boolean;
  limit: number;
}

/** A page of the account's collects, and how many match the filters in all. */
export async function collectPage(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  query: CollectPageQuery,
): Promise<{ rows: CollectRow[]; total: number }> {
  const { type, beginTime, endTime, afterId, reverse } = query;
  let filtered = collectsOf(db, appKey, accid);
  if (type !== undefined) filtered = filtered.where('type', '=', type);
  if (beginTime !== undefined) filtered = filtered.where('create_time', '>=', beginTime);
  if (endTime !== undefined && endTime > 0) filtered = filtered.where('create_time', '<=', endTime);
  const total = await filtered
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let page = filtered;
  if (afterId !== undefined) {
    const anchor = await collectsOf(db, appKey, accid).where('id', '=', afterId).executeTakeFirst();
    if (anchor) {
      const t = Number(anchor.create_time);
      page = page.where((eb) =>
        reverse
          ? eb.or([
              eb('create_time', '>', t),
              eb.and([eb('create_time', '=', t), eb('id', '>', afterId)]),
            ])
          : eb.or([
              eb('create_time', '<', t),
              eb.and([eb('create_time', '=', t), eb('id', '<', afterId)]),
            ]),
      );
    }
  }
  const direction = reverse ? 'asc' : 'desc';
  const rows = await page
    .orderBy('create_time', direction)
    .orderBy('id', direction)
    .limit(query.limit)
    .execute();
  return { rows, total: Number(total.n) };
}
