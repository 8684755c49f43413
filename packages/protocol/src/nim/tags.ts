// NIM's numeric tags: how the official NIM Web SDK names each field of an entity on its JSON wire
// (property maps keyed by numbers, values as strings). These are facts of NIM's wire, read from
// the SDK's published builds (IM-REFERENCE.md); each map lists the fields this server speaks.
import {
  CHATROOM_LOGIN_TAGS,
  CHATROOM_MEMBER_TAGS,
  CHATROOM_MSG_TAGS,
  CHATROOM_TAGS,
  CHATROOM_TAG_MEMBER_REQ_TAGS,
  CHATROOM_COORDINATE_REQ_TAGS,
  CHATROOM_TAG_HISTORY_REQ_TAGS,
  CHATROOM_TAG_MUTE_REQ_TAGS,
  CHATROOM_TAGS_UPDATE_TAGS,
} from './chatroom-tags.ts';
import { DELETE_MSG_SELF_TAGS, SESSION_TAGS } from './deletes-tags.ts';
import { NOS_TOKEN_TAGS } from './files-tags.ts';
import { AV_SIGNAL_MEMBER_TAGS, AV_SIGNAL_TAGS } from './signal-tags.ts';

/** One entity's field names to NIM's tags. */
export type TagMap = Readonly<Record<string, number>>;

