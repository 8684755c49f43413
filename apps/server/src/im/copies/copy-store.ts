// Every query of the message copy queue: add, claim a batch, settle.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { ImCopyTable } from './tables.ts';

export type QueuedCopy = Selectable<ImCopyTable>;

export async function enqueueCopy(
  db: Kysely<Database>,
  copy: { appKey: string; body: string; now: number },
): Promise<void> {
  await db
    .insertInto('im_copies')
    .values({ app_key: copy.appKey, body: copy.body, due_at: copy.now, created_at: copy.now })
    .execute();
}

/**
 * Takes up to `limit` due copies for `holdMs` and counts the attempt, in one statement: two
 * processes never send the same copy at once (the outer condition is checked again on the row a
 * concurrent claim just changed), and a crashed sender's copies are due again after the hold.
 */
export async function claimDueCopies(
  db: Kysely<Database>,
  now: number,
  holdMs: number,
  limit: number,
): Promise<QueuedCopy[]> {
  return db
    .updateTable('im_copies')
    .set((eb) => ({ claimed_until: now + holdMs, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('im_copies')
        .select('id')
        .where('due_at', '<=', now)
        .where('claimed_until', '<=', now)
        .orderBy('id')
        .limit(limit),
    )
    .where('claimed_until', '<=', now)
    .returningAll()
    .execute();
}

/** The receiver took it (2xx): it leaves the queue. */
export async function deleteCopy(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('im_copies').where('id', '=', id).execute();
}

/** Not taken: due again at `dueAt`, with what went wrong. */
export async function retryCopyLater(
  db: Kysely<Database>,
  id: number,
  dueAt: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('im_copies')
    .set({ due_at: dueAt, claimed_until: 0, last_error: error.slice(0, 256) })
    .where('id', '=', id)
    .execute();
}

/** Copies still waiting for the receiver (for health and tests). */
export async function countQueuedCopies(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('im_copies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
