// The chatroom actions of the server REST API in NIM's convention (/nimserver/chatroom/*.action,
// form-encoded, CheckSum-signed), with NIM's parameter names and reply shapes. Every rule is the
// one the chatroom link applies (Rooms); an `operator` acts with its own rights.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ChatroomMsgInfo } from '@morsel/protocol';
import { CommandError } from '../gateway/index.ts';
import { NimError, type NimActions } from '../rest/index.ts';
import { parseRoomId } from './handlers.ts';
import type { Actor, RoomRef } from './rooms.ts';
import { NOT_FOUND } from './rooms.ts';
import type { ChatroomService } from './service.ts';
import type { RoomRow } from './store.ts';

const strict = { additionalProperties: false } as const;
const Bool = Type.Union([Type.Literal('true'), Type.Literal('false')], {
  description: 'true or false',
});
const Accid = Type.String({ minLength: 1, maxLength: 32 });
const RoomId = Type.String({ pattern: '^[0-9]{1,15}$' });
const Ext = Type.String({ maxLength: 4096 });
const QueueLevel = Type.Union([Type.Literal('0'), Type.Literal('1')]);

const forms = {
  create: Type.Object(
    {
      creator: Accid,
      name: Type.String({ minLength: 1, maxLength: 128 }),
      announcement: Type.Optional(Type.String({ maxLength: 4096 })),
      broadcasturl: Type.Optional(Type.String({ maxLength: 1024 })),
      ext: Type.Optional(Ext),
      queuelevel: Type.Optional(QueueLevel),
    },
    strict,
  ),
  get: Type.Object({ roomid: RoomId, needOnlineUserCount: Type.Optional(Bool) }, strict),
  update: Type.Object(
    {
      roomid: RoomId,
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      announcement: Type.Optional(Type.String({ maxLength: 4096 })),
      broadcasturl: Type.Optional(Type.String({ maxLength: 1024 })),
      ext: Type.Optional(Ext),
      needNotify: Type.Optional(Bool),
      notifyExt: Type.Optional(Ext),
      queuelevel: Type.Optional(QueueLevel),
    },
    strict,
  ),
  toggleCloseStat: Type.Object({ roomid: RoomId, operator: Accid, valid: Bool }, strict),
  setMemberRole: Type.Object(
    {
      roomid: RoomId,
      operator: Accid,
      target: Accid,
      opt: Type.Union([
        Type.Literal('1'),
        Type.Literal('2'),
        Type.Literal('-1'),
        Type.Literal('-2'),
      ]),
      optvalue: Bool,
      notifyExt: Type.Optional(Ext),
    },
    strict,
  ),
  requestAddr: Type.Object(
    {
      roomid: RoomId,
      accid: Accid,
      clienttype: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2')])),
      clientip: Type.Optional(Type.String({ maxLength: 64 })),
    },
    strict,
  ),
  sendMsg: Type.Object(
    {
      roomid: RoomId,
      msgId: Type.String({ minLength: 1, maxLength: 128 }),
      fromAccid: Accid,
      msgType: Type.Union(Object.keys(NIM_MSG_TYPES()).map((t) => Type.Literal(t))),
      attach: Type.Optional(Type.String({ maxLength: 4096 })),
      ext: Type.Optional(Type.String({ maxLength: 1024 })),
      resendFlag: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
      skipHistory: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    },
    strict,
  ),
  temporaryMute: Type.Object(
    {
      roomid: RoomId,
      operator: Accid,
      target: Accid,
      muteDuration: Type.String({ pattern: '^[0-9]{1,7}$' }),
      needNotify: Type.Optional(Bool),
      notifyExt: Type.Optional(Ext),
    },
    strict,
  ),
  muteRoom: Type.Object(
    {
      roomid: RoomId,
      operator: Accid,
      mute: Bool,
      needNotify: Type.Optional(Bool),
      notifyExt: Type.Optional(Ext),
    },
    strict,
  ),
  queueOffer: Type.Object(
    {
      roomid: RoomId,
      key: Type.String({ minLength: 1, maxLength: 128 }),
      value: Type.String({ maxLength: 4096 }),
      operator: Type.Optional(Accid),
      transient: Type.Optional(Bool),
    },
    strict,
  ),
  queuePoll: Type.Object(
    { roomid: RoomId, key: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) },
    strict,
  ),
  queueList: Type.Object({ roomid: RoomId }, strict),
  queueDrop: Type.Object({ roomid: RoomId }, strict),
  queueInit: Type.Object(
    { roomid: RoomId, sizeLimit: Type.String({ pattern: '^(0|[1-9][0-9]{0,2}|1000)$' }) },
    strict,
  ),
  queueBatchUpdateElements: Type.Object(
    {
      roomid: RoomId,
      operator: Accid,
      /** A JSON object of key to new value, at most 200 pairs (checked after parsing). */
      elements: Type.String({ minLength: 2, maxLength: 200 * (128 + 4096 + 8) }),
      needNotify: Type.Optional(Bool),
      notifyExt: Type.Optional(Type.String({ maxLength: 2048 })),
    },
    strict,
  ),
};

