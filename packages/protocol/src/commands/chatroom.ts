// The chatroom: its address, asked on the IM link (service 13), and the chatroom link's own
// commands (13 on its own connection). Declared so the table is whole; their handlers land with
// the chatroom issue and answer Not_Support until then.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { AnyMap, Id } from './common.ts';

const Open = { request: AnyMap };
const room = (cid: number, name: string, options: Parameters<typeof command>[3] = Open) =>
  command(13, cid, name, { ...options, link: 'chatroom' });

export const chatroomCommands = {
  getChatroomAddress: command(13, 1, 'getChatroomAddress', {
    request: Params({ chatroomId: Id, ip: Type.Optional(Type.String()) }),
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
