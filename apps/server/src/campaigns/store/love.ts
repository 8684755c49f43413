// The love account's donations and project totals (love_donations, love_project_totals, migration
// 0039). kernel/points.ts takes the points; these statements run in the same transaction
// (love/donate.ts), so the donation, the debit and the total stand or fall together.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { LoveDonationTable } from './tables.ts';

export type LoveDonation = Selectable<LoveDonationTable>;

export interface NewDonation {
  campaignId: string;
  projectKey: string;
  userId: number;
  points: number;
  requestKey: string;
  now: number;
}

/** Records a donation; undefined when its request key was already used (a retry). */
export async function insertDonation(
  db: Kysely<Database>,
  donation: NewDonation,
): Promise<LoveDonation | undefined> {
  return db
    .insertInto('love_donations')
    .values({
      campaign_id: donation.campaignId,
      project_key: donation.projectKey,
      user_id: donation.userId,
      points: donation.points,
      request_key: donation.requestKey,
      created_at: donation.now,
    })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function donationByRequest(
  db: Kysely<Database>,
  requestKey: string,
): Promise<LoveDonation | undefined> {
  return db
    .selectFrom('love_donations')
    .selectAll()
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/**
 * Adds `points` to a project's total while the total stays within `goal`; false (and no change)
 * when it would pass it. One statement: two donations racing for the last points cannot both fit.
 */
export async function raiseTotal(
  db: Kysely<Database>,
  campaignId: string,
  projectKey: string,
  points: number,
  goal: number,
): Promise<boolean> {
  if (points > goal) return false;
  const row = await db
    .insertInto('love_project_totals')
    .values({ campaign_id: campaignId, project_key: projectKey, raised: points, donations: 1 })
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'project_key'])
        .doUpdateSet({
          raised: sql<number>`love_project_totals.raised + ${points}`,
          donations: sql<number>`love_project_totals.donations + 1`,
        })
        .where(sql<boolean>`love_project_totals.raised + ${points} <= ${goal}`),
    )
    .returning('raised')
    .executeTakeFirst();
  return row !== undefined;
}

export interface ProjectTotal {
  raised: number;
  donations: number;
}

/** Every project's total (projects nobody gave to are absent). */
export async function projectTotals(
  db: Kysely<Database>,
  campaignId: string,
): Promise<Map<string, ProjectTotal>> {
  const rows = await db
    .selectFrom('love_project_totals')
    .select(['project_key', 'raised', 'donations'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return new Map(
    rows.map((r) => [r.project_key, { raised: Number(r.raised), donations: Number(r.donations) }]),
  );
}

export interface DonorRow {
  points: number;
  created_at: number;
  nickname: string;
  mobile: string;
}

/** The latest donations to a project with their donors, newest first. */
export async function latestDonors(
  db: Kysely<Database>,
  campaignId: string,
  projectKey: string,
  limit: number,
): Promise<DonorRow[]> {
  const rows = await db
    .selectFrom('love_donations as d')
    .innerJoin('product_users as u', 'u.id', 'd.user_id')
    .select(['d.points', 'd.created_at', 'u.nickname', 'u.mobile'])
    .where('d.campaign_id', '=', campaignId)
    .where('d.project_key', '=', projectKey)
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, points: Number(r.points), created_at: Number(r.created_at) }));
}

/** A shopper's donations, newest first (at most `limit`). */
export function donationsOf(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  limit: number,
): Promise<LoveDonation[]> {
  return db
    .selectFrom('love_donations')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Points a shopper gave, in all or to one project. */
export async function pointsGivenBy(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  projectKey?: string,
): Promise<number> {
  let query = db
    .selectFrom('love_donations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('total'))
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId);
  if (projectKey !== undefined) query = query.where('project_key', '=', projectKey);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}
