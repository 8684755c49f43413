// The game centre (/activity/game/index, docs/campaigns.md, decision 0029): the catalogue of the
// running games with the shopper's chances and points, and one skill game played on the page and
// scored on the server (a round is issued with a seed; the page reports taps, never a score).
import { Type } from '@sinclair/typebox';
import { Millis, Nullable } from '../schemas/primitives.ts';
import { CampaignState, CampaignView } from '../schemas/views.ts';
import { CAMPAIGN, defineRoutes, LOGGED_IN, RUNNING, UNREADABLE } from './define.ts';

const RoundId = Type.String({ pattern: '^[A-Za-z0-9]{16,32}$', description: 'a round' });

const TapRules = Type.Object({
  targets: Type.Integer(),
  intervalMs: Type.Integer(),
  windowMs: Type.Integer(),
});

export const GAME_CENTRE_ROUTES = defineRoutes({
  'game.centre': {
    summary: "The game centre: the configured games with my chances, my points and today's rounds",
    data: Type.Object({
      campaign: CampaignView,
      games: Type.Array(
        Type.Object({
          key: Type.String(),
          /** The page the entry opens (a key of the web app's paths). */
          page: Type.String(),
          /** The campaign the page opens, its `?campaign=` (decision 0037). */
          campaign: Type.String(),
          title: Type.String(),
          description: Type.String(),
          image: Type.String(),
          state: CampaignState,
          startsAt: Millis,
          endsAt: Millis,
          /** What I may still do there today, e.g. 今日还可摇 2 次; null logged out or unlimited. */
          chances: Nullable(Type.String()),
        }),
      ),
      loggedIn: Type.Boolean(),
      points: Nullable(Type.Integer()),
      tap: Type.Object({
        title: Type.String(),
        rules: TapRules,
        roundsPerDay: Type.Integer(),
        roundsLeftToday: Nullable(Type.Integer()),
        bestToday: Nullable(Type.Integer()),
        scorePerPoint: Type.Integer(),
        maxPointsPerRound: Type.Integer(),
      }),
    }),
    errors: [...CAMPAIGN],
  },
  'game.start': {
    summary: 'Starts a round of the skill game (counts against the day): its id and seed',
    data: Type.Object({
      round: Type.String(),
      seed: Type.Integer(),
      rules: TapRules,
      issuedAt: Millis,
      roundsLeftToday: Type.Integer(),
    }),
    errors: [...RUNNING, ...LOGGED_IN, 'gameNoRounds'],
  },
  'game.finish': {
    summary: 'Finishes a round with the taps made: the server scores them and credits points',
    params: Type.Object({ round: RoundId }),
    body: Type.Object(
      {
        taps: Type.Array(
          Type.Object(
            {
              cell: Type.Integer({ minimum: 0, maximum: 8 }),
              at: Type.Integer({ minimum: 0, maximum: 600_000 }),
            },
            { additionalProperties: false },
          ),
          { maxItems: 100 },
        ),
      },
      // The older wrapper adds its own fields (ut, times, ...) to every body; a score sent along
      // is not read either.
    ),
    data: Type.Object({
      score: Type.Integer(),
      hits: Type.Integer(),
      points: Type.Integer(),
      balance: Type.Integer(),
      bestToday: Type.Integer(),
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'gameRoundNotFound',
      'gameRoundFinished',
      'gameRoundExpired',
      'gameInputsInvalid',
    ],
  },
});
