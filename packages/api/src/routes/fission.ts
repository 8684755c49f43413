// Red-packet fission (/activity/redPacketFission/*, docs/campaigns.md, decision 0029): a shopper
// opens a packet of points split into shares, keeps the first share and invites friends, each of
// whom takes the next share within the time limit; `newFission` is the new shoppers' packet with
// its own rules; `channel` attributes packets and helps to where the shopper came from.
import { Type } from '@sinclair/typebox';
import { Key, Millis, Nullable, StringEnum } from '../schemas/primitives.ts';
import { AwardView, CampaignView } from '../schemas/views.ts';
import { ADMIN, CAMPAIGN, defineRoutes, LOGGED_IN, RUNNING, UNREADABLE } from './define.ts';
import { CampaignQuery } from './which-campaign.ts';

/** Where a shopper came from (the channel page's `channel`, carried by share links). */
const Channel = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'source channel' });

const PacketToken = Type.String({
  pattern: '^[A-Za-z0-9]{16,32}$',
  description: 'the packet in a share link',
});

const PacketKind = StringEnum(['normal', 'new']);

const PacketRules = Type.Object({
  totalPoints: Type.Integer(),
  shares: Type.Integer(),
  minutes: Type.Integer(),
});

const FissionPacket = Type.Object({
  token: Type.String(),
  kind: PacketKind,
  /** The owner's nickname ('' unset); `mine` when the viewer owns it. */
  ownerName: Type.String(),
  mine: Type.Boolean(),
  totalPoints: Type.Integer(),
  shares: Type.Integer(),
  /** Shares taken, the owner's included. */
  taken: Type.Integer(),
  /** Points paid so far (never above totalPoints). */
  paid: Type.Integer(),
  createdAt: Millis,
  expiresAt: Millis,
  /** open (friends may help), full (every share taken), expired (time ran out first). */
  state: StringEnum(['open', 'full', 'expired']),
  /** Who took a share, in order (the owner first); mobiles masked. */
  helpers: Type.Array(
    Type.Object({
      name: Type.String(),
      points: Type.Integer(),
      at: Millis,
      owner: Type.Boolean(),
    }),
  ),
  /** The points the viewer took from this packet; null when none. */
  myPoints: Nullable(Type.Integer()),
});

const ShareCard = Type.Object({ title: Type.String(), image: Type.String() });

const WECHAT = ['wechatLoginOff', 'wechatIdentityRequired'] as const;

export const FISSION_ROUTES = defineRoutes({
  'fission.page': {
    summary:
      'Red-packet fission: the rules of both packets, my latest packets and what I may still do today',
    querystring: CampaignQuery,
    data: Type.Object({
      campaign: CampaignView,
      packet: PacketRules,
      newUser: Type.Object({ ...PacketRules.properties, accountAgeDays: Type.Integer() }),
      packetsPerDay: Type.Integer(),
      helpsPerDay: Type.Integer(),
      share: ShareCard,
      loggedIn: Type.Boolean(),
      /** My newest ordinary packet and my new-shopper packet (null: none, or logged out). */
      mine: Nullable(FissionPacket),
      myNew: Nullable(FissionPacket),
      /** Whether I may open the new-shopper packet (null logged out). */
      newUserEligible: Nullable(Type.Boolean()),
      packetsLeftToday: Nullable(Type.Integer()),
      helpsLeftToday: Nullable(Type.Integer()),
    }),
    errors: [...UNREADABLE, ...CAMPAIGN],
  },
  'fission.packet': {
    summary: "A friend's packet from a share link: its shares, helpers and whether I may help",
    querystring: CampaignQuery,
    params: Type.Object({ token: PacketToken }),
    data: Type.Object({
      campaign: CampaignView,
      packet: FissionPacket,
      loggedIn: Type.Boolean(),
      /** True when I may help now (logged in, not mine, not helped, open). */
      canHelp: Type.Boolean(),
      share: ShareCard,
    }),
    errors: [...UNREADABLE, ...CAMPAIGN, 'fissionPacketNotFound'],
  },
  'fission.open': {
    summary:
      'Opens a packet (ordinary, or the new-shopper one): split into shares, the first is mine',
    querystring: CampaignQuery,
    body: Type.Object({ kind: PacketKind, channel: Type.Optional(Channel) }),
    data: Type.Object({ packet: FissionPacket, award: AwardView }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      ...WECHAT,
      'fissionPacketDailyLimit',
      'fissionNotNewUser',
      'fissionNewUserUsed',
    ],
  },
  'fission.help': {
    summary: "Helps open a friend's packet: takes the next share (once per friend and packet)",
    querystring: CampaignQuery,
    params: Type.Object({ token: PacketToken }),
    body: Type.Object({ channel: Type.Optional(Channel) }),
    data: Type.Object({ packet: FissionPacket, points: Type.Integer(), award: AwardView }),
    errors: [
      ...UNREADABLE,
      ...RUNNING,
      ...LOGGED_IN,
      ...WECHAT,
      'fissionPacketNotFound',
      'fissionOwnPacket',
      'fissionPacketExpired',
      'fissionPacketFull',
      'fissionHelpedAlready',
      'fissionHelpDailyLimit',
    ],
  },
  'admin.fissionChannels': {
    summary: 'Per channel: packets opened, helps given and points paid',
    params: Type.Object({ id: Key }),
    data: Type.Object({
      channels: Type.Array(
        Type.Object({
          channel: Type.String(),
          packets: Type.Integer(),
          helps: Type.Integer(),
          points: Type.Integer(),
        }),
      ),
    }),
    errors: [...ADMIN, ...UNREADABLE, 'adminNotFound', 'adminBadConfig'],
  },
});
