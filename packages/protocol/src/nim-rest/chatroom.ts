// NIM's chatroom actions (/nimserver/chatroom/*.action): rooms an app's backend creates, runs and
// speaks in. An `operator` acts with its own rights in the room (docs/im-chatroom.md).
import { Type } from '@sinclair/typebox';
import { defineNimActions, NimBool, NoReply, strict } from './define.ts';

const Accid = Type.String({ minLength: 1, maxLength: 32 });
const RoomId = Type.String({ pattern: '^[0-9]{1,15}$', description: 'the room id' });
const Ext = Type.String({ maxLength: 4096 });
const QueueLevel = Type.Union([Type.Literal('0'), Type.Literal('1')], {
  description: '0 anyone in the room may change the queue, 1 only managers',
});
const RoomName = Type.String({ minLength: 1, maxLength: 128 });
const Announcement = Type.String({ maxLength: 4096 });
const BroadcastUrl = Type.String({ maxLength: 1024 });
const QueueKey = Type.String({ minLength: 1, maxLength: 128 });

/** NIM's msgType numbers a server may send into a room, by our message type. */
export const NIM_CHATROOM_MSG_TYPES = {
  '0': 'text',
  '1': 'image',
  '2': 'audio',
  '3': 'video',
  '4': 'geo',
  '6': 'file',
  '10': 'tip',
  '100': 'custom',
} as const;

/** At most this many pairs in one queueBatchUpdateElements. */
export const CHATROOM_QUEUE_BATCH_MAX = 200;

/** A room as NIM answers it. */
const Room = Type.Object({
  roomid: Type.Number(),
  valid: Type.Boolean(),
  muted: Type.Boolean(),
  announcement: Type.String(),
  name: Type.String(),
  broadcasturl: Type.String(),
  ext: Type.String(),
  creator: Type.String(),
  queuelevel: Type.Number(),
  onlineusercount: Type.Optional(Type.Number()),
});

const Notify = {
  needNotify: Type.Optional(NimBool),
  notifyExt: Type.Optional(Ext),
};

