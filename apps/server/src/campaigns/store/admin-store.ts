// The admin API's own reads and writes of campaign configuration (admin/routes.ts): listing,
// patching a campaign, and relative restocks. Inserts and upserts of prizes, passwords and
// templates stay in config-store.ts, shared with the seed.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type {
  CampaignPasswordTable,
  CampaignPrizeTable,
  CampaignTable,
  CouponTemplateTable,
} from './tables.ts';

export function listCampaigns(db: Kysely<Database>): Promise<Selectable<CampaignTable>[]> {
  return db.selectFrom('campaigns').selectAll().orderBy('id').execute();
}

/** A campaign's passwords in the order they were configured. */
export function listPasswords(
  db: Kysely<Database>,
  campaignId: string,
): Promise<Selectable<CampaignPasswordTable>[]> {
  return db
    .selectFrom('campaign_passwords')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
}

/** Every coupon template of a campaign, claimable or not, in the order they were created. */
export function listTemplates(
  db: Kysely<Database>,
  campaignId: string,
): Promise<Selectable<CouponTemplateTable>[]> {
  return db
    .selectFrom('coupon_templates')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
}

/** A prize of a campaign with its stock (null: unlimited), or undefined when there is none. */
export function findPrizeStock(
  db: Kysely<Database>,
  campaignId: string,
  prizeKey: string,
): Promise<Pick<Selectable<CampaignPrizeTable>, 'stock' | 'kind'> | undefined> {
  return db
    .selectFrom('campaign_prizes')
    .select(['stock', 'kind'])
    .where('campaign_id', '=', campaignId)
    .where('prize_key', '=', prizeKey)
    .executeTakeFirst();
}

export interface CampaignChanges {
  title?: string;
  rules?: string;
  settings?: string;
  startsAt: number;
  endsAt: number;
}

export async function updateCampaign(
  db: Kysely<Database>,
  campaignId: string,
  changes: CampaignChanges,
  now: number,
): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.rules !== undefined && { rules: changes.rules }),
      ...(changes.settings !== undefined && { settings: changes.settings }),
      starts_at: changes.startsAt,
      ends_at: changes.endsAt,
      updated_at: now,
    })
    .where('id', '=', campaignId)
    .execute();
}

/**
 * Adds `add` (negative to take away) to a limited prize's stock in one statement, so a restock
 * never loses units awarded meanwhile. Undefined when the prize is unknown, unlimited, or the
 * stock would go below zero.
 */
export async function restockPrize(
  db: Kysely<Database>,
  campaignId: string,
  prizeKey: string,
  add: number,
  now: number,
): Promise<{ stock: number; awarded: number } | undefined> {
  const row = await db
    .updateTable('campaign_prizes')
    .set({ stock: sql<number>`stock + ${add}`, updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('prize_key', '=', prizeKey)
    .where('stock', 'is not', null)
    .where(sql<boolean>`stock + ${add} >= 0`)
    .returning(['stock', 'awarded'])
    .executeTakeFirst();
  return row && { stock: Number(row.stock), awarded: Number(row.awarded) };
}

/** The same for a coupon template's stock. */
export async function restockTemplate(
  db: Kysely<Database>,
  templateKey: string,
  add: number,
  now: number,
): Promise<{ stock: number; issued: number } | undefined> {
  const row = await db
    .updateTable('coupon_templates')
    .set({ stock: sql<number>`stock + ${add}`, updated_at: now })
    .where('template_key', '=', templateKey)
    .where('stock', 'is not', null)
    .where(sql<boolean>`stock + ${add} >= 0`)
    .returning(['stock', 'issued'])
    .executeTakeFirst();
  return row && { stock: Number(row.stock), issued: Number(row.issued) };
}