const MAX_BATCH_ELEMENTS = 200;

/** `elements` of queueBatchUpdateElements: an object of 1-200 keys (1-128) to values (<= 4096). */
function parseElements(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new NimError(414, 'elements is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new NimError(414, 'elements must be a JSON object of key to value');
  const entries = Object.entries(parsed);
  if (entries.length === 0 || entries.length > MAX_BATCH_ELEMENTS)
    throw new NimError(414, `elements must hold 1 to ${MAX_BATCH_ELEMENTS} pairs`);
  for (const [key, value] of entries) {
    if (key.length < 1 || key.length > 128) throw new NimError(414, 'a key is 1 to 128 characters');
    if (typeof value !== 'string' || value.length > 4096)
      throw new NimError(414, `the value of ${key} must be a string of at most 4096 characters`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** NIM's msgType numbers for the chatroom message types. */
function NIM_MSG_TYPES(): Record<string, ChatroomMsgInfo['type']> {
  return {
    '0': 'text',
    '1': 'image',
    '2': 'audio',
    '3': 'video',
    '4': 'geo',
    '6': 'file',
    '10': 'tip',
    '100': 'custom',
  };
}

/** NIM's reply shape of a room. */
function nimRoom(room: RoomRow, withCount = true) {
  return {
    roomid: room.id,
    valid: room.closed === 0,
    muted: room.muted === 1,
    announcement: room.announcement,
    name: room.name,
    broadcasturl: room.broadcast_url,
    ext: room.custom,
    creator: room.creator,
    queuelevel: room.queue_level,
    ...(withCount && { onlineusercount: room.online_count }),
  };
}

/** The chatroom's rules answer with CommandError; NIM's convention carries the same code. */
async function nim<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CommandError) throw new NimError(error.code, error.message);
    throw error;
  }
}

export function chatroomRestActions(
  service: ChatroomService,
  addresses: () => string[],
): NimActions {
  return (scope, appKeyOf) => {
    const action = <S extends TSchema>(
      name: keyof typeof forms,
      schema: S,
      handle: (appKey: string, body: Static<S>) => Promise<Record<string, unknown>>,
    ) =>
      scope.post<{ Body: Static<S> }>(
        `/nimserver/chatroom/${name}.action`,
        { schema: { body: schema } },
        async (request) => ({
          code: 200,
          ...(await nim(() => handle(appKeyOf(request), request.body))),
        }),
      );
    const refOf = (appKey: string, roomid: string): RoomRef => ({
      appKey,
      roomId: parseRoomId(roomid),
    });
    const operator = (accid: string): Actor => ({ accid });
    const rooms = service.rooms;

    action('create', forms.create, async (appKey, body) => {
      const room = await service.store.createRoom({
        appKey,
        creator: body.creator,
        name: body.name,
        ...(body.announcement !== undefined && { announcement: body.announcement }),
        ...(body.broadcasturl !== undefined && { broadcastUrl: body.broadcasturl }),
        ...(body.ext !== undefined && { custom: body.ext }),
        ...(body.queuelevel !== undefined && { queueLevel: Number(body.queuelevel) }),
      });
      return { chatroom: nimRoom(room, false) };
    });

    action('get', forms.get, async (appKey, body) => {
      const room = await service.store.room(appKey, parseRoomId(body.roomid));
      if (!room) throw NOT_FOUND();
      return { chatroom: nimRoom(room, body.needOnlineUserCount === 'true') };
    });

    action('update', forms.update, async (appKey, body) => {
      const room = await rooms.updateRoom(
        refOf(appKey, body.roomid),
        { server: true },
        {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.announcement !== undefined && { announcement: body.announcement }),
          ...(body.broadcasturl !== undefined && { broadcastUrl: body.broadcasturl }),
          ...(body.ext !== undefined && { custom: body.ext }),
          ...(body.queuelevel !== undefined && { queueLevel: Number(body.queuelevel) }),
        },
        {
          needNotify: body.needNotify === 'true',
          ...(body.notifyExt !== undefined && { custom: body.notifyExt }),
        },
      );
      return { chatroom: nimRoom(room, false) };
    });

    action('toggleCloseStat', forms.toggleCloseStat, async (appKey, body) => {
      const room = await rooms.setClosed(
        refOf(appKey, body.roomid),
        operator(body.operator),
        body.valid === 'false',
      );
      return { desc: nimRoom(room, false) };
    });

    action('setMemberRole', forms.setMemberRole, async (appKey, body) => {
      const row = await rooms.markMember(
        refOf(appKey, body.roomid),
        operator(body.operator),
        body.target,
        {
          identity: Number(body.opt) as 1 | 2 | -1 | -2,
          isAdd: body.optvalue === 'true',
          ...(body.notifyExt !== undefined && { custom: body.notifyExt }),
        },
      );
      const type = row.blacked ? 'BLACK' : row.gaged ? 'MUTE' : row.role.toUpperCase();
      return { desc: { roomid: row.room_id, level: row.level, accid: row.accid, type } };
    });

    action('requestAddr', forms.requestAddr, async (appKey, body) => {
      if (!service.available) throw new CommandError(415, 'no chatroom server is available');
      await rooms.openRoom(refOf(appKey, body.roomid));
      return { addr: addresses() };
    });

    action('sendMsg', forms.sendMsg, async (appKey, body) => {
      const ref = refOf(appKey, body.roomid);
      await rooms.openRoom(ref);
      const sender =
        (await service.store.member({ ...ref, accid: body.fromAccid })) ??
        (await service.store.changeMember({ ...ref, accid: body.fromAccid }, {}));
      const type = NIM_MSG_TYPES()[body.msgType]!;
      const msg = await rooms.send(
        ref,
        sender,
        {
          idClient: body.msgId,
          type,
          ...(body.attach !== undefined &&
            (type === 'text' || type === 'tip' ? { text: body.attach } : { content: body.attach })),
          ...(body.ext !== undefined && { custom: body.ext }),
          resend: body.resendFlag === '1',
          skipHistory: body.skipHistory === '1',
        },
        32,
      );
      return {
        desc: {
          time: String(msg.time),
          fromAvator: msg.fromAvatar,
          msgid_client: msg.idClient,
          fromClientType: 'REST',
          attach: body.attach ?? '',
          roomId: String(ref.roomId),
          fromAccount: msg.from,
          fromNick: msg.fromNick,
          type: body.msgType,
          ext: body.ext ?? '',
        },
      };
    });

    action('temporaryMute', forms.temporaryMute, async (appKey, body) => {
      const duration = Number(body.muteDuration);
      await rooms.tempMute(refOf(appKey, body.roomid), operator(body.operator), body.target, {
        duration,
        needNotify: body.needNotify !== 'false',
        ...(body.notifyExt !== undefined && { custom: body.notifyExt }),
      });
      return { desc: { muteDuration: duration } };
    });

    action('muteRoom', forms.muteRoom, async (appKey, body) => {
      await rooms.setMuted(
        refOf(appKey, body.roomid),
        operator(body.operator),
        body.mute === 'true',
        {
          needNotify: body.needNotify !== 'false',
          ...(body.notifyExt !== undefined && { custom: body.notifyExt }),
        },
      );
      return { desc: { success: true } };
    });

    action('queueOffer', forms.queueOffer, async (appKey, body) => {
      await rooms.queueOffer(
        refOf(appKey, body.roomid),
        body.operator ? operator(body.operator) : { server: true },
        { elementKey: body.key, elementValue: body.value, transient: body.transient === 'true' },
      );
      return {};
    });

    action('queuePoll', forms.queuePoll, async (appKey, body) => {
      const element = await rooms.queuePoll(refOf(appKey, body.roomid), { server: true }, body.key);
      return { desc: { key: element.elementKey, value: element.elementValue } };
    });

    action('queueList', forms.queueList, async (appKey, body) => {
      const elements = await rooms.queueList(refOf(appKey, body.roomid));
      return { desc: { list: elements.map((e) => ({ [e.elementKey]: e.elementValue })) } };
    });

    action('queueDrop', forms.queueDrop, async (appKey, body) => {
      await rooms.queueDrop(refOf(appKey, body.roomid), { server: true });
      return {};
    });

    action('queueInit', forms.queueInit, async (appKey, body) => {
      await rooms.queueInit(refOf(appKey, body.roomid), Number(body.sizeLimit));
      return {};
    });

    action('queueBatchUpdateElements', forms.queueBatchUpdateElements, async (appKey, body) => {
      const elements = parseElements(body.elements);
      const missing = await rooms.queueBatchUpdate(
        refOf(appKey, body.roomid),
        operator(body.operator) as { accid: string },
        elements,
        {
          needNotify: body.needNotify !== 'false',
          ...(body.notifyExt !== undefined && { custom: body.notifyExt }),
        },
      );
      return { desc: { notInQueue: missing } };
    });
  };
}
