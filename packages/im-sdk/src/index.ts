export { NIM } from './nim.ts';
export {
  Chatroom,
  type ChatroomOptions,
  type ChatroomMessage,
  type ChatroomDisconnectInfo,
  type QueueElement,
} from './chatroom.ts';
export type { NimOptions, NimCallbacks, LoginPortChange } from './options.ts';
export type { DisconnectInfo, LinkState, LoginReply } from './link/link.ts';
export { ImError } from '@morsel/protocol';
export type { ClientMsg, ClientSession, MsgStatus } from './model.ts';
export type { SessionMsgs } from './options.ts';
export type { ClientSysMsg, DeleteNotice, SysMsgUnread } from './model.ts';
export type { ClientBroadcastMsg } from './broadcasts/broadcasts-manager.ts';
export type {
  Collect,
  ExtrasChange,
  MsgKey,
  MsgPin,
  MsgPinWithMsg,
  QuickComment,
  QuickCommentsOfMsg,
  StickTopSession,
} from './extras/extras-manager.ts';
export type {
  SignalingChannel,
  SignalingEvents,
  SignalingMember,
  SignalingNotify,
} from './signalling/signalling-manager.ts';
export * from './files/index.ts';
