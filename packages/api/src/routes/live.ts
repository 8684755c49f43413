// The live room (issue 23, docs/live-pages.md, decision 0052): the sessions list, one session
// with its stream and chatroom, likes counted on the server, the host's live lottery (prizes of
// a campaign through the rewards kernel) and the HLS sample stream. The admin API makes sessions
// and names each one's host.
import { Type } from '@sinclair/typebox';
import { Instant, Key, Millis, Mobile, Nullable, StringEnum } from '../schemas/primitives.ts';
import { CampaignView, PrizeKind } from '../schemas/views.ts';
import { ADMIN, defineRoutes, LOGGED_IN, UNREADABLE } from './define.ts';

const SessionParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });

/** upcoming: before its start; live: on air; replay: ended, its recording playable. */
const LiveState = StringEnum(['upcoming', 'live', 'replay']);

const SessionView = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The cover picture (a URL of this site or https). */
  cover: Type.String(),
  hostNick: Type.String(),
  state: LiveState,
  startsAt: Millis,
  endsAt: Millis,
  likes: Type.Integer(),
  /** People in the room now (the chatroom's online count). */
  online: Type.Integer(),
  /** The campaign whose prizes the lottery gives ("my awards" reads it). */
  campaignId: Type.String(),
});

const Stream = Type.Object({
  /** ready: play `src`; preparing: a sample still being made (ask again); none: nothing to play. */
  state: StringEnum(['ready', 'preparing', 'none']),
  /** The HLS playlist (application/vnd.apple.mpegurl). */
  src: Type.String(),
});

const Winner = Type.Object({
  nick: Type.String(),
  /** The winner's mobile, masked (138****0001). */
  mobile: Type.String(),
});

const DrawView = Type.Object({
  id: Type.Integer(),
  prizeName: Type.String(),
  prizeImage: Type.String(),
  winners: Type.Array(Winner),
  drawnAt: Millis,
});

const LiveErrors = ['liveNotFound'] as const;

export const LIVE_ROUTES = defineRoutes({
  'live.sessions': {
    summary: 'Live sessions: on air first, then upcoming (soonest first), then replays',
    data: Type.Object({
      sessions: Type.Array(SessionView),
      /** The live room's prize campaign (`live`), null when there is none. */
      campaign: Nullable(CampaignView),
    }),
    errors: [],
  },
  'live.session': {
    summary: 'One live session: its stream, its chatroom, and the host’s tools for its host',
    params: SessionParams,
    data: Type.Object({
      session: SessionView,
      stream: Stream,
      room: Type.Object({
        appKey: Type.String(),
        chatroomId: Type.String(),
        /** The chatroom link's addresses, for `Chatroom.getInstance({ chatroomAddresses })`. */
        addresses: Type.Array(Type.String()),
      }),
      loggedIn: Type.Boolean(),
      /** The visitor is this session's host (a manager of its room, runs the lottery). */
      isHost: Type.Boolean(),
      /** The lottery's prizes with stock left (the host's only; empty for everyone else). */
      prizes: Type.Array(
        Type.Object({
          key: Type.String(),
          name: Type.String(),
          image: Type.String(),
          kind: PrizeKind,
          /** Left in stock; null: unlimited. */
          stock: Nullable(Type.Integer()),
        }),
      ),
    }),
    errors: [...UNREADABLE, ...LiveErrors],
  },
  'live.like': {
    summary: 'Taps on the heart, counted on the server and announced to the room in batches',
    params: SessionParams,
    // Open like every shopper body: the older wrapper adds its legacy fields (ut, platform…).
    body: Type.Object({
      count: Type.Integer({ minimum: 1, maximum: 50, description: 'taps since the last call' }),
    }),
    data: Type.Object({ likes: Type.Integer() }),
    errors: [...UNREADABLE, 'crossSiteRefused', 'tooManyRequests', ...LiveErrors, 'liveNotOnAir'],
  },
  'live.draw': {
    summary: 'The host draws winners of a prize among the logged-in viewers in the room now',
    params: SessionParams,
    body: Type.Object({
      prizeKey: Key,
      winners: Type.Integer({ minimum: 1, maximum: 20 }),
    }),
    data: DrawView,
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      'tooManyRequests',
      ...LiveErrors,
      'liveNotHost',
      'liveNotOnAir',
      'livePrizeNotFound',
      'livePrizeOutOfStock',
      'liveNoViewers',
      'campaignNotFound',
      'campaignNotStarted',
      'campaignEnded',
      'campaignPaused',
    ],
  },
  'live.draws': {
    summary: 'The session’s lottery draws, newest first (20)',
    params: SessionParams,
    data: Type.Object({ draws: Type.Array(DrawView) }),
    errors: [...UNREADABLE, ...LiveErrors],
  },
  'live.media': {
    summary: 'The sample HLS stream: its playlist (.m3u8) and MPEG-TS segments (.ts)',
    params: Type.Object({
      name: Type.String({ pattern: '^[a-z0-9-]{1,40}(\\.m3u8|\\.jpg|-[0-9]{3}\\.ts)$' }),
    }),
    reply: 'application/vnd.apple.mpegurl',
    data: Type.String(),
    errors: [...UNREADABLE, 'liveStreamNotFound', 'liveStreamPreparing'],
  },
  'admin.createLiveSession': {
    summary: 'Makes a live session with its chatroom; the host (by mobile) owns the room',
    body: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 40 }),
        /** A shopper who has logged in once: the session's host. */
        hostMobile: Mobile,
        startsAt: Instant,
        endsAt: Instant,
        /** `sample:<name>` for a sample made here, or an https:// HLS playlist. */
        stream: Type.String({
          pattern: '^(sample:[a-z0-9-]{1,40}|https://[^\\s]{1,490}\\.m3u8)$',
        }),
        /** An https:// picture, or a path of this site; the sample's poster when absent. */
        cover: Type.Optional(Type.String({ pattern: '^(https://|/)[^\\s]{1,490}$' })),
        /** The campaign whose prizes the lottery gives (default `live`). */
        campaign: Type.Optional(Key),
      },
      { additionalProperties: false },
    ),
    data: SessionView,
    errors: [
      ...UNREADABLE,
      ...ADMIN,
      'liveHostUnknown',
      'liveBadWindow',
      'liveStreamNotFound',
      'campaignNotFound',
      'chatUnavailable',
    ],
  },
  'admin.liveSessions': {
    summary: 'Every live session, newest start first',
    data: Type.Object({ sessions: Type.Array(SessionView) }),
    errors: [...ADMIN],
  },
});
