// Red-packet rain rounds (campaign_rain_rounds, migration 0034): recorded when a round starts,
// settled once by one conditional update, so a replayed settlement never pays twice.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignRainRoundTable } from './tables.ts';

export type RainRound = Selectable<CampaignRainRoundTable>;

export function insertRound(
  db: Kysely<Database>,
  round: Insertable<CampaignRainRoundTable>,
): Promise<RainRound> {
  return db
    .insertInto('campaign_rain_rounds')
    .values(round)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findRound(
  db: Kysely<Database>,
  campaignId: string,
  id: number,
): Promise<RainRound | undefined> {
  return db
    .selectFrom('campaign_rain_rounds')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the round settled with its outcome; false when it already was (a replay). */
export async function settleRound(
  db: Kysely<Database>,
  id: number,
  settlement: { now: number; outcome: 'awarded' | 'refused'; catches: number },
): Promise<boolean> {
  const result = await db
    .updateTable('campaign_rain_rounds')
    .set({
      settled_at: settlement.now,
      outcome: settlement.outcome,
      catches: settlement.catches,
    })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setRoundAward(
  db: Kysely<Database>,
  id: number,
  awardId: number,
): Promise<void> {
  await db
    .updateTable('campaign_rain_rounds')
    .set({ award_id: awardId })
    .where('id', '=', id)
    .execute();
}
