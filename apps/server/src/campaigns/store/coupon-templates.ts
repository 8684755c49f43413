// Reads of the coupon templates and the statements that move their stock (config-store.ts
// writes them). Stock is taken by one conditional update, never below zero.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CouponTemplateTable } from './tables.ts';

type CouponTemplate = Selectable<CouponTemplateTable>;

/** A campaign's templates shown in the coupon centre, in the order they were created. */
export async function claimableTemplates(
  db: Kysely<Database>,
  campaignId: string,
): Promise<CouponTemplate[]> {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('claimable', '=', 1)
    .orderBy('id')
    .execute();
}

export function findTemplate(
  db: Kysely<Database>,
  key: string,
): Promise<CouponTemplate | undefined> {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('template_key', '=', key)
    .executeTakeFirst();
}

export function findTemplateById(
  db: Kysely<Database>,
  id: number,
): Promise<CouponTemplate | undefined> {
  return db.selectFrom('coupon_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The templates of these ids (unknown ids are left out), in no particular order. */
export async function templatesByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<CouponTemplate[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Takes one coupon off a template's stock and counts it issued; false when sold out. */
export async function takeTemplateStock(
  db: Kysely<Database>,
  templateId: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('coupon_templates')
    .set({ stock: sql<number>`stock - 1`, issued: sql<number>`issued + 1` })
    .where('id', '=', templateId)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Counts a coupon issued outside the stock (a prize, an exchange code). */
export async function countTemplateIssued(db: Kysely<Database>, templateId: number): Promise<void> {
  await db
    .updateTable('coupon_templates')
    .set({ issued: sql<number>`issued + 1` })
    .where('id', '=', templateId)
    .execute();
}
