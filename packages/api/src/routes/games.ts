// The games wave's routes (docs/campaigns.md, issue 20): the vote, the free-meal shake and the
// open-bag prize (with the admin API's import of bag codes).
import { Type } from '@sinclair/typebox';
import { IdParams, Key, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { AwardView, CampaignView, DeliveryAddress, PrizeKind } from '../schemas/views.ts';
import {
  ADMIN,
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';
import { CampaignQuery } from './which-campaign.ts';

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

/** A code printed inside a bag as a shopper types it: case, spaces and dashes do not matter. */
const BagCode = Type.String({
  pattern: '^[A-Za-z0-9 -]{6,40}$',
  description: 'the code in the bag',
});

const BagOrder = Type.Object({
  award: AwardView,
  code: Type.String(),
  openedAt: Millis,
  address: Nullable(DeliveryAddress),
  confirmedAt: Nullable(Millis),
  /** needs_address (goods without an address), ready (to confirm), confirmed, issued (not goods). */
  state: StringEnum(['needs_address', 'ready', 'confirmed', 'issued']),
});

const ShakeChances = Type.Object({ left: Type.Integer(), usedToday: Type.Integer() });

export const GAME_ROUTES = defineRoutes({
  'vote.board': {
    summary:
      'The vote: options with live counts, the closing time and what the shopper may still cast',
    querystring: CampaignQuery,
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
    querystring: CampaignQuery,
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
    querystring: CampaignQuery,
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
    querystring: CampaignQuery,
    data: Type.Object({
      prize: ShakePrize,
      award: Nullable(AwardView),
      chances: ShakeChances,
    }),
    errors: [...UNREADABLE, ...RUNNING, ...LOGGED_IN, 'shakeNoChances', 'raffleBoardEmpty'],
  },

  'bag.page': {
    summary: 'The open-bag prize: what a bag may hold and the attempts left today',
    querystring: CampaignQuery,
    data: Type.Object({
      campaign: CampaignView,
      prizes: Type.Array(ShakePrize),
      attemptsPerDay: Type.Integer(),
      attemptsLeftToday: Type.Integer(),
      /** Bags this shopper has opened. */
      opened: Type.Integer(),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ],
  },
  'bag.open': {
    summary: 'Opens the code in a bag, once per code: the server draws its prize',
    querystring: CampaignQuery,
    body: Type.Object({ code: BagCode }),
    data: Type.Object({ code: Type.String(), prize: ShakePrize, award: Nullable(AwardView) }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'bagTooManyAttempts',
      'bagCodeInvalid',
      'bagCodeOpened',
    ],
  },
  'bag.order': {
    summary: 'The order of a prize won from a bag: the prize, its code, address and confirmation',
    querystring: CampaignQuery,
    params: IdParams,
    data: BagOrder,
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ, 'awardNotFound'],
  },
  'bag.confirmOrder': {
    summary: 'Confirms the order of a goods prize once its address is in (once)',
    querystring: CampaignQuery,
    params: IdParams,
    data: BagOrder,
    errors: [
      ...UNREADABLE,
      ...CAMPAIGN,
      ...LOGGED_IN,
      'awardNotFound',
      'addressNotNeeded',
      'addressNotSet',
      'bagOrderConfirmed',
    ],
  },
  'admin.importBagCodes': {
    summary: 'Imports a batch of bag codes (as printed); codes already known are left out',
    params: Type.Object({ id: Key }),
    body: Type.Object(
      {
        batch: Key,
        codes: Type.Array(Type.String({ pattern: '^[A-Z0-9]{6,32}$' }), {
          minItems: 1,
          maxItems: 5000,
        }),
      },
      { additionalProperties: false },
    ),
    data: Type.Object({
      batch: Type.String(),
      imported: Type.Integer(),
      /** Codes the campaign already had (in this request or an earlier batch). */
      duplicates: Type.Integer(),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'adminBadConfig'],
  },
});
