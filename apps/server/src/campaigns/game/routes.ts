// The game centre (/activity/game/index): the catalogue of games (configured, each with the
// shopper's chances there today) and the skill game 眼疾手快, scored on the server: a round is
// issued with a random seed and counts against the day at once; the page reports its taps; the
// server rebuilds the round's schedule from the seed, scores the taps (a tap can not be later
// than the time the server saw pass) and credits points to the ledger once per round.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fail, ok } from '@morsel/api';
import { roundLength, scoreTaps, tapSchedule } from '@morsel/api/tap-game';
import { route } from '../../api/index.ts';
import type { Database } from '../../store/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { counterKey, readCounter, tryIncrement } from '../kernel/counters.ts';
import { changePoints, pointsBalance } from '../kernel/points.ts';
import { chinaDay } from '../kernel/time.ts';
import { inTransaction } from '../kernel/transaction.ts';
import {
  campaignState,
  findCampaign,
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
} from '../kernel/window.ts';
import { bestScoreSince, finishRound, findOwnRound, insertRound } from '../store/game-rounds.ts';
import { attemptsKey } from '../bag/routes.ts';
import { usedKey } from '../free/routes.ts';
import { dailyKey } from '../vote/routes.ts';
import { fissionKeys } from '../fission/packets.ts';
import type { GameCentreSettings } from './settings.ts';

export const GAME_CAMPAIGN = 'game';
/** A round not finished within this is void (the longest configurable round is 2.5 minutes). */
const ROUND_LIFETIME_MS = 10 * 60_000;
/** Network and timer slack between the page's clock and the server's. */
const CLOCK_SLACK_MS = 2_000;
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

const roundsKey = (uid: number, day: string) => counterKey.daily(GAME_CAMPAIGN, 'round', uid, day);

/** The Asia/Shanghai midnight that began `now`'s day. */
const chinaMidnight = (now: number) =>
  Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;

/** What the shopper may still do today in a listed game, by the game's kind; null: no limit. */
async function chancesIn(
  db: Kysely<Database>,
  kind: string,
  campaignId: string,
  settings: Record<string, number>,
  uid: number,
  day: string,
): Promise<string | null> {
  const left = async (key: string, limit: number | undefined) =>
    limit === undefined ? undefined : Math.max(0, limit - (await readCounter(db, key)));
  let n: number | undefined;
  switch (kind) {
    case 'free':
      n = await left(usedKey(campaignId, uid, day), settings.dailyChances);
      return n === undefined ? null : `今日还可摇 ${n} 次`;
    case 'vote':
      n = await left(dailyKey(campaignId, uid, day), settings.votesPerDay);
      return n === undefined ? null : `今日还可投 ${n} 票`;
    case 'bag':
      n = await left(attemptsKey(campaignId, uid, day), settings.attemptsPerDay);
      return n === undefined ? null : `今日还可兑奖 ${n} 次`;
    case 'fission':
      n = await left(fissionKeys.opened(campaignId, uid, day), settings.packetsPerDay);
      return n === undefined ? null : `今日还可开 ${n} 个红包`;
    default:
      return null;
  }
}

