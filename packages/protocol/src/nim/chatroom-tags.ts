// NIM's tags of the chatroom link (service 13 on the room's own connection), read from the
// Chatroom SDK's serializeMap (NIM_Web_Chatroom_nodejs.js): kept apart from chatroom.ts so that
// tags.ts can list them without an import cycle.

/** NIM's chatroom login (13_2's second parameter); the token travels in the IM login beside it. */
export const CHATROOM_LOGIN_TAGS = {
  appKey: 1,
  account: 2,
  deviceId: 3,
  chatroomId: 5,
  appLogin: 8,
  chatroomNick: 20,
  chatroomAvatar: 21,
  chatroomCustom: 22,
  chatroomEnterCustom: 23,
  session: 26,
  isAnonymous: 38,
  /** The connection's tags, as JSON text of an array. */
  tags: 39,
  notifyTargetTags: 40,
  /** The connection's point for spatial messages (all three, or none) and its distance. */
  loc_x: 43,
  loc_y: 44,
  loc_z: 45,
  distance: 46,
} as const;

/** NIM's chatroom: the room's fields. */
export const CHATROOM_TAGS = {
  id: 1,
  name: 3,
  announcement: 4,
  broadcastUrl: 5,
  custom: 12,
  createTime: 14,
  updateTime: 15,
  queuelevel: 16,
  creator: 100,
  onlineMemberNum: 101,
  mute: 102,
} as const;

/** NIM's chatroom message: the text and every payload travel in `attach`, `body` stays empty. */
export const CHATROOM_MSG_TAGS = {
  idClient: 1,
  type: 2,
  attach: 3,
  custom: 4,
  resend: 5,
  fromNick: 7,
  fromAvatar: 8,
  fromCustom: 9,
  skipHistory: 12,
  body: 13,
  time: 20,
  from: 21,
  chatroomId: 22,
  fromClientType: 23,
  notifyTargetTags: 31,
  /** Where a spatial message was sent from. */
  loc_x: 34,
  loc_y: 35,
  loc_z: 36,
} as const;

/** NIM's chatroom member. */
export const CHATROOM_MEMBER_TAGS = {
  chatroomId: 1,
  account: 2,
  type: 3,
  level: 4,
  nick: 5,
  avatar: 6,
  custom: 7,
  online: 8,
  guest: 9,
  enterTime: 10,
  blacked: 12,
  gaged: 13,
  valid: 14,
  updateTime: 15,
  tempMuted: 16,
  tempMuteDuration: 17,
} as const;

/** NIM's updateTags (13_34): the connection's new tags (JSON text), target, notify, ext. */
export const CHATROOM_TAGS_UPDATE_TAGS = {
  tags: 1,
  notifyTargetTags: 2,
  needNotify: 3,
  ext: 4,
} as const;

/** NIM's getChatroomMembersByTag request (13_31). */
export const CHATROOM_TAG_MEMBER_REQ_TAGS = { tag: 1, time: 2, limit: 3 } as const;

/** NIM's updateTagMembersTempMute request (13_30). */
export const CHATROOM_TAG_MUTE_REQ_TAGS = {
  tag: 1,
  duration: 2,
  needNotify: 3,
  custom: 4,
  notifyTargetTags: 5,
} as const;

/** NIM's getHistoryMsgsByTags request (13_36): tags and types travel as JSON text of arrays. */
export const CHATROOM_TAG_HISTORY_REQ_TAGS = {
  tags: 1,
  types: 2,
  fromTime: 3,
  toTime: 4,
  limit: 5,
  reverse: 6,
} as const;

/** NIM's updateCoordinate request (13_33): the connection's point (all three, or none), distance. */
export const CHATROOM_COORDINATE_REQ_TAGS = { x: 1, y: 2, z: 3, distance: 4 } as const;
