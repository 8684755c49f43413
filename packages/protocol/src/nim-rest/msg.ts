// NIM's message actions (/nimserver/msg/*.action): an app's backend sends as one of its accounts.
import { Type } from '@sinclair/typebox';
import { defineNimActions, NimBool, NoReply, strict } from './define.ts';

const Accid = Type.String({ minLength: 1, maxLength: 32 });

/** NIM's message types a server may send: text, image, audio, video, location, file, tip, custom. */
export const NimMsgType = Type.Union(
  ['0', '1', '2', '3', '4', '6', '10', '100'].map((t) => Type.Literal(t)),
  { description: '0 text, 1 image, 2 audio, 3 video, 4 location, 6 file, 10 tip, 100 custom' },
);

/** What every send carries besides its addressees. */
export const MSG_CONTENT_FIELDS = {
  type: NimMsgType,
  body: Type.String({ minLength: 1, maxLength: 10_000 }),
  option: Type.Optional(Type.String({ maxLength: 1024 })),
  pushcontent: Type.Optional(Type.String({ maxLength: 500 })),
  payload: Type.Optional(Type.String({ maxLength: 2048 })),
  ext: Type.Optional(Type.String({ maxLength: 4096 })),
  returnMsgid: Type.Optional(NimBool),
  // NIM parameters taken and without effect here (no anti-spam service, no read marks by server).
  antispam: Type.Optional(NimBool),
  antispamCustom: Type.Optional(Type.String({ maxLength: 5000 })),
  bid: Type.Optional(Type.String({ maxLength: 128 })),
  useYidun: Type.Optional(Type.String({ maxLength: 8 })),
  markRead: Type.Optional(Type.String({ maxLength: 8 })),
};

/** NIM's broadcast body limit, and the longest a broadcast is kept for offline accounts. */
export const BROADCAST_BODY_MAX = 4096;
export const BROADCAST_TTL_MAX_HOURS = 336;
/** NIM's client kinds a broadcast may be limited to (targetOs). */
export const BROADCAST_TARGET_OS = ['ios', 'aos', 'pc', 'web', 'mac'] as const;

/** NIM's limit of a file uploaded through the server API (msg/upload, msg/fileUpload). */
export const REST_UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** NIM's shortest expiry of an uploaded file. */
export const REST_UPLOAD_MIN_EXPIRE_SECONDS = 86_400;

/** What both upload forms carry beside the content. */
const UPLOAD_FIELDS = {
  type: Type.Optional(
    Type.String({
      pattern: '^([A-Za-z0-9]{1,10}|[a-z]+/[A-Za-z0-9.+-]{1,60})$',
      description: 'the file type: an extension (jpg) or a MIME type (image/jpeg)',
    }),
  ),
  // Taken and without effect: the URL has the scheme of the server's public address.
  ishttps: Type.Optional(NimBool),
  expireSec: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,10}$', description: 'seconds, at least 86400' }),
  ),
  tag: Type.Optional(Type.String({ maxLength: 32 })),
};

/** NIM's per-call limit of sendBatchMsg. */
export const BATCH_RECIPIENTS_MAX = 500;

/** What every custom system notification (NIM's attach messages) carries besides addressees. */
const ATTACH_FIELDS = {
  attach: Type.String({ minLength: 1, maxLength: 4096 }),
  pushcontent: Type.Optional(Type.String({ maxLength: 500 })),
  payload: Type.Optional(Type.String({ maxLength: 2048 })),
  save: Type.Optional(
    Type.Union([Type.Literal('1'), Type.Literal('2')], {
      description: '1 online only, 2 kept for offline devices (the default)',
    }),
  ),
  option: Type.Optional(Type.String({ maxLength: 1024 })),
  // NIM parameters taken and without effect here (no system push sounds or forced pushes of
  // notifications, one copy address per app).
  sound: Type.Optional(Type.String({ maxLength: 30 })),
  isForcePush: Type.Optional(NimBool),
  forcePushContent: Type.Optional(Type.String({ maxLength: 500 })),
  env: Type.Optional(Type.String({ maxLength: 32 })),
};

