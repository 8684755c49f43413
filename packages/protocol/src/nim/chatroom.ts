// The chatroom link between NIM's wire and ours (service 13 on the room's own connection, and
// getChatroomAddress, 13_1, on the IM link). NIM's Chatroom SDK logs in with two property maps,
// its chatroom login and an IM login carrying the token; a message carries its text and every
// payload in `attach` (JSON text for a notification: `{id, data: {operator, opeNick, target,
// tarNick, ...}}`); a member's type is a number (-2 unset ... 4 anonymous). Our pushes batch a
// room's messages in one frame; NIM's 13_7 carries one message, so a batch goes as one packet each.
import type { ReplyOf } from '../commands/index.ts';
import type {
  ChatroomInfo,
  ChatroomMemberInfo,
  ChatroomMemberType,
  ChatroomMsgInfo,
} from '../commands/shapes/chatroom.ts';
import { MSG_TYPES } from '../commands/shapes/messaging.ts';
import type { NimDialect, NimParam } from './dialect.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { bool, int, num } from './values.ts';

/** NIM's member types by number (the Chatroom SDK's own table). */
const MEMBER_TYPE_NUMBERS: Record<ChatroomMemberType, number> = {
  unset: -2,
  restricted: -1,
  common: 0,
  owner: 1,
  manager: 2,
  guest: 3,
  anonymous: 4,
};

/** NIM's message types by our chatroom type names (the same numbers as the IM link's). */
const MSG_TYPE_NUMBERS: Record<ChatroomMsgInfo['type'], number> = {
  text: MSG_TYPES.text,
  image: MSG_TYPES.image,
  audio: MSG_TYPES.audio,
  video: MSG_TYPES.video,
  file: MSG_TYPES.file,
  geo: MSG_TYPES.geo,
  custom: MSG_TYPES.custom,
  tip: MSG_TYPES.tip,
  notification: MSG_TYPES.notification,
};

/** NIM's type number (as text) to our name; anything else stays, for the schema to refuse. */
function msgTypeOf(value: string | undefined): string | undefined {
  const found = (Object.keys(MSG_TYPE_NUMBERS) as ChatroomMsgInfo['type'][]).find(
    (name) => String(MSG_TYPE_NUMBERS[name]) === value,
  );
  return found ?? value;
}

export const chatroomToNim = (room: ChatroomInfo): NimProperty => toTags('chatroom', room);

/** NIM's three coordinates as our point: all three, or no point (NIM's SDK sends all or none). */
function pointFromNim(x: string | undefined, y: string | undefined, z: string | undefined) {
  if (x === undefined && y === undefined && z === undefined) return undefined;
  return { x: num(x), y: num(y), z: num(z) };
}

/**
 * Our member as NIM's. NIM's SDK shows every member flagged `guest` as type 'guest', so an
 * anonymous visitor goes without the flag, or the SDK could never show 'anonymous'.
 */
export const chatroomMemberToNim = (member: ChatroomMemberInfo): NimProperty =>
  toTags('chatroomMember', {
    ...member,
    type: MEMBER_TYPE_NUMBERS[member.type],
    guest: member.guest && member.type !== 'anonymous',
    valid: true,
  });

/** The queue changes NIM's Chatroom SDK reads from a notification's `queueChange` (its `_e`). */
const NIM_QUEUE_CHANGES = ['OFFER', 'POLL', 'DROP', 'PARTCLEAR', 'BATCH_UPDATE'];

/**
 * A queue change of ours (`data.type` with the element, or the elements changed or cleared) as
 * NIM's `queueChange`: JSON text `{_e, key, content}`, or `{_e, kvObject}` for many elements.
 */
function queueChangeToNim(data: Record<string, unknown>): string | undefined {
  const type = data.type;
  if (typeof type !== 'string' || !NIM_QUEUE_CHANGES.includes(type)) return undefined;
  if (type === 'PARTCLEAR' || type === 'BATCH_UPDATE')
    return JSON.stringify({ _e: type, kvObject: data.elements ?? {} });
  return JSON.stringify({
    _e: type,
    ...(data.elementKey !== undefined && { key: data.elementKey }),
    ...(data.elementValue !== undefined && { content: data.elementValue }),
  });
}

