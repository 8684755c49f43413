// People: users, relations (blacklist, mutelist) and friends, services user (3) and friend (12),
// and system messages (notify 4 and msg 7), which tell of friend and team requests and carry
// custom notifications. Shapes: shapes/people.ts.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, Accounts, Id, Time } from './common.ts';
import {
  CustomSysMsg,
  DeliveredCustomSysMsg,
  Friend,
  RelationChange,
  SysMsg,
  User,
  UserUpdate,
} from './shapes/people.ts';

export const peopleCommands = {
  markInBlacklist: command(3, 3, 'markInBlacklist', {
    request: Params({ account: Account, isAdd: Type.Boolean() }),
  }),
  relationChanged: push(3, 4, 'relationChanged', Params({ change: RelationChange })),
  markInMutelist: command(3, 5, 'markInMutelist', {
    request: Params({ account: Account, isAdd: Type.Boolean() }),
  }),
  getUsers: command(3, 7, 'getUsers', {
    request: Params({ accounts: Accounts(150) }),
    reply: Params({ users: Type.Array(User) }),
  }),
  getRelations: command(3, 8, 'getRelations', {
    reply: Params({ blacklist: Type.Array(Account), mutelist: Type.Array(Account) }),
  }),
  updateMyInfo: command(3, 10, 'updateMyInfo', {
    request: Params({ user: UserUpdate }),
    reply: Params({ user: User }),
  }),
  myInfoUpdated: push(3, 11, 'myInfoUpdated', Params({ user: User })),
  userUpdated: push(3, 12, 'userUpdated', Params({ user: User })),
  syncMyInfo: push(3, 13, 'syncMyInfo', Params({ user: User })),
  syncRelations: push(3, 14, 'syncRelations', Params({ changes: Type.Array(RelationChange) })),
  syncFriendUsers: push(3, 16, 'syncFriendUsers', Params({ users: Type.Array(User) })),

  friendRequest: command(12, 1, 'friendRequest', {
    request: Params({
      account: Account,
      type: Type.Integer({ minimum: 1, maximum: 4 }),
      ps: Type.Optional(Type.String({ maxLength: 5000 })),
      idServer: Type.Optional(Id),
    }),
  }),
  deleteFriend: command(12, 2, 'deleteFriend', {
    request: Params({ account: Account, delAlias: Type.Optional(Type.Boolean()) }),
  }),
  updateFriend: command(12, 3, 'updateFriend', {
    request: Params({
      account: Account,
      alias: Type.Optional(Type.String({ maxLength: 64 })),
      custom: Type.Optional(Type.String({ maxLength: 1024 })),
    }),
  }),
  getFriends: command(12, 4, 'getFriends', { reply: Params({ friends: Type.Array(Friend) }) }),
  /** Another device of this account, or the other side, changed a friendship. */
  friendChanged: push(
    12,
    5,
    'friendChanged',
    Params({
      action: Type.Union([
        Type.Literal('addFriend'),
        Type.Literal('passFriendApply'),
        Type.Literal('deleteFriend'),
        Type.Literal('updateFriend'),
      ]),
      friend: Friend,
    }),
  ),
  syncFriends: push(12, 6, 'syncFriends', Params({ friends: Type.Array(Friend) })),

  /** Marks system messages read (document 2: system messages start unread). */
  markRead: command(4, 3, 'markRead', {
    request: Params({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) }),
  }),
  syncOfflineSysMsgs: push(4, 6, 'syncOfflineSysMsgs', Params({ sysMsgs: Type.Array(SysMsg) })),
  sysMsgsRead: push(4, 22, 'sysMsgsRead', Params({ ids: Type.Array(Id) })),
  sysMsg: push(7, 3, 'sysMsg', Params({ sysMsg: SysMsg })),
  customSysMsg: push(7, 26, 'customSysMsg', Params({ sysMsg: DeliveredCustomSysMsg })),
  sendCustomSysMsg: command(7, 7, 'sendCustomSysMsg', {
    request: Params({ sysMsg: CustomSysMsg }),
    reply: Params({ idServer: Id, time: Time }),
  }),
};
