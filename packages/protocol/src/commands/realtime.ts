// Services signal (15) and the chatroom link (13 on its own connection). Declared so the table
// is whole; their handlers land with later issues and answer Not_Support until then.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, AnyMap, ClientId, Id } from './common.ts';

const Open = { request: AnyMap };
const ChannelCall = Params({
  channelId: Id,
  requestId: ClientId,
  account: Account,
  offlineEnabled: Type.Optional(Type.Boolean()),
  attachExt: Type.Optional(Type.String()),
  pushInfo: Type.Optional(AnyMap),
  uid: Type.Optional(Type.Integer()),
});
const room = (cid: number, name: string, options: Parameters<typeof command>[3] = Open) =>
  command(13, cid, name, { ...options, link: 'chatroom' });

export const realtimeCommands = {
  signalingCreate: command(15, 1, 'signalingCreate', {
    request: Params({
      type: Type.Integer({ minimum: 1 }),
      channelName: Type.Optional(Type.String()),
      ext: Type.Optional(Type.String()),
    }),
  }),
  signalingDelay: command(15, 2, 'signalingDelay', { request: Params({ channelId: Id }) }),
  signalingClose: command(15, 3, 'signalingClose', {
    request: Params({ channelId: Id, offlineEnabled: Type.Optional(Type.Boolean()) }),
  }),
  signalingJoin: command(15, 4, 'signalingJoin', {
    request: Params({
      channelId: Id,
      uid: Type.Optional(Type.Integer()),
      offlineEnabled: Type.Optional(Type.Boolean()),
    }),
  }),
  signalingLeave: command(15, 5, 'signalingLeave', {
    request: Params({ channelId: Id, offlineEnabled: Type.Optional(Type.Boolean()) }),
  }),
  signalingInvite: command(15, 6, 'signalingInvite', { request: ChannelCall }),
  signalingCancel: command(15, 7, 'signalingCancel', { request: ChannelCall }),
  signalingReject: command(15, 8, 'signalingReject', { request: ChannelCall }),
  signalingAccept: command(15, 9, 'signalingAccept', { request: ChannelCall }),
  signalingControl: command(15, 10, 'signalingControl', {
    request: Params({
      channelId: Id,
      account: Type.Optional(Account),
      attachExt: Type.Optional(Type.String()),
    }),
  }),
  signalingNotify: push(15, 11, 'signalingNotify', AnyMap),
  signalingMultiClientSync: push(15, 12, 'signalingMultiClientSync', AnyMap),
  signalingUnreadSync: push(15, 13, 'signalingUnreadSync', AnyMap),
  signalingChannelsSync: push(15, 14, 'signalingChannelsSync', AnyMap),
  signalingGetChannelInfo: command(15, 15, 'signalingGetChannelInfo', {
    request: Params({ channelName: Type.String({ minLength: 1 }) }),
  }),
  signalingCall: command(15, 16, 'signalingCall', {
    request: Params({ type: Type.Integer({ minimum: 1 }), requestId: ClientId, account: Account }),
  }),

  chatroomLogin: room(2, 'chatroomLogin', { request: AnyMap, preLogin: true }),
  chatroomKicked: push(13, 3, 'chatroomKicked', AnyMap, 'chatroom'),
  chatroomLogout: room(4, 'chatroomLogout'),
  chatroomSendMsg: room(6, 'chatroomSendMsg'),
  chatroomMsg: push(13, 7, 'chatroomMsg', AnyMap, 'chatroom'),
  chatroomGetMembers: room(8, 'chatroomGetMembers'),
  chatroomGetHistory: room(9, 'chatroomGetHistory'),
  chatroomMarkMember: room(11, 'chatroomMarkMember'),
  chatroomClose: room(12, 'chatroomClose'),
  chatroomGet: room(13, 'chatroomGet'),
  chatroomUpdate: room(14, 'chatroomUpdate'),
  chatroomUpdateMyInfo: room(15, 'chatroomUpdateMyInfo'),
  chatroomGetMembersInfo: room(16, 'chatroomGetMembersInfo'),
  chatroomKickMember: room(17, 'chatroomKickMember'),
  chatroomTempMute: room(19, 'chatroomTempMute'),
  chatroomQueueOffer: room(20, 'chatroomQueueOffer'),
  chatroomQueuePoll: room(21, 'chatroomQueuePoll'),
  chatroomQueueList: room(22, 'chatroomQueueList'),
  chatroomPeek: room(23, 'chatroomPeek'),
  chatroomDrop: room(24, 'chatroomDrop'),
  chatroomQueueChange: room(25, 'chatroomQueueChange'),
  chatroomSyncRobot: room(27, 'chatroomSyncRobot'),
};
