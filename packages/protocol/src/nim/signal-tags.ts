// NIM's tags of signalling (service 15), read from the SDK's serializeMap: kept apart from
// signal.ts so that tags.ts can list them without an import cycle.

/** NIM's avSignalTag: the fields of every signalling command, answer and notification. */
export const AV_SIGNAL_TAGS = {
  type: 1,
  channelName: 2,
  channelId: 3,
  channelCreateTime: 4,
  channelExpireTime: 5,
  creator: 6,
  ext: 7,
  from: 10,
  to: 11,
  requestId: 12,
  needPush: 13,
  pushTitle: 14,
  pushContent: 15,
  pushPayload: 16,
  needBadge: 17,
  members: 18,
  attach: 19,
  attachExt: 20,
  isSave: 21,
  msgid: 22,
  uid: 23,
  time: 24,
} as const;

/** A channel member inside NIM's `members` JSON text. */
export const AV_SIGNAL_MEMBER_TAGS = { accid: 1, uid: 2, createTime: 3, expireTime: 4 } as const;
