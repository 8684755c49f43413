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
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import { insertVote, voteTallies, votesOf } from '../store/votes.ts';
import { closesAtMs, type VoteSettings } from './settings.ts';

/** The vote pages' kind; `?campaign=` picks one vote of it (decision 0037). */
export const VOTE_KIND = 'vote';

/** Today's votes of a shopper, counted per campaign. */
export const dailyKey = (campaignId: string, uid: number, day: string) =>
  counterKey.daily(campaignId, 'vote', uid, day);

async function votesLeft(
  db: Kysely<Database>,
  id: string,
  settings: VoteSettings,
  uid: number,
  day: string,
): Promise<number> {
  return Math.max(0, settings.votesPerDay - (await readCounter(db, dailyKey(id, uid, day))));
}

export function registerVoteRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, VOTE_KIND, requested);
    const settings = parseSettings<VoteSettings>(campaign);
    return {
      campaign,
      id: campaign.id,
      settings,
      closesAt: closesAtMs(settings, Number(campaign.ends_at)),
    };
  };

  route(scope, 'vote.board', async (request) => {
    const now = clock.now();
    const { campaign, id, settings, closesAt } = await load(request.query.campaign);
    const user = await optionalUser(ctx, request);
    const tallies = await voteTallies(db, id);
    const mine = user ? await votesOf(db, id, userId(user)) : new Map<string, number>();
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
      votesLeftToday: user ? await votesLeft(db, id, settings, userId(user), chinaDay(now)) : null,
    });
  });

  route(scope, 'vote.cast', async (request) => {
    const now = clock.now();
    const { campaign, id, settings, closesAt } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    if (now >= closesAt) throw fail('voteClosed', { data: { closesAt } });
    requireRunning(campaign, now);
    const { option } = request.body;
    if (!settings.options.some((o) => o.key === option)) throw fail('voteOptionUnknown');
    const uid = userId(user);
    const day = chinaDay(now);
    const votes = await inTransaction(db, async (trx) => {
      if (!(await tryIncrement(trx, dailyKey(id, uid, day), settings.votesPerDay)))
        throw fail('voteDailyLimit');
      return insertVote(trx, {
        campaignId: id,
        optionKey: option,
        userId: uid,
        day,
        now,
      });
    });
    const tallies = await voteTallies(db, id);
    return ok({
      option,
      votes,
      totalVotes: settings.options.reduce((sum, o) => sum + (tallies.get(o.key) ?? 0), 0),
      votesLeftToday: await votesLeft(db, id, settings, uid, day),
    });
  });
}
