// The games wave's shopper routes (docs/campaigns.md, issue 20): the vote and the free-meal shake.
import { Type } from '@sinclair/typebox';
import { Key, Millis, Nullable } from '../schemas/primitives.ts';
import { AwardView, CampaignView, PrizeKind } from '../schemas/views.ts';
import { CAMPAIGN, defineRoutes, LOGGED_IN, RUNNING, UNREADABLE } from './define.ts';

const VoteOption = Type.Object({
  key: Type.String(),
  name: Type.String(),
  image: Type.String(),
  description: Type.String(),
  /** Every vote the option has (live while voting is open, the result once it closed). */
  votes: Type.Integer(),
  /** The shopper's own votes for it (0 logged out). */
  myVotes: Type.Integer(),
});

const ShakePrize = Type.Object({
  key: Type.String(),
  name: Type.String(),
  image: Type.String(),
  kind: PrizeKind,
});

const ShakeChances = Type.Object({ left: Type.Integer(), usedToday: Type.Integer() });

export const GAME_ROUTES = defineRoutes({
  'vote.board': {
    summary:
      'The vote: options with live counts, the closing time and what the shopper may still cast',
    data: Type.Object({
      campaign: CampaignView,
      /** When voting closes (at the latest the campaign's end); results stand from then. */
      closesAt: Millis,
      closed: Type.Boolean(),
      votesPerDay: Type.Integer(),
      options: Type.Array(VoteOption),
      totalVotes: Type.Integer(),
      loggedIn: Type.Boolean(),
      /** Votes the shopper may still cast today; null logged out. */
      votesLeftToday: Nullable(Type.Integer()),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'vote.cast': {
    summary: 'One vote for an option (within the daily votes; refused once voting closed)',
    body: Type.Object({ option: Key }),
    data: Type.Object({
      option: Type.String(),
      votes: Type.Integer(),
      totalVotes: Type.Integer(),
      votesLeftToday: Type.Integer(),
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'voteClosed',
      'voteOptionUnknown',
      'voteDailyLimit',
    ],
  },

  'free.board': {
    summary: 'The free-meal shake: prizes on offer, shakes left today, the shake sensitivity',
    data: Type.Object({
      campaign: CampaignView,
      prizes: Type.Array(ShakePrize),
      dailyChances: Type.Integer(),
      /** Acceleration change (m/s²) between two motion readings the page counts as a shake. */
      shakeThreshold: Type.Number(),
      loggedIn: Type.Boolean(),
      chances: Nullable(ShakeChances),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'free.shake': {
    summary: 'One shake: the server draws (a free-meal coupon or 谢谢参与)',
    data: Type.Object({
      prize: ShakePrize,
      award: Nullable(AwardView),
      chances: ShakeChances,
    }),
    errors: [...RUNNING, ...LOGGED_IN, 'shakeNoChances', 'raffleBoardEmpty'],
  },
});
