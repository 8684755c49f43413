// NIM's history actions (/nimserver/history/*.action): an app's backend reads stored messages of
// a one-to-one session or a team as one of its accounts sees them, or a chatroom's.
import { Type } from '@sinclair/typebox';
import { LIMITS } from '../constants.ts';
import { defineNimActions, strict } from './define.ts';
import { AccidField, MillisField } from './fields.ts';

/** How long an account's logins and logouts are kept for history/queryUserEvents. */
export const LOGIN_EVENTS_KEPT_DAYS = 30;

/** Messages per page, as the IM link's getHistoryMsgs. */
export const HISTORY_PAGE_MAX = LIMITS.historyMaxLimit;

const Limit = Type.String({
  pattern: '^[1-9][0-9]{0,2}$',
  description: `1-${HISTORY_PAGE_MAX} messages`,
});
const Reverse = Type.Union([Type.Literal('1'), Type.Literal('2')], {
  description: '1 oldest first, 2 newest first (default)',
});
/** NIM's `type`: message types separated by commas (0 text … 100 custom). */
const Types = Type.String({
  pattern: '^[0-9]{1,3}(,[0-9]{1,3}){0,19}$',
  description: 'message types separated by commas, at most 20',
});

/** A stored message as NIM's history answers it. */
export const NimHistoryMsg = Type.Object({
  from: Type.String(),
  to: Type.String(),
  msgid: Type.Number(),
  msgidclient: Type.String(),
  sendtime: Type.Number(),
  type: Type.Number(),
  /** The text (text and tip), the content (custom), or empty. */
  body: Type.String(),
  /** The file or location of the other types, as JSON text. */
  attach: Type.Optional(Type.String()),
  ext: Type.Optional(Type.String()),
});

const Page = Type.Object({ size: Type.Number(), msgs: Type.Array(NimHistoryMsg) });

const Window = {
  begintime: MillisField,
  endtime: MillisField,
  limit: Limit,
  reverse: Type.Optional(Reverse),
  type: Type.Optional(Types),
};

export const HISTORY_ACTIONS = defineNimActions({
  'history/querySessionMsg': {
    summary: 'A page of the one-to-one messages of `from` and `to`, as `from` sees them',
    form: Type.Object({ from: AccidField, to: AccidField, ...Window }, strict),
    reply: Page,
  },
  'history/queryTeamMsg': {
    summary: "A page of a team's messages as the member `accid` sees them",
    form: Type.Object(
      { tid: Type.String({ pattern: '^[0-9]{1,20}$' }), accid: AccidField, ...Window },
      strict,
    ),
    reply: Page,
  },
  'history/queryChatroomMsg': {
    summary: "A page of a chatroom's messages before (or, reverse 1, after) timetag",
    form: Type.Object(
      {
        roomid: Type.String({ pattern: '^[0-9]{1,15}$' }),
        accid: AccidField,
        timetag: MillisField,
        limit: Limit,
        reverse: Type.Optional(Reverse),
      },
      strict,
    ),
    reply: Page,
  },
  'history/queryUserEvents': {
    summary: `A page of up to ${HISTORY_PAGE_MAX} logins (eventType 2) and logouts (3) of an account, kept ${LOGIN_EVENTS_KEPT_DAYS} days`,
    form: Type.Object(
      {
        accid: AccidField,
        begintime: MillisField,
        endtime: MillisField,
        limit: Limit,
        reverse: Type.Optional(Reverse),
      },
      strict,
    ),
    reply: Type.Object({
      size: Type.Number(),
      events: Type.Array(
        Type.Object({
          accid: Type.String(),
          eventType: Type.Number(),
          timestamp: Type.Number(),
          clientType: Type.String(),
          clientIp: Type.String(),
          deviceId: Type.String(),
        }),
      ),
    }),
  },
});
