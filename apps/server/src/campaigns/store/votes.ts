// Votes (campaign_votes, campaign_vote_tallies, migration 0028): the log of every vote and the
// per-option tally it moves. The daily limit is a counter (kernel/counters.ts) taken in the same
// transaction, so the three writes stand or fall together.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';

export interface VoteRow {
  campaignId: string;
  optionKey: string;
  userId: number;
  day: string;
  now: number;
}

/** Logs one vote and adds it to its option's tally; answers the option's new count. */
export async function insertVote(db: Kysely<Database>, vote: VoteRow): Promise<number> {
  await db
    .insertInto('campaign_votes')
    .values({
      campaign_id: vote.campaignId,
      option_key: vote.optionKey,
      user_id: vote.userId,
      day: vote.day,
      created_at: vote.now,
    })
    .execute();
  const row = await db
    .insertInto('campaign_vote_tallies')
    .values({ campaign_id: vote.campaignId, option_key: vote.optionKey, votes: 1 })
    .onConflict((oc) =>
      oc
        .columns(['campaign_id', 'option_key'])
        .doUpdateSet({ votes: sql<number>`campaign_vote_tallies.votes + 1` }),
    )
    .returning('votes')
    .executeTakeFirstOrThrow();
  return Number(row.votes);
}

/** Every option's count (options never voted for are absent). */
export async function voteTallies(
  db: Kysely<Database>,
  campaignId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('campaign_vote_tallies')
    .select(['option_key', 'votes'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return new Map(rows.map((r) => [r.option_key, Number(r.votes)]));
}

/** A shopper's votes per option over the whole campaign. */
export async function votesOf(
  db: Kysely<Database>,
  campaignId: string,
  userId: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('campaign_votes')
    .select(['option_key', (eb) => eb.fn.countAll<number>().as('votes')])
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .groupBy('option_key')
    .execute();
  return new Map(rows.map((r) => [r.option_key, Number(r.votes)]));
}
