// Rounds of the game centre's skill game (campaign_game_rounds, migration 0035): issued with a
// seed, finished once by one conditional update (`where finished_at is null`), so a replayed
// finish scores nothing.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignGameRoundTable } from './tables.ts';

export type GameRound = Selectable<CampaignGameRoundTable>;

export async function insertRound(db: Kysely<Database>, round: CampaignGameRoundTable) {
  await db.insertInto('campaign_game_rounds').values(round).execute();
}

/** The shopper's round (another shopper's id answers undefined). */
export function findOwnRound(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  id: string,
): Promise<GameRound | undefined> {
  return db
    .selectFrom('campaign_game_rounds')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Finishes an unfinished round; false when it was already finished. */
export async function finishRound(
  db: Kysely<Database>,
  id: string,
  result: { score: number; points: number; now: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('campaign_game_rounds')
    .set({ finished_at: result.now, score: result.score, points: result.points })
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The best score of the shopper's rounds issued from `since` on (null: none finished). */
export async function bestScoreSince(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
  since: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('campaign_game_rounds')
    .select((eb) => eb.fn.max<number | null>('score').as('best'))
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('issued_at', '>=', since)
    .executeTakeFirst();
  return row?.best === null || row?.best === undefined ? null : Number(row.best);
}