/** Our notification attach in NIM's layout (the Chatroom SDK reads `id` and `data`). */
function notificationToNim(attach: NonNullable<ChatroomMsgInfo['attach']>): string {
  const { duration, ...extras } = attach.data ?? {};
  const queueChange = queueChangeToNim(attach.data ?? {});
  return JSON.stringify({
    id: attach.id,
    data: {
      ...extras,
      ...(queueChange !== undefined && { queueChange }),
      operator: attach.from,
      opeNick: attach.fromNick,
      target: attach.to,
      tarNick: attach.toNick,
      ...(duration !== undefined && { muteDuration: duration }),
      ...(attach.custom !== undefined && { ext: attach.custom }),
    },
  });
}

/** Our room message as NIM's: the text, the payload or the notification in `attach`. */
export function chatroomMsgToNim(msg: ChatroomMsgInfo): NimProperty {
  const attach = msg.attach ? notificationToNim(msg.attach) : (msg.text ?? msg.content ?? '');
  const { location, ...rest } = msg;
  return toTags('chatroomMsg', {
    ...rest,
    type: MSG_TYPE_NUMBERS[msg.type],
    attach,
    body: '',
    ...(location && { loc_x: location.x, loc_y: location.y, loc_z: location.z }),
  });
}

/** A message a NIM client sends, as our chatroomSendMsg takes it (validated after). */
export function chatroomMsgFromNim(property: unknown): Record<string, unknown> {
  const f = fromTags('chatroomMsg', property);
  const type = msgTypeOf(f.type);
  const payload = f.attach === '' ? undefined : f.attach;
  return {
    idClient: f.idClient,
    type,
    ...(type === 'text' ? { text: payload } : { content: payload }),
    custom: f.custom === '' ? undefined : f.custom,
    resend: bool(f.resend),
    skipHistory: bool(f.skipHistory),
    notifyTargetTags: f.notifyTargetTags || undefined,
    location: pointFromNim(f.loc_x, f.loc_y, f.loc_z),
  };
}