export const CHATROOM_ACTIONS = defineNimActions({
  'chatroom/create': {
    summary: 'Creates a room owned by `creator`',
    form: Type.Object(
      {
        creator: Accid,
        name: RoomName,
        announcement: Type.Optional(Announcement),
        broadcasturl: Type.Optional(BroadcastUrl),
        ext: Type.Optional(Ext),
        queuelevel: Type.Optional(QueueLevel),
      },
      strict,
    ),
    reply: Type.Object({ chatroom: Room }),
  },
  'chatroom/get': {
    summary: 'Reads a room, with its online count when asked',
    form: Type.Object({ roomid: RoomId, needOnlineUserCount: Type.Optional(NimBool) }, strict),
    reply: Type.Object({ chatroom: Room }),
  },
  'chatroom/update': {
    summary: "Changes a room's name, announcement, broadcast URL, ext or queue level",
    form: Type.Object(
      {
        roomid: RoomId,
        name: Type.Optional(RoomName),
        announcement: Type.Optional(Announcement),
        broadcasturl: Type.Optional(BroadcastUrl),
        ext: Type.Optional(Ext),
        queuelevel: Type.Optional(QueueLevel),
        ...Notify,
      },
      strict,
    ),
    reply: Type.Object({ chatroom: Room }),
  },
  'chatroom/toggleCloseStat': {
    summary: 'Closes (valid=false) or opens a room; only its creator may',
    form: Type.Object({ roomid: RoomId, operator: Accid, valid: NimBool }, strict),
    reply: Type.Object({ desc: Room }),
  },
  'chatroom/setMemberRole': {
    summary:
      'Makes `target` a manager (1), common member (2), blacklisted (-1) or muted (-2), or not',
    form: Type.Object(
      {
        roomid: RoomId,
        operator: Accid,
        target: Accid,
        opt: Type.Union(
          [Type.Literal('1'), Type.Literal('2'), Type.Literal('-1'), Type.Literal('-2')],
          { description: '1 manager, 2 common member, -1 blacklist, -2 mute' },
        ),
        optvalue: NimBool,
        notifyExt: Type.Optional(Ext),
      },
      strict,
    ),
    reply: Type.Object({
      desc: Type.Object({
        roomid: Type.Number(),
        level: Type.Number(),
        accid: Type.String(),
        type: Type.String({ description: 'CREATOR, MANAGER, COMMON, LIMITED, BLACK or MUTE' }),
      }),
    }),
  },
  'chatroom/requestAddr': {
    summary: "The addresses of the room's link, for `accid` to enter",
    form: Type.Object(
      {
        roomid: RoomId,
        accid: Accid,
        clienttype: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2')])),
        clientip: Type.Optional(Type.String({ maxLength: 64 })),
      },
      strict,
    ),
    reply: Type.Object({ addr: Type.Array(Type.String()) }),
  },
  'chatroom/sendMsg': {
    summary: 'Sends a message into the room as `fromAccid`',
    form: Type.Object(
      {
        roomid: RoomId,
        msgId: Type.String({ minLength: 1, maxLength: 128 }),
        fromAccid: Accid,
        msgType: Type.Union(
          Object.keys(NIM_CHATROOM_MSG_TYPES).map((t) => Type.Literal(t)),
          {
            description:
              '0 text, 1 image, 2 audio, 3 video, 4 location, 6 file, 10 tip, 100 custom',
          },
        ),
        attach: Type.Optional(Type.String({ maxLength: 4096 })),
        ext: Type.Optional(Type.String({ maxLength: 1024 })),
        resendFlag: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        skipHistory: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
      },
      strict,
    ),
    reply: Type.Object({
      desc: Type.Object({
        time: Type.String(),
        fromAvator: Type.String(),
        msgid_client: Type.String(),
        fromClientType: Type.String(),
        attach: Type.String(),
        roomId: Type.String(),
        fromAccount: Type.String(),
        fromNick: Type.String(),
        type: Type.String(),
        ext: Type.String(),
      }),
    }),
  },
  'chatroom/temporaryMute': {
    summary: 'Mutes `target` in the room for muteDuration seconds (0 lifts it)',
    form: Type.Object(
      {
        roomid: RoomId,
        operator: Accid,
        target: Accid,
        muteDuration: Type.String({ pattern: '^[0-9]{1,7}$' }),
        ...Notify,
      },
      strict,
    ),
    reply: Type.Object({ desc: Type.Object({ muteDuration: Type.Number() }) }),
  },
  'chatroom/muteRoom': {
    summary: 'Mutes the whole room (managers still speak) or lifts it',
    form: Type.Object({ roomid: RoomId, operator: Accid, mute: NimBool, ...Notify }, strict),
    reply: Type.Object({ desc: Type.Object({ success: Type.Boolean() }) }),
  },
  'chatroom/queueOffer': {
    summary: "Adds or replaces an element of the room's queue",
    form: Type.Object(
      {
        roomid: RoomId,
        key: QueueKey,
        value: Type.String({ maxLength: 4096 }),
        operator: Type.Optional(Accid),
        transient: Type.Optional(NimBool),
      },
      strict,
    ),
    reply: NoReply,
  },
  'chatroom/queuePoll': {
    summary: 'Takes an element (the given key, or the first) out of the queue',
    form: Type.Object({ roomid: RoomId, key: Type.Optional(QueueKey) }, strict),
    reply: Type.Object({ desc: Type.Object({ key: Type.String(), value: Type.String() }) }),
  },
  'chatroom/queueList': {
    summary: "Lists the room's queue in order",
    form: Type.Object({ roomid: RoomId }, strict),
    reply: Type.Object({
      desc: Type.Object({ list: Type.Array(Type.Record(Type.String(), Type.String())) }),
    }),
  },
  'chatroom/queueDrop': {
    summary: "Empties the room's queue",
    form: Type.Object({ roomid: RoomId }, strict),
    reply: NoReply,
  },
  'chatroom/queueInit': {
    summary: "Sets the most elements the room's queue holds (0-1000)",
    form: Type.Object(
      { roomid: RoomId, sizeLimit: Type.String({ pattern: '^(0|[1-9][0-9]{0,2}|1000)$' }) },
      strict,
    ),
    reply: NoReply,
  },
  'chatroom/queueBatchUpdateElements': {
    summary: `Changes the values of up to ${CHATROOM_QUEUE_BATCH_MAX} queue elements at once`,
    form: Type.Object(
      {
        roomid: RoomId,
        operator: Accid,
        elements: Type.String({
          minLength: 2,
          maxLength: CHATROOM_QUEUE_BATCH_MAX * (128 + 4096 + 8),
          description: `a JSON object of key to new value, 1 to ${CHATROOM_QUEUE_BATCH_MAX} pairs`,
        }),
        needNotify: Type.Optional(NimBool),
        notifyExt: Type.Optional(Type.String({ maxLength: 2048 })),
      },
      strict,
    ),
    reply: Type.Object({ desc: Type.Object({ notInQueue: Type.Array(Type.String()) }) }),
  },
});
