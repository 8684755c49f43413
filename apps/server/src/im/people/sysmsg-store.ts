// Stored system messages in im_sysmsgs: written, replaced while pending, capped per recipient,
// answered (settled), read-marked and read back for sync.
import type { Kysely, Selectable } from 'kysely';
import type { SysMsgType } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { ImSysMsgTable } from './tables.ts';

export type SysMsgRow = Selectable<ImSysMsgTable>;
export type NewSysMsgRow = Omit<ImSysMsgTable, 'id'>;

/** Unhandled requests (state init) kept per recipient; older ones beyond this are dropped. */
export const PENDING_SYSMSGS_MAX = 200;

/** Stores a system message as it is (no replacing); returns its id. */
export async function insertSysMsg(db: Kysely<Database>, row: NewSysMsgRow): Promise<number> {
  const { id } = await db
    .insertInto('im_sysmsgs')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** A pending request: replaces the same one still pending, else inserted and the inbox capped. */
export async function storePendingRequest(
  db: Kysely<Database>,
  row: NewSysMsgRow,
): Promise<number> {
  const same = await db
    .selectFrom('im_sysmsgs')
    .select('id')
    .where('app_key', '=', row.app_key)
    .where('to_accid', '=', row.to_accid)
    .where('from_accid', '=', row.from_accid)
    .where('type', '=', row.type)
    .where('state', '=', 'init')
    .where('target', row.target === null ? 'is' : '=', row.target)
    .where('attach', row.attach === null ? 'is' : '=', row.attach)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (same) {
    const id = Number(same.id);
    await db
      .updateTable('im_sysmsgs')
      .set({ ps: row.ps, time: row.time, updated_at: row.updated_at, read: 0 })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const { id } = await db
    .insertInto('im_sysmsgs')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  // The recipient's oldest unhandled requests beyond the cap go (one indexed range, usually none).
  const beyond = await db
    .selectFrom('im_sysmsgs')
    .select('id')
    .where('app_key', '=', row.app_key)
    .where('to_accid', '=', row.to_accid)
    .where('state', '=', 'init')
    .orderBy('id', 'desc')
    .offset(PENDING_SYSMSGS_MAX)
    .limit(1000)
    .execute();
  if (beyond.length) {
    await db
      .deleteFrom('im_sysmsgs')
      .where(
        'id',
        'in',
        beyond.map((r) => Number(r.id)),
      )
      .execute();
  }
  return Number(id);
}

/** The latest pending request of a type from one account to another, if any. */
export async function pendingRequest(
  db: Kysely<Database>,
  appKey: string,
  type: SysMsgType,
  from: string,
  to: string,
  idServer?: string,
) {
  let query = db
    .selectFrom('im_sysmsgs')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('type', '=', type)
    .where('from_accid', '=', from)
    .where('to_accid', '=', to)
    .where('state', '=', 'init');
  if (idServer && /^\d+$/.test(idServer)) query = query.where('id', '=', Number(idServer));
  return query.orderBy('time', 'desc').limit(1).executeTakeFirst();
}

/** A request moves to passed or rejected when answered, or to error when it can no longer be honoured. */
export async function settleRequest(
  db: Kysely<Database>,
  id: number,
  state: 'passed' | 'rejected' | 'error',
  now: number,
): Promise<void> {
  await db
    .updateTable('im_sysmsgs')
    .set({ state, read: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Pending requests of a type from one account (to one account, or to anyone), oldest first. */
export function pendingRequestsFrom(
  db: Kysely<Database>,
  appKey: string,
  type: SysMsgType,
  from: string,
  to?: string,
): Promise<SysMsgRow[]> {
  let query = db
    .selectFrom('im_sysmsgs')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('type', '=', type)
    .where('from_accid', '=', from)
    .where('state', '=', 'init');
  if (to) query = query.where('to_accid', '=', to);
  return query.orderBy('id').execute();
}

/** Marks the recipient's system messages of `ids` read (ids of other recipients are left alone). */
export async function setSysMsgsRead(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  ids: number[],
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('im_sysmsgs')
    .set({ read: 1, updated_at: now })
    .where('app_key', '=', appKey)
    .where('to_accid', '=', accid)
    .where('id', 'in', ids)
    .execute();
}

/** The system messages sent to accid changed after `since`, newest first, at most `limit`. */
export function sysMsgsChangedSince(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
  limit: number,
): Promise<SysMsgRow[]> {
  return sysMsgsChangedQuery(db, appKey, accid, since)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** The rows sysMsgsChangedSince reads (the sync's probe is their EXISTS). */
export function sysMsgsChangedQuery(
  db: Kysely<Database>,
  appKey: string,
  accid: string,
  since: number,
) {
  return db
    .selectFrom('im_sysmsgs')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('to_accid', '=', accid)
    .where('updated_at', '>', since);
}
