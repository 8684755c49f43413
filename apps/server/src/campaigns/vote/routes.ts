// The vote (/activity/vote/vote): options with pictures and live counts, a daily number of votes
// per shopper, and a closing time after which the counts are the result and a vote is 62001.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { Database } from '../../store/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { counterKey, readCounter, tryIncrement } from '../kernel/counters.ts';
import { chinaDay } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
} from '../kernel/window.ts';
import { insertVote, voteTallies, votesOf } from '../store/votes.ts';
import { closesAtMs, type VoteSettings } from './settings.ts';

export const VOTE_CAMPAIGN = 'vote';

export const dailyKey = (uid: number, day: string) =>
  counterKey.daily(VOTE_CAMPAIGN, 'vote', uid, day);

async function votesLeft(
  db: Kysely<Database>,
  settings: VoteSettings,
  uid: number,
  day: string,
): Promise<number> {
  return Math.max(0, settings.votesPerDay - (await readCounter(db, dailyKey(uid, day))));
}

export function registerVoteRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async () => {
    const campaign = await requireCampaign(db, VOTE_CAMPAIGN);
    const settings = parseSettings<VoteSettings>(campaign);
    return { campaign, settings, closesAt: closesAtMs(settings, Number(campaign.ends_at)) };
  };

  route(scope, 'vote.board', async (request) => {
    const now = clock.now();
    const { campaign, settings, closesAt } = await load();
    const user = await optionalUser(ctx, request);
    const tallies = await voteTallies(db, VOTE_CAMPAIGN);
    const mine = user ? await votesOf(db, VOTE_CAMPAIGN, userId(user)) : new Map<string, number>();
    const options = settings.options.map((o) => ({
      key: o.key,
      name: o.name,
      image: o.image,
      description: o.description ?? '',
      votes: tallies.get(o.key) ?? 0,
      myVotes: mine.get(o.key) ?? 0,
    }));
    return ok({
      campaign: publicCampaign(campaign, now),
      closesAt,
      closed: now >= closesAt,
      votesPerDay: settings.votesPerDay,
      options,
      // Votes for an option an operator removed no longer count towards the total shown.
      totalVotes: options.reduce((sum, o) => sum + o.votes, 0),
      loggedIn: user !== undefined,
      votesLeftToday: user ? await votesLeft(db, settings, userId(user), chinaDay(now)) : null,
    });
  });

  route(scope, 'vote.cast', async (request) => {
    const now = clock.now();
    const { campaign, settings, closesAt } = await load();
    const user = await currentUser(ctx, request);
    if (now >= closesAt) throw fail('voteClosed', { data: { closesAt } });
    requireRunning(campaign, now);
    const { option } = request.body;
    if (!settings.options.some((o) => o.key === option)) throw fail('voteOptionUnknown');
    const uid = userId(user);
    const day = chinaDay(now);
    const votes = await inTransaction(db, async (trx) => {
      if (!(await tryIncrement(trx, dailyKey(uid, day), settings.votesPerDay)))
        throw fail('voteDailyLimit');
      return insertVote(trx, {
        campaignId: VOTE_CAMPAIGN,
        optionKey: option,
        userId: uid,
        day,
        now,
      });
    });
    const tallies = await voteTallies(db, VOTE_CAMPAIGN);
    return ok({
      option,
      votes,
      totalVotes: settings.options.reduce((sum, o) => sum + (tallies.get(o.key) ?? 0), 0),
      votesLeftToday: await votesLeft(db, settings, uid, day),
    });
  });
}
