// The red-packet rain's routes (docs/campaigns.md, issue 20): the board, a round the server plans
// and signs (the page only animates it), its settlement (the server decides what it is worth),
// and friends' assists that add rounds.
import { Type } from '@sinclair/typebox';
import { Millis, Nullable, ShareCode } from '../schemas/primitives.ts';
import { AwardView, CampaignView, PrizeKind } from '../schemas/views.ts';
import {
  CAMPAIGN,
  defineRoutes,
  LOGGED_IN,
  LOGGED_IN_READ,
  RUNNING,
  UNREADABLE,
} from './define.ts';
import { CampaignQuery, WhichCampaign } from './which-campaign.ts';

const RainPrize = Type.Object({
  key: Type.String(),
  name: Type.String(),
  image: Type.String(),
  kind: PrizeKind,
});

const RainChances = Type.Object({
  /** Rounds left today (base plus assists, within the cap). */
  left: Type.Integer(),
  usedToday: Type.Integer(),
  /** Rounds today's assists added (at most bonusChancesPerDay). */
  bonus: Type.Integer(),
});

/** One red packet of a round's plan: when it appears and where it falls. */
const RainPacket = Type.Object({
  /** Milliseconds after the round starts. */
  at: Type.Integer(),
  /** Horizontal position, 0 (left edge) to 1 (right edge). */
  x: Type.Number(),
  /** 0 small, 1 big (drawn larger; both fall alike and count one). */
  size: Type.Integer(),
});

const RoundToken = Type.String({
  pattern: '^[A-Za-z0-9._-]{10,200}$',
  description: 'the signed round token rain.start answered',
});

const Catch = Type.Object(
  {
    /** Index of the packet in the round's plan. */
    packet: Type.Integer({ minimum: 0, maximum: 999 }),
    /** Milliseconds after the round started (the page's clock). */
    at: Type.Integer({ minimum: 0, maximum: 600_000 }),
  },
  { additionalProperties: false },
);

export const RAIN_ROUTES = defineRoutes({
  'rain.board': {
    summary:
      'The red-packet rain: prizes, round length, rounds left today, the share code and a friend link as its visitor sees it',
    querystring: Type.Object({ ...WhichCampaign, shareCode: Type.Optional(ShareCode) }),
    data: Type.Object({
      campaign: CampaignView,
      prizes: Type.Array(RainPrize),
      roundSeconds: Type.Integer(),
      /** Packets caught in a round needed for a prize draw. */
      minCatches: Type.Integer(),
      dailyChances: Type.Integer(),
      bonusChancesPerDay: Type.Integer(),
      /** Whether a round needs the shopper's WeChat (the oauth page obtains it). */
      requireWechat: Type.Boolean(),
      loggedIn: Type.Boolean(),
      /** Null logged out or when requireWechat is off. */
      wechatBound: Nullable(Type.Boolean()),
      chances: Nullable(RainChances),
      shareCode: Nullable(Type.String()),
      assist: Nullable(
        Type.Object({
          sharer: Nullable(Type.Object({ nickname: Type.String() })),
          isSelf: Type.Boolean(),
          /** The visitor already helped this friend today. */
          assistedToday: Type.Boolean(),
        }),
      ),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'rain.start': {
    summary: 'Starts a round: spends one of today’s rounds, answers its signed token and plan',
    querystring: CampaignQuery,
    data: Type.Object({
      token: Type.String(),
      startedAt: Millis,
      roundMs: Type.Integer(),
      /** How long a packet takes to fall across the screen. */
      fallMs: Type.Integer(),
      packets: Type.Array(RainPacket),
      maxTapsPerSecond: Type.Integer(),
      maxTapsPerRound: Type.Integer(),
      chances: RainChances,
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'wechatLoginOff',
      'wechatIdentityRequired',
      'rainNoChances',
      'raffleBoardEmpty',
    ],
  },
  'rain.settle': {
    summary: 'Ends a round with the packets caught: the server checks them and draws the prize',
    // Sent as JSON (the catches are a list of objects); the older wrapper's fields ride along.
    querystring: CampaignQuery,
    body: Type.Object({
      token: RoundToken,
      catches: Type.Array(Catch, { maxItems: 1000 }),
    }),
    data: Type.Object({
      catches: Type.Integer(),
      prize: RainPrize,
      award: Nullable(AwardView),
      chances: RainChances,
    }),
    errors: [
      ...UNREADABLE,
      ...CAMPAIGN,
      ...LOGGED_IN,
      'rainRoundInvalid',
      'rainRoundSettled',
      'rainRoundNotOver',
      'rainRoundExpired',
      'rainTooManyTaps',
      'rainCatchInvalid',
    ],
  },
  'rain.assist': {
    summary: 'Helps a friend: once per friend a day; the friend earns a round (within the cap)',
    querystring: CampaignQuery,
    body: Type.Object({ shareCode: ShareCode }),
    data: Type.Object({
      sharer: Type.Object({ nickname: Type.String() }),
      sharerEarnedChance: Type.Boolean(),
    }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      'shareCodeInvalid',
      'selfAssist',
      'rainAssistedToday',
    ],
  },
  'rain.assists': {
    summary: 'My assists: the friends who helped me, newest first, and today’s count',
    querystring: CampaignQuery,
    data: Type.Object({
      campaign: CampaignView,
      shareCode: Type.String(),
      bonusChancesPerDay: Type.Integer(),
      today: Type.Integer(),
      helpers: Type.Array(
        Type.Object({ nickname: Type.String(), day: Type.String(), createdAt: Millis }),
      ),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, ...LOGGED_IN_READ],
  },
});
