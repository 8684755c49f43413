// NIM's super-team reads and message actions (/nimserver/superteam/*.action): the team's profile
// and members, its message history as a member reads it, and sending, recalling and custom
// notifications as a member. The changes to the team itself are in team.ts.
import { Type } from '@sinclair/typebox';
import { defineNimActions, NimBool, NoReply, strict } from './define.ts';
import { AccidField, MillisField } from './fields.ts';
import { HISTORY_PAGE_MAX, NimHistoryMsg } from './history.ts';
import { MemberInfo, TEAM_QUERY_MAX, TeamInfo } from './team.ts';

/** NIM's getTlists page limit. */
export const SUPER_TEAM_MEMBERS_PAGE_MAX = 100;

const Tid = Type.String({ pattern: '^[0-9]{1,15}$', description: 'team id' });
const Limit = (max: number) =>
  Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: `1-${max}` });
const Reverse = (fallback: string) =>
  Type.Union([Type.Literal('1'), Type.Literal('2')], {
    description: `1 oldest first, 2 newest first (default ${fallback})`,
  });

/** The message types a super team takes from the server API (no tips, as NIM). */
const SuperTeamMsgType = Type.Union(
  ['0', '1', '2', '3', '4', '6', '100'].map((t) => Type.Literal(t)),
  { description: '0 text, 1 image, 2 audio, 3 video, 4 location, 6 file, 100 custom' },
);

export const SUPER_TEAM_MSG_ACTIONS = defineNimActions({
  'superteam/getTinfos': {
    summary: `The profiles of up to ${TEAM_QUERY_MAX} super teams`,
    form: Type.Object(
      { tids: Type.String({ minLength: 2, maxLength: 1024, description: 'JSON array of tids' }) },
      strict,
    ),
    reply: Type.Object({ tinfos: Type.Array(TeamInfo) }),
  },
  'superteam/getTlists': {
    summary: `A page of up to ${SUPER_TEAM_MEMBERS_PAGE_MAX} members by join time, after (reverse 1) or before (2) timetag`,
    form: Type.Object(
      {
        tid: Tid,
        timetag: MillisField,
        limit: Limit(SUPER_TEAM_MEMBERS_PAGE_MAX),
        reverse: Type.Optional(Reverse('1')),
      },
      strict,
    ),
    reply: Type.Object({
      tlists: Type.Array(
        Type.Composite([
          MemberInfo,
          Type.Object({
            tid: Type.Number(),
            /** NIM's member type: 0 ordinary, 1 owner, 2 manager. */
            type: Type.Number(),
          }),
        ]),
      ),
    }),
  },
  'superteam/queryHistoryMsg': {
    summary: "A page of a super team's messages as the member `accid` reads them",
    form: Type.Object(
      {
        tid: Tid,
        accid: AccidField,
        begintime: MillisField,
        endtime: MillisField,
        limit: Limit(HISTORY_PAGE_MAX),
        reverse: Type.Optional(Reverse('2')),
        type: Type.Optional(
          Type.String({
            pattern: '^[0-9]{1,3}(,[0-9]{1,3}){0,19}$',
            description: 'message types separated by commas, at most 20',
          }),
        ),
      },
      strict,
    ),
    reply: Type.Object({ size: Type.Number(), msgs: Type.Array(NimHistoryMsg) }),
  },
  'superteam/sendMsg': {
    summary: 'Sends a message to the super team as the member `fromAccid`',
    form: Type.Object(
      {
        tid: Tid,
        fromAccid: AccidField,
        type: SuperTeamMsgType,
        body: Type.String({ minLength: 1, maxLength: 5000 }),
        option: Type.Optional(Type.String({ maxLength: 1024 })),
        ext: Type.Optional(Type.String({ maxLength: 1024 })),
        pushContent: Type.Optional(Type.String({ maxLength: 500 })),
        pushPayload: Type.Optional(Type.String({ maxLength: 2048 })),
        isForcePush: Type.Optional(NimBool),
        forcePushContent: Type.Optional(Type.String({ maxLength: 500 })),
        forcePushAll: Type.Optional(NimBool),
        forcePushList: Type.Optional(Type.String({ maxLength: 20_000 })),
        // NIM parameters taken and without effect here (no anti-spam service, one copy address).
        antispam: Type.Optional(NimBool),
        antispamCustom: Type.Optional(Type.String({ maxLength: 5000 })),
        useYidun: Type.Optional(Type.String({ maxLength: 8 })),
        yidunAntiCheating: Type.Optional(Type.String({ maxLength: 1024 })),
        env: Type.Optional(Type.String({ maxLength: 32 })),
      },
      strict,
    ),
    reply: Type.Object({
      data: Type.Object({ msgid: Type.Number(), timetag: Type.Number(), antispam: Type.Boolean() }),
    }),
  },
  'superteam/recallMsg': {
    summary: 'Recalls a super-team message as its sender, within the recall window',
    form: Type.Object(
      {
        deleteMsgid: Type.String({ pattern: '^[0-9]{1,20}$', description: 'the msgid to recall' }),
        timetag: MillisField,
        from: AccidField,
        to: Tid,
        msg: Type.Optional(Type.String({ maxLength: 5000 })),
        // Taken and without effect: the window always applies; recalls are not pushed to phones.
        ignoreTime: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        pushContent: Type.Optional(Type.String({ maxLength: 500 })),
        pushPayload: Type.Optional(Type.String({ maxLength: 2048 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'superteam/sendAttachMsg': {
    summary: 'Sends a custom notification to the super team as the member `from`',
    form: Type.Object(
      {
        from: AccidField,
        to: Tid,
        attach: Type.String({ minLength: 1, maxLength: 4096 }),
        pushContent: Type.Optional(Type.String({ maxLength: 500 })),
        pushPayload: Type.Optional(Type.String({ maxLength: 2048 })),
        option: Type.Optional(Type.String({ maxLength: 1024 })),
        // Taken and without effect (no push sounds or forced pushes of notifications).
        sound: Type.Optional(Type.String({ maxLength: 30 })),
        isForcePush: Type.Optional(NimBool),
        forcePushContent: Type.Optional(Type.String({ maxLength: 500 })),
        forcePushAll: Type.Optional(NimBool),
        forcePushList: Type.Optional(Type.String({ maxLength: 20_000 })),
      },
      strict,
    ),
    reply: NoReply,
  },
});
