// Chat in the app (issue 23, docs/chat-pages.md): a logged-in shopper's login to the IM cloud.
// The product API keeps one IM account per shopper in the default IM app, made on first use
// through the IM accounts service in process; the web app hands the answer to the IM SDK.
import { Type } from '@sinclair/typebox';
import { Millis, StringEnum } from '../schemas/primitives.ts';
import { defineRoutes, LOGGED_IN, LOGGED_IN_READ, UNREADABLE } from './define.ts';

/** A team id of the IM cloud. */
const TeamId = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });
/** An invite: its claims (base64url JSON) and the server's signature (base64url HMAC-SHA256). */
const InviteToken = Type.String({ pattern: '^[A-Za-z0-9_-]{8,200}\\.[A-Za-z0-9_-]{43}$' });

export const CHAT_ROUTES = defineRoutes({
  'chat.imLogin': {
    summary: 'The shopper’s IM login (app key, account, token) for the IM SDK',
    data: Type.Object({
      /** The default IM app's key (public; its secret never leaves the server). */
      appKey: Type.String(),
      /** The shopper's IM account (accid). */
      account: Type.String(),
      /**
       * The account's token: the same for every live session of the shopper, replaced when one
       * of them logs out (the IM connections made with the old one are closed at once).
       */
      token: Type.String(),
      /** The load balancer the SDK starts from (a path of this site). */
      lbsUrl: Type.String(),
      /** The name other chatters see. */
      nick: Type.String(),
    }),
    // Reads no input (the session is the cookie's): no unreadable-input codes.
    errors: [...LOGGED_IN, 'tooManyRequests', 'chatUnavailable', 'chatAccountBlocked'],
  },
  'chat.createTeamInvite': {
    summary: 'An invite link to a group chat, made by its owner or a manager (valid 7 days)',
    body: Type.Object({ teamId: TeamId }),
    data: Type.Object({
      teamId: Type.String(),
      token: Type.String(),
      expiresAt: Millis,
      /** The join page of this site: /activity/im/join?team=…&token=… */
      path: Type.String(),
    }),
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN,
      'tooManyRequests',
      'chatUnavailable',
      'chatAccountBlocked',
      'chatTeamNotFound',
      'chatNotTeamManager',
    ],
  },
  'chat.teamInvite': {
    summary: 'The group chat an invite link leads to, checked (signature, expiry, inviter)',
    params: Type.Object({ token: InviteToken }),
    data: Type.Object({
      teamId: Type.String(),
      name: Type.String(),
      avatar: Type.String(),
      intro: Type.String(),
      memberCount: Type.Integer(),
      /** How many members the team may have. */
      capacity: Type.Integer(),
      /** noVerify: join at once; needVerify: a manager approves; rejectAll: closed. */
      joinMode: StringEnum(['noVerify', 'needVerify', 'rejectAll']),
      inviterNick: Type.String(),
      expiresAt: Millis,
      /** The shopper is a member already. */
      joined: Type.Boolean(),
    }),
    errors: [
      ...UNREADABLE,
      ...LOGGED_IN_READ,
      'chatUnavailable',
      'chatAccountBlocked',
      'chatTeamNotFound',
      'chatInviteInvalid',
      'chatInviteExpired',
    ],
  },
});
