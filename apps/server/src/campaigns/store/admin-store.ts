// The admin API's own reads and writes of campaign configuration (admin/routes.ts): listing,
// patching a campaign, and relative restocks. Inserts and upserts of prizes, passwords and
// templates stay in config-store.ts, shared with the seed.
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type {
  CampaignPasswordTable,
  CampaignPrizeTable,
  CampaignStatus,
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

/**
 * Moves a campaign from one of `from` to `to` in one conditional update, so two operators
 * pressing different buttons at once cannot both win. False when its status was not in `from`.
 */
export async function changeStatus(
  db: Kysely<Database>,
  campaignId: string,
  from: readonly CampaignStatus[],
  to: CampaignStatus,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ status: to, updated_at: now })
    .where('id', '=', campaignId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new campaign as a draft (or live); false when the id is taken. */
export async function insertCampaign(
  db: Kysely<Database>,
  row: {
    id: string;
    kind: string;
    title: string;
    rules: string;
    startsAt: number;
    endsAt: number;
    settings: string;
    status: CampaignStatus;
  },
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('campaigns')
    .values({
      id: row.id,
      kind: row.kind,
      title: row.title,
      rules: row.rules,
      starts_at: row.startsAt,
      ends_at: row.endsAt,
      settings: row.settings,
      status: row.status,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The fields of a prize an operator edits in place; stock moves only through restockPrize. */
export interface PrizeFields {
  name?: string;
  image?: string;
  kind?: CampaignPrizeTable['kind'];
  value?: string;
  weight?: number;
  slot?: number;
  usage?: string;
  /** Only while the campaign is a draft (no shopper can draw from it yet). */
  stock?: number | null;
}

export async function updatePrizeFields(
  db: Kysely<Database>,
  campaignId: string,
  prizeKey: string,
  fields: PrizeFields,
  now: number,
): Promise<void> {
  await db
    .updateTable('campaign_prizes')
    .set({ ...fields, updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('prize_key', '=', prizeKey)
    .execute();
}

/**
 * Deletes a prize no award names (awards keep a copy of the prize, but they point at its row).
 * 'awarded' when a shopper has won it, 'missing' when there is no such prize.
 */
export async function deleteUnawardedPrize(
  db: Kysely<Database>,
  campaignId: string,
  prizeKey: string,
): Promise<'deleted' | 'awarded' | 'missing'> {
  const result = await db
    .deleteFrom('campaign_prizes')
    .where('campaign_id', '=', campaignId)
    .where('prize_key', '=', prizeKey)
    .where('awarded', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('campaign_awards')
            .select('campaign_awards.id')
            .whereRef('campaign_awards.prize_id', '=', 'campaign_prizes.id'),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 1) return 'deleted';
  return (await findPrizeStock(db, campaignId, prizeKey)) ? 'awarded' : 'missing';
}

/** A template's fields an operator edits in place; `stock` only where it races with nothing. */
export async function updateTemplateFields(
  db: Kysely<Database>,
  templateKey: string,
  fields: Omit<Updateable<CouponTemplateTable>, 'id' | 'template_key' | 'issued' | 'created_at'>,
  now: number,
): Promise<void> {
  await db
    .updateTable('coupon_templates')
    .set({ ...fields, updated_at: now })
    .where('template_key', '=', templateKey)
    .execute();
}

/**
 * Coupon prizes giving `templateKey` in campaigns that may still award (neither ended nor
 * archived), with what the retire check needs to tell a prize in use from a retired one.
 */
export function couponPrizesGiving(db: Kysely<Database>, templateKey: string) {
  return db
    .selectFrom('campaign_prizes')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_prizes.campaign_id')
    .select([
      'campaign_prizes.campaign_id',
      'campaign_prizes.prize_key',
      'campaign_prizes.weight',
      'campaign_prizes.slot',
      'campaigns.kind',
      'campaigns.settings',
    ])
    .where('campaign_prizes.kind', '=', 'coupon')
    .where('campaign_prizes.value', '=', templateKey)
    .where('campaigns.status', 'not in', ['ended', 'archived'])
    .orderBy('campaign_prizes.campaign_id')
    .orderBy('campaign_prizes.prize_key')
    .execute();
}

/** A retired template: nobody claims it any more (unclaimable, nothing left); issued coupons stay. */
export async function retireTemplateRow(
  db: Kysely<Database>,
  templateKey: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('coupon_templates')
    .set({ claimable: 0, stock: 0, updated_at: now })
    .where('template_key', '=', templateKey)
    .execute();
}