export const NIM_TAGS = {
  login: {
    clientType: 3,
    os: 4,
    sdkVersion: 6,
    appLogin: 8,
    protocolVersion: 9,
    deviceId: 13,
    appKey: 18,
    account: 19,
    customTag: 38,
    token: 1000,
  },
  loginRes: { customTag: 38, connectionId: 102, ip: 103, port: 104, loginTime: 109 },
  loginPort: {
    type: 3,
    os: 4,
    deviceId: 13,
    account: 19,
    customTag: 38,
    connectionId: 102,
    ip: 103,
    time: 109,
  },
  nosConfig: { cdnDomain: 2, expire: 3, objectNamePrefix: 4 },
  /** The sync request's timetags by category. */
  sync: {
    myInfo: 1,
    offlineMsgs: 2,
    teams: 3,
    roamingMsgs: 7,
    relations: 9,
    friends: 11,
    friendUsers: 13,
    msgReceipts: 14,
    myTeamMembers: 15,
    deleteMsg: 17,
    /**
     * NIM's `sessionAck` timetag (its read acks, syncSessionAck): our `sessions` category carries
     * the acks. NIM's own `sessions` (12) asks for its roaming-session list, which we do not keep.
     */
    sessions: 18,
    broadcastMsgs: 20,
    avSignal: 21,
    superTeams: 22,
    /** NIM's myInfoInSuperTeams, superTeamRoamingMsgs and superTeamSessionAck. */
    mySuperTeamMembers: 23,
    superTeamMsgs: 24,
    superTeamSessions: 26,
    /** NIM's own timetag of one-way deletes, which our `deleteMsg` category carries too. */
    deleteMsgSelf: 27,
    stickTopSessions: 28,
  },
  msg: {
    scene: 0,
    to: 1,
    from: 2,
    fromClientType: 4,
    fromDeviceId: 5,
    fromNick: 6,
    time: 7,
    type: 8,
    body: 9,
    attach: 10,
    idClient: 11,
    idServer: 12,
    resend: 13,
    custom: 15,
    pushPayload: 16,
    pushContent: 17,
    needMsgReceipt: 26,
    needUpdateSession: 28,
    isHistoryable: 100,
    isRoamingable: 101,
    isSyncable: 102,
    cc: 105,
    isPushable: 107,
    isOfflinable: 108,
    isUnreadable: 109,
    needPushNick: 110,
  },
  team: {
    teamId: 1,
    name: 3,
    type: 4,
    owner: 5,
    level: 6,
    valid: 8,
    memberNum: 9,
    memberUpdateTime: 10,
    createTime: 11,
    updateTime: 12,
    validToCurrentUser: 13,
    intro: 14,
    announcement: 15,
    joinMode: 16,
    custom: 18,
    avatar: 20,
    beInviteMode: 21,
    inviteMode: 22,
    updateTeamMode: 23,
    updateCustomMode: 24,
    mute: 100,
    muteType: 101,
  },
  teamMember: {
    teamId: 1,
    account: 3,
    type: 4,
    nickInTeam: 5,
    /** The member's notification setting (muteNotiType; bit 1: the team muted). */
    bits: 7,
    active: 8,
    valid: 9,
    joinTime: 10,
    updateTime: 11,
    custom: 12,
    mute: 13,
    invitorAccid: 14,
  },
  /** A super team's member: the team member's fields, the join time under its own tag. */
  superTeamMember: {
    teamId: 1,
    account: 3,
    type: 4,
    nickInTeam: 5,
    bits: 7,
    active: 8,
    valid: 9,
    updateTime: 11,
    custom: 12,
    mute: 13,
    invitorAccid: 14,
    joinTime: 15,
  },
  friend: {
    account: 4,
    flag: 5,
    beflag: 6,
    source: 7,
    alias: 8,
    bits: 9,
    custom: 10,
    createTime: 11,
    updateTime: 12,
    serverex: 13,
  },
  user: {
    account: 1,
    nick: 3,
    avatar: 4,
    sign: 5,
    gender: 6,
    email: 7,
    birth: 8,
    tel: 9,
    custom: 10,
    createTime: 12,
    updateTime: 13,
  },
  /** deleteFriend's options. */
  delFriendParams: { delAlias: 1 },
  msgEvent: {
    type: 1,
    value: 2,
    idClient: 3,
    custom: 4,
    validTime: 5,
    broadcastType: 6,
    sync: 7,
    time: 10,
    clientType: 12,
    serverConfig: 13,
    account: 103,
  },
  msgEventSubscribe: { type: 1, subscribeTime: 2, sync: 3, to: 102, from: 104, time: 105 },
  /** A one-to-one read receipt: `to` the peer, `time` the newest message read. */
  msgReceipt: { to: 1, from: 2, time: 7, idClient: 11 },
  /** A team message's read counts (and, in a request, the message: team id and server id). */
  teamMsgReceipt: { teamId: 0, idServer: 1, read: 100, unread: 101, idClient: 102, account: 103 },
  /** System messages, recall notices among them. */
  sysMsg: {
    time: 0,
    type: 1,
    to: 2,
    from: 3,
    ps: 4,
    attach: 5,
    idServer: 6,
    sendToOnlineUsersOnly: 7,
    apnsText: 8,
    pushPayload: 9,
    deletedIdClient: 10,
    deletedIdServer: 11,
    deletedMsgTime: 14,
    deletedMsgFromNick: 15,
    opeAccount: 16,
    idClient: 23,
    cc: 105,
    isPushable: 107,
    isUnreadable: 109,
    needPushNick: 110,
  },
  avSignal: AV_SIGNAL_TAGS,
  avSignalMember: AV_SIGNAL_MEMBER_TAGS,
  nosToken: NOS_TOKEN_TAGS,
  chatroomLogin: CHATROOM_LOGIN_TAGS,
  chatroom: CHATROOM_TAGS,
  chatroomMsg: CHATROOM_MSG_TAGS,
  chatroomMember: CHATROOM_MEMBER_TAGS,
  session: SESSION_TAGS,
  deleteMsgSelfTag: DELETE_MSG_SELF_TAGS,
  chatroomTagsUpdate: CHATROOM_TAGS_UPDATE_TAGS,
  chatroomTagMemberReq: CHATROOM_TAG_MEMBER_REQ_TAGS,
  chatroomTagMuteReq: CHATROOM_TAG_MUTE_REQ_TAGS,
  chatroomTagHistoryReq: CHATROOM_TAG_HISTORY_REQ_TAGS,
  chatroomCoordinateReq: CHATROOM_COORDINATE_REQ_TAGS,
  /** A broadcast message (7_17 and the sync's 4_16); fromUid is NIM's numeric user id, unused. */
  broadcastMsg: { broadcastId: 1, fromAccid: 2, fromUid: 3, timestamp: 4, body: 5 },
} as const satisfies Record<string, TagMap>;

export type NimEntity = keyof typeof NIM_TAGS;

/** A property map as it travels: tags to string values. */
export type NimProperty = Record<string, string>;

/** Reads a property map into field names; unknown tags are left out. Values stay strings. */
export function fromTags(entity: NimEntity, property: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!property || typeof property !== 'object' || Array.isArray(property)) return out;
  const map: TagMap = NIM_TAGS[entity];
  for (const [name, tag] of Object.entries(map)) {
    const value = (property as Record<string, unknown>)[String(tag)];
    if (value === undefined || value === null) continue;
    out[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** Writes named fields as a property map of strings (NIM's server sends every value as text). */
export function toTags(entity: NimEntity, fields: Record<string, unknown>): NimProperty {
  const out: NimProperty = {};
  const map: TagMap = NIM_TAGS[entity];
  for (const [name, tag] of Object.entries(map)) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    out[String(tag)] = typeof value === 'string' ? value : stringOf(value);
  }
  return out;
}

function stringOf(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}