/** NIM's tags travel as JSON text of an array; text that is not one stays, for the schema. */
function tagsFromNim(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const value = (q: readonly NimParam[], index: number) => {
  const v = q[index]?.v;
  return v === undefined || v === null ? undefined : String(v);
};

/** NIM's member list types: 0 fixed members, 1 and 3 visitors (newest or oldest first), 2 online fixed. */
function membersQueryFromNim(q: readonly NimParam[]) {
  const type = value(q, 0);
  const time = int(value(q, 1));
  return {
    guest: type === '1' || type === '3' ? true : type === '0' || type === '2' ? false : type,
    onlyOnline: type === '2' ? true : undefined,
    time: time === 0 ? undefined : time,
    limit: int(value(q, 2)),
  };
}

const members = (p: ReplyOf<'chatroomGetMembers'>) => [p.members.map(chatroomMemberToNim)];

/** The NIM dialect of chatrooms, spread into NIM_DIALECT (dialect.ts). */
export const CHATROOM_DIALECT = {
  getChatroomAddress: {
    request: (q) => ({ chatroomId: value(q, 0) }),
    // NIM's SDK takes host:port (its chatroomAddresses), and adds the scheme itself.
    reply: (p) => [p.address.map((address) => address.replace(/^[a-z]+:\/\//i, ''))],
  },
  chatroomLogin: {
    // [type, chatroom login, IM login]: the room and the visitor in the first, the token in the
    // second. An anonymous guest's account is the SDK's own invention: the server names guests.
    request: (q) => {
      const login = fromTags('chatroomLogin', q[1]?.v);
      const im = fromTags('login', q[2]?.v);
      const anonymous = bool(login.isAnonymous) === true;
      return {
        appKey: login.appKey,
        chatroomId: login.chatroomId,
        account: anonymous ? undefined : login.account,
        token: anonymous ? undefined : im.token,
        isAnonymous: anonymous || undefined,
        chatroomNick: login.chatroomNick || undefined,
        // NIM's SDK sends a single space as an anonymous guest's avatar.
        chatroomAvatar: login.chatroomAvatar?.trim() || undefined,
        chatroomCustom: login.chatroomCustom || undefined,
        clientType: int(im.clientType),
        deviceId: login.deviceId ?? im.deviceId,
        tags: tagsFromNim(login.tags),
        notifyTargetTags: login.notifyTargetTags || undefined,
        location: pointFromNim(login.loc_x, login.loc_y, login.loc_z),
        distance: num(login.distance),
      };
    },
    // NIM's third result is the room's CDN settings: none here.
    reply: (p) => [chatroomToNim(p.chatroom), chatroomMemberToNim(p.member), {}],
  },
  chatroomLogout: {},
  chatroomKicked: {
    push: (p) => [p.reason, p.custom ?? ''],
  },
  chatroomSendMsg: {
    request: (q) => ({ msg: chatroomMsgFromNim(q[0]?.v) }),
    reply: (p) => [chatroomMsgToNim(p.msg)],
  },
  chatroomMsg: {
    push: (p) => p.msgs.map((msg) => [chatroomMsgToNim(msg)]),
    eachPacket: true,
  },
  chatroomGetHistory: {
    request: (q) => {
      const timetag = int(value(q, 0));
      return {
        timetag: timetag === 0 ? undefined : timetag,
        limit: int(value(q, 1)),
        reverse: bool(value(q, 2)),
      };
    },
    reply: (p) => [p.msgs.map(chatroomMsgToNim)],
  },
  chatroomGetMembers: { request: membersQueryFromNim, reply: members },
  chatroomGetMembersInfo: {
    request: (q) => ({ accounts: q[0]?.v }),
    reply: members,
  },
  chatroomGet: { reply: (p) => [chatroomToNim(p.chatroom)] },
  // Identities: NIM's numbers are ours (manager 1, common 2, black -1, mute -2).
  chatroomMarkMember: {
    request: (q) => ({
      account: value(q, 0),
      identity: int(value(q, 1)),
      isAdd: bool(value(q, 2)),
      level: int(value(q, 3)),
      custom: value(q, 4) || undefined,
    }),
    reply: (p) => [chatroomMemberToNim(p.member)],
  },
  chatroomClose: { request: (q) => ({ custom: value(q, 0) || undefined }) },
  // NIM answers a room update with nothing (the change reaches everyone as a notification).
  chatroomUpdate: {
    request: (q) => {
      const f = fromTags('chatroom', q[0]?.v);
      return {
        chatroom: {
          name: f.name,
          announcement: f.announcement,
          broadcastUrl: f.broadcastUrl,
          custom: f.custom,
          queuelevel: int(f.queuelevel),
        },
        needNotify: bool(value(q, 1)),
        custom: value(q, 2) || undefined,
      };
    },
    reply: () => [],
  },
  chatroomUpdateMyInfo: {
    request: (q) => {
      const f = fromTags('chatroomMember', q[0]?.v);
      return {
        member: { nick: f.nick, avatar: f.avatar, custom: f.custom },
        needNotify: bool(value(q, 1)),
        custom: value(q, 2) || undefined,
        needSave: bool(value(q, 3)),
      };
    },
    reply: () => [],
  },
  chatroomKickMember: {
    request: (q) => ({ account: value(q, 0), custom: value(q, 1) || undefined }),
  },
  chatroomTempMute: {
    request: (q) => ({
      account: value(q, 0),
      duration: int(value(q, 1)),
      needNotify: bool(value(q, 2)),
      custom: value(q, 3) || undefined,
    }),
  },
  // The queue. NIM's queueInit is its 13_25, where ours changes one element (which NIM's SDK
  // never asks for); its batch queueChange is 13_26, as ours.
  // [elementKey, elementValue, transient, elementAccount]: NIM's SDK sends the account only when
  // the app names one.
  chatroomQueueOffer: {
    request: (q) => ({
      elementKey: value(q, 0),
      elementValue: value(q, 1),
      transient: bool(value(q, 2)),
      elementAccount: value(q, 3) || undefined,
    }),
  },
  chatroomQueuePoll: {
    request: (q) => ({ elementKey: value(q, 0) || undefined }),
    reply: (p) => [p.element.elementKey, p.element.elementValue],
  },
  // NIM's KVArray: one single-entry object per element, in queue order.
  chatroomQueueList: {
    reply: (p) => [p.elements.map((e) => ({ [e.elementKey]: e.elementValue }))],
  },
  chatroomPeek: { reply: (p) => [p.element.elementKey, p.element.elementValue] },
  chatroomDrop: {},
  chatroomQueueInit: {
    nimIds: [{ sid: 13, cid: 25 }],
    request: (q) => ({ limit: int(value(q, 0)) }),
  },
  // [elementMap (StrStrMap), needNotify, notifyExt]; NIM answers the keys not in the queue.
  chatroomQueueBatchUpdate: {
    request: (q) => ({
      elements: q[0]?.v,
      needNotify: bool(value(q, 1)) ?? false,
      custom: value(q, 2) || undefined,
    }),
    reply: (p) => [p.notInQueue],
  },
  // [chatRoomTagsUpdateTag]: NIM's SDK sends its tags as JSON text (none: no tags).
  chatroomUpdateTags: {
    request: (q) => {
      const f = fromTags('chatroomTagsUpdate', q[0]?.v);
      return {
        tags: tagsFromNim(f.tags),
        notifyTargetTags: f.notifyTargetTags,
        needNotify: bool(f.needNotify),
        custom: f.ext || undefined,
      };
    },
  },
  chatroomGetMembersByTag: {
    request: (q) => {
      const f = fromTags('chatroomTagMemberReq', q[0]?.v);
      const time = int(f.time);
      return { tag: f.tag, time: time === 0 ? undefined : time, limit: int(f.limit) };
    },
    reply: members,
  },
  chatroomTagTempMute: {
    request: (q) => {
      const f = fromTags('chatroomTagMuteReq', q[0]?.v);
      return {
        tag: f.tag,
        duration: int(f.duration),
        needNotify: bool(f.needNotify),
        custom: f.custom || undefined,
        notifyTargetTags: f.notifyTargetTags || undefined,
      };
    },
    reply: (p) => [p.time],
  },
  // [chatRoomTagHistoryMsgRequestTag]: tags and types as JSON text (types NIM's numbers),
  // reverse 0 or 1; the messages come back as history's do.
  chatroomGetHistoryByTags: {
    request: (q) => {
      const f = fromTags('chatroomTagHistoryReq', q[0]?.v);
      const types = tagsFromNim(f.types);
      const fromTime = int(f.fromTime);
      const toTime = int(f.toTime);
      return {
        tags: tagsFromNim(f.tags),
        types: Array.isArray(types)
          ? types.length === 0
            ? undefined
            : types.map((type) => msgTypeOf(String(type)))
          : types,
        fromTime: fromTime === 0 ? undefined : fromTime,
        toTime: toTime === 0 ? undefined : toTime,
        limit: int(f.limit),
        reverse: bool(f.reverse),
      };
    },
    reply: (p) => [p.msgs.map(chatroomMsgToNim)],
  },
  // [coordinateReq]: x, y, z (all or none) and distance; NIM answers nothing.
  chatroomUpdateCoordinate: {
    request: (q) => {
      const f = fromTags('chatroomCoordinateReq', q[0]?.v);
      return { location: pointFromNim(f.x, f.y, f.z), distance: num(f.distance) };
    },
  },
  chatroomGetMemberCountByTag: {
    request: (q) => ({ tag: value(q, 0) }),
    reply: (p) => [p.count],
  },
  // NIM's Chatroom SDK asks for robots as the user service's syncRobot (3_16) on the room's link.
  chatroomSyncRobot: {
    nimIds: [{ sid: 3, cid: 16 }],
    request: (q) => {
      const timetag = int(value(q, 0));
      return { timetag: timetag === 0 ? undefined : timetag };
    },
    reply: (p) => [p.robots],
  },
} satisfies NimDialect;