export function registerGameCentreRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async () => {
    const campaign = await requireCampaign(db, GAME_CAMPAIGN);
    return { campaign, settings: parseSettings<GameCentreSettings>(campaign) };
  };
  const tapRules = (s: GameCentreSettings) => ({
    targets: s.tap.targets,
    intervalMs: s.tap.intervalMs,
    windowMs: s.tap.windowMs,
  });

  route(scope, 'game.centre', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await optionalUser(ctx, request);
    const uid = user ? userId(user) : undefined;
    const day = chinaDay(now);
    const games = [];
    for (const entry of settings.catalogue) {
      // An entry whose campaign is gone is left out rather than linking to a dead page.
      const target = await findCampaign(db, entry.campaignId);
      if (!target) continue;
      games.push({
        key: entry.key,
        page: entry.page,
        // The instance the entry opens: the page's `?campaign=` (decision 0037).
        campaign: target.id,
        title: entry.title,
        description: entry.description,
        image: entry.image,
        state: campaignState(target, now),
        startsAt: Number(target.starts_at),
        endsAt: Number(target.ends_at),
        chances:
          uid === undefined || campaignState(target, now) !== 'running'
            ? null
            : await chancesIn(
                db,
                target.kind,
                target.id,
                parseSettings<Record<string, number>>(target),
                uid,
                day,
              ),
      });
    }
    return ok({
      campaign: publicCampaign(campaign, now),
      games,
      loggedIn: uid !== undefined,
      points: uid === undefined ? null : await pointsBalance(db, uid),
      tap: {
        title: settings.tap.title,
        rules: tapRules(settings),
        roundsPerDay: settings.tap.roundsPerDay,
        roundsLeftToday:
          uid === undefined
            ? null
            : Math.max(0, settings.tap.roundsPerDay - (await readCounter(db, roundsKey(uid, day)))),
        bestToday:
          uid === undefined
            ? null
            : await bestScoreSince(db, GAME_CAMPAIGN, uid, chinaMidnight(now)),
        scorePerPoint: settings.tap.scorePerPoint,
        maxPointsPerRound: settings.tap.maxPointsPerRound,
      },
    });
  });

  route(scope, 'game.start', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const day = chinaDay(now);
    const round = randomBytes(12).toString('hex');
    const seed = randomInt(1, 2 ** 31 - 1);
    await inTransaction(db, async (trx) => {
      if (!(await tryIncrement(trx, roundsKey(uid, day), settings.tap.roundsPerDay)))
        throw fail('gameNoRounds');
      await insertRound(trx, {
        id: round,
        campaign_id: GAME_CAMPAIGN,
        user_id: uid,
        seed,
        issued_at: now,
        finished_at: null,
        score: null,
        points: null,
      });
    });
    return ok({
      round,
      seed,
      rules: tapRules(settings),
      issuedAt: now,
      roundsLeftToday: Math.max(
        0,
        settings.tap.roundsPerDay - (await readCounter(db, roundsKey(uid, day))),
      ),
    });
  });

  route(scope, 'game.finish', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const round = await findOwnRound(db, GAME_CAMPAIGN, uid, request.params.round);
    if (!round) throw fail('gameRoundNotFound');
    if (round.finished_at !== null) throw fail('gameRoundFinished');
    const issuedAt = Number(round.issued_at);
    const elapsed = now - issuedAt;
    // A refused finish still ends the round (score 0), so it cannot be retried with other taps.
    const void0 = async (code: 'gameRoundExpired' | 'gameInputsInvalid') => {
      await finishRound(db, round.id, { score: 0, points: 0, now });
      return fail(code);
    };
    if (elapsed > ROUND_LIFETIME_MS) throw await void0('gameRoundExpired');
    const rules = tapRules(settings);
    const targets = tapSchedule(Number(round.seed), rules);
    const { taps } = request.body;
    // The page cannot have tapped later than the time the server saw pass, nor finished before
    // the last snack was gone; taps come in the order they were made.
    const inOrder = taps.every((tap, i) => i === 0 || tap.at >= taps[i - 1]!.at);
    const last = taps.at(-1)?.at ?? 0;
    if (
      !inOrder ||
      last > elapsed + CLOCK_SLACK_MS ||
      elapsed + CLOCK_SLACK_MS < roundLength(targets, rules) ||
      taps.length > rules.targets * 3
    )
      throw await void0('gameInputsInvalid');
    const { score, hits } = scoreTaps(targets, taps, rules);
    const points = Math.min(
      settings.tap.maxPointsPerRound,
      Math.floor(score / settings.tap.scorePerPoint),
    );
    await inTransaction(db, async (trx) => {
      if (!(await finishRound(trx, round.id, { score, points, now })))
        throw fail('gameRoundFinished');
      if (points > 0)
        await changePoints(trx, {
          userId: uid,
          delta: points,
          reason: `${settings.tap.title}得分 ${score}`,
          businessKey: `game:${round.id}`,
          now,
        });
    });
    return ok({
      score,
      hits,
      points,
      balance: await pointsBalance(db, uid),
      bestToday: (await bestScoreSince(db, GAME_CAMPAIGN, uid, chinaMidnight(now))) ?? score,
    });
  });
}
