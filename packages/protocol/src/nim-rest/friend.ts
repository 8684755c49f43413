// NIM's friend actions (/nimserver/friend/*.action): an app's backend makes, answers, changes and
// ends friendships as one of its accounts, through the rules the account's own requests meet.
import { Type } from '@sinclair/typebox';
import { defineNimActions, NimBool, NoReply, strict } from './define.ts';
import { AccidField, MillisField } from './fields.ts';

/** NIM's limits of the friend fields. */
export const FRIEND_MSG_MAX = 256;
export const FRIEND_SERVEREX_MAX = 256;
// NIM allows 128; the alias is the one the IM link's updateFriend sets, at most 64 there.
export const FRIEND_ALIAS_MAX = 64;
export const FRIEND_EX_MAX = 256;

const Pair = { accid: AccidField, faccid: AccidField };

export const FRIEND_ACTIONS = defineNimActions({
  'friend/add': {
    summary:
      'As `accid`: adds `faccid` (type 1), applies (2), accepts (3) or rejects (4) its application',
    form: Type.Object(
      {
        ...Pair,
        type: Type.Union(
          ['1', '2', '3', '4'].map((t) => Type.Literal(t)),
          {
            description: '1 add directly, 2 apply, 3 accept an application, 4 reject it',
          },
        ),
        msg: Type.Optional(Type.String({ maxLength: FRIEND_MSG_MAX })),
        serverex: Type.Optional(Type.String({ maxLength: FRIEND_SERVEREX_MAX })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'friend/update': {
    summary: "Changes `accid`'s alias, ex or server data on its friend `faccid`",
    form: Type.Object(
      {
        ...Pair,
        alias: Type.Optional(Type.String({ maxLength: FRIEND_ALIAS_MAX })),
        ex: Type.Optional(Type.String({ maxLength: FRIEND_EX_MAX })),
        serverex: Type.Optional(Type.String({ maxLength: FRIEND_SERVEREX_MAX })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'friend/delete': {
    summary: 'Ends the friendship of `accid` and `faccid` (both sides)',
    form: Type.Object({ ...Pair, isDeleteAlias: Type.Optional(NimBool) }, strict),
    reply: NoReply,
  },
  'friend/get': {
    summary: "`accid`'s friends changed after updatetime",
    form: Type.Object(
      { accid: AccidField, updatetime: MillisField, createtime: Type.Optional(MillisField) },
      strict,
    ),
    reply: Type.Object({
      size: Type.Number(),
      friends: Type.Array(
        Type.Object({
          faccid: Type.String(),
          alias: Type.String(),
          ex: Type.String(),
          serverex: Type.String(),
          bidirection: Type.Boolean(),
          createtime: Type.Number(),
          updatetime: Type.Number(),
        }),
      ),
    }),
  },
});