export const MSG_ACTIONS = defineNimActions({
  'msg/sendMsg': {
    summary: 'Sends a message as `from`, one-to-one (ope 0) or to a team (ope 1)',
    form: Type.Object(
      {
        from: Accid,
        ope: Type.Union([Type.Literal('0'), Type.Literal('1')], {
          description: '0 one-to-one, 1 team',
        }),
        to: Type.String({ minLength: 1, maxLength: 32 }),
        forcepushlist: Type.Optional(Type.String({ maxLength: 20_000 })),
        forcepushcontent: Type.Optional(Type.String({ maxLength: 500 })),
        forcepushall: Type.Optional(NimBool),
        ...MSG_CONTENT_FIELDS,
      },
      strict,
    ),
    reply: Type.Object({
      data: Type.Object({ msgid: Type.Number(), timetag: Type.Number(), antispam: Type.Boolean() }),
    }),
  },
  'msg/sendBatchMsg': {
    summary: `Sends one message to up to ${BATCH_RECIPIENTS_MAX} accounts one-to-one`,
    form: Type.Object(
      {
        fromAccid: Accid,
        toAccids: Type.String({ minLength: 2, maxLength: 20_000 }),
        ...MSG_CONTENT_FIELDS,
      },
      strict,
    ),
    reply: Type.Object({
      /** JSON text: the accids that do not exist. */
      unregister: Type.String(),
      data: Type.Optional(
        Type.Object({
          timetag: Type.Number(),
          msgids: Type.Record(Type.String(), Type.Number()),
        }),
      ),
    }),
  },
  'msg/sendAttachMsg': {
    summary:
      'Sends a custom system notification as `from`, one-to-one (msgtype 0) or to a team (1)',
    form: Type.Object(
      {
        from: Accid,
        msgtype: Type.Union([Type.Literal('0'), Type.Literal('1')], {
          description: '0 one-to-one, 1 team',
        }),
        to: Type.String({ minLength: 1, maxLength: 32 }),
        ...ATTACH_FIELDS,
        forcePushAll: Type.Optional(NimBool),
        forcePushList: Type.Optional(Type.String({ maxLength: 20_000 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'msg/sendBatchAttachMsg': {
    summary: `Sends one custom system notification to up to ${BATCH_RECIPIENTS_MAX} accounts`,
    form: Type.Object(
      {
        fromAccid: Accid,
        toAccids: Type.String({ minLength: 2, maxLength: 20_000 }),
        ...ATTACH_FIELDS,
      },
      strict,
    ),
    reply: Type.Object({
      /** JSON text: the accids that do not exist. */
      unregister: Type.String(),
    }),
  },
  'msg/recall': {
    summary:
      'Recalls a message as its sender, within the recall window (type 7 one-to-one, 8 team)',
    form: Type.Object(
      {
        deleteMsgid: Type.String({ pattern: '^[0-9]{1,20}$', description: 'the msgid to recall' }),
        timetag: Type.String({ pattern: '^[0-9]{1,15}$', description: "the message's timetag" }),
        type: Type.Union([Type.Literal('7'), Type.Literal('8')], {
          description: '7 one-to-one, 8 team',
        }),
        from: Accid,
        to: Type.String({ minLength: 1, maxLength: 32 }),
        msg: Type.Optional(Type.String({ maxLength: 5000 })),
        // Taken and without effect: the window always applies; recalls are not pushed to phones.
        ignoreTime: Type.Optional(Type.Literal('1')),
        pushcontent: Type.Optional(Type.String({ maxLength: 500 })),
        payload: Type.Optional(Type.String({ maxLength: 2048 })),
        attach: Type.Optional(Type.String({ maxLength: 5000 })),
        env: Type.Optional(Type.String({ maxLength: 32 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'msg/delMsgOneWay': {
    summary:
      'Deletes a message for its receivers only (type 13 one-to-one, 14 team): the sender keeps it',
    form: Type.Object(
      {
        deleteMsgid: Type.String({ pattern: '^[0-9]{1,20}$', description: 'the msgid to delete' }),
        timetag: Type.String({ pattern: '^[0-9]{1,15}$', description: "the message's timetag" }),
        type: Type.Union([Type.Literal('13'), Type.Literal('14')], {
          description: '13 one-to-one, 14 team',
        }),
        from: Accid,
        to: Type.String({ minLength: 1, maxLength: 32 }),
        // Taken and without effect: a delete for oneself carries no description to the devices.
        msg: Type.Optional(Type.String({ maxLength: 5000 })),
      },
      strict,
    ),
    reply: NoReply,
  },
  'msg/delRoamSession': {
    summary:
      "Clears a session's messages before now for the account `from` (type 1 one-to-one, 2 team)",
    form: Type.Object(
      {
        type: Type.Union([Type.Literal('1'), Type.Literal('2')], {
          description: '1 one-to-one, 2 team',
        }),
        from: Accid,
        to: Type.String({ minLength: 1, maxLength: 32 }),
      },
      strict,
    ),
    reply: NoReply,
  },
  'msg/broadcastMsg': {
    summary:
      'Broadcasts to every account of the app: online devices at once, offline ones at their next sync while isOffline and ttl keep it',
    form: Type.Object(
      {
        body: Type.String({ minLength: 1, maxLength: BROADCAST_BODY_MAX }),
        from: Type.Optional(Accid),
        isOffline: Type.Optional(NimBool),
        ttl: Type.Optional(
          Type.String({
            pattern: '^[1-9][0-9]{0,2}$',
            description: `hours kept for offline accounts, 1-${BROADCAST_TTL_MAX_HOURS} (default 168)`,
          }),
        ),
        targetOs: Type.Optional(
          Type.String({
            maxLength: 64,
            description: `JSON array of client kinds: ${BROADCAST_TARGET_OS.join(', ')} (default all)`,
          }),
        ),
      },
      strict,
    ),
    reply: Type.Object({
      msg: Type.Object({
        broadcastId: Type.Number(),
        body: Type.String(),
        fromAccid: Type.Optional(Type.String()),
        isOffline: Type.Boolean(),
        ttl: Type.Optional(Type.Number()),
        targetOs: Type.Optional(Type.Array(Type.String())),
        createTime: Type.Number(),
        expireTime: Type.Optional(Type.Number()),
      }),
    }),
  },
  'msg/upload': {
    summary: 'Stores a file of up to 15 MB given as base64 text; answers its URL',
    form: Type.Object(
      {
        content: Type.String({
          minLength: 1,
          maxLength: Math.ceil(REST_UPLOAD_MAX_BYTES / 3) * 4,
          description: 'the bytes in base64',
        }),
        ...UPLOAD_FIELDS,
      },
      strict,
    ),
    reply: Type.Object({ url: Type.String() }),
  },
  'msg/fileUpload': {
    summary: 'Stores a file of up to 15 MB sent as multipart/form-data; answers its URL',
    form: Type.Object(
      {
        content: Type.Uint8Array({
          minByteLength: 1,
          maxByteLength: REST_UPLOAD_MAX_BYTES,
          description: 'the file part',
        }),
        ...UPLOAD_FIELDS,
      },
      strict,
    ),
    reply: Type.Object({ url: Type.String() }),
  },
});
