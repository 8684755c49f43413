// The chatroom actions of the server REST API in NIM's convention (/nimserver/chatroom/*.action,
// form-encoded, CheckSum-signed), declared in the action table (@morsel/protocol/nim-rest,
// chatroom.ts) with NIM's parameter names and reply shapes. Every rule is the one the chatroom
// link applies (Rooms); an `operator` acts with its own rights.
import { MSG_TYPES, type ChatroomMsgInfo, type MsgTypeName } from '@morsel/protocol';
import {
  CHATROOM_QUEUE_BATCH_MAX,
  HISTORY_PAGE_MAX,
  NIM_CHATROOM_MSG_TYPES,
  type NimReplyOf,
} from '@morsel/protocol/nim-rest';
import { CommandError } from '../gateway/index.ts';
import { NimError, nimAction, type NimActions } from '../rest/index.ts';
import { parseRoomId } from './handlers.ts';
import type { Actor, RoomRef } from './rooms.ts';
import { NOT_FOUND } from './rooms.ts';
import type { ChatroomService } from './service.ts';
import type { RoomRow } from './store.ts';
import { storedMsg } from './views.ts';

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
  if (entries.length === 0 || entries.length > CHATROOM_QUEUE_BATCH_MAX)
    throw new NimError(414, `elements must hold 1 to ${CHATROOM_QUEUE_BATCH_MAX} pairs`);
  for (const [key, value] of entries) {
    if (key.length < 1 || key.length > 128) throw new NimError(414, 'a key is 1 to 128 characters');
    if (typeof value !== 'string' || value.length > 4096)
      throw new NimError(414, `the value of ${key} must be a string of at most 4096 characters`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

type NimHistoryMsg = NimReplyOf<'history/queryChatroomMsg'>['msgs'][number];

/** A room message as NIM's history answers it. */
function nimHistoryMsg(msg: ChatroomMsgInfo): NimHistoryMsg {
  return {
    from: msg.from,
    to: msg.chatroomId,
    msgid: Number(msg.idServer),
    msgidclient: msg.idClient,
    sendtime: msg.time,
    // The chatroom's types carry the same numbers as the IM link's (notification 5).
    type: MSG_TYPES[msg.type as MsgTypeName],
    body: msg.text ?? msg.content ?? '',
    ...(msg.attach !== undefined && { attach: JSON.stringify(msg.attach) }),
    ...(msg.custom !== undefined && { ext: msg.custom }),
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

export function chatroomRestActions(
  service: ChatroomService,
  addresses: () => string[],
): NimActions {
  return (scope, appKeyOf) => {
    const refOf = (appKey: string, roomid: string): RoomRef => ({
      appKey,
      roomId: parseRoomId(roomid),
    });
    const operator = (accid: string): Actor => ({ accid });
    const rooms = service.rooms;

    nimAction(scope, appKeyOf, 'chatroom/create', async ({ appKey, form: body }) => {
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

    nimAction(scope, appKeyOf, 'chatroom/get', async ({ appKey, form: body }) => {
      const room = await service.store.room(appKey, parseRoomId(body.roomid));
      if (!room) throw NOT_FOUND();
      return { chatroom: nimRoom(room, body.needOnlineUserCount === 'true') };
    });

    nimAction(scope, appKeyOf, 'chatroom/update', async ({ appKey, form: body }) => {
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

    nimAction(scope, appKeyOf, 'chatroom/toggleCloseStat', async ({ appKey, form: body }) => {
      const room = await rooms.setClosed(
        refOf(appKey, body.roomid),
        operator(body.operator),
        body.valid === 'false',
      );
      return { desc: nimRoom(room, false) };
    });

    nimAction(scope, appKeyOf, 'chatroom/setMemberRole', async ({ appKey, form: body }) => {
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

    nimAction(scope, appKeyOf, 'chatroom/requestAddr', async ({ appKey, form: body }) => {
      if (!service.available) throw new CommandError(415, 'no chatroom server is available');
      await rooms.openRoom(refOf(appKey, body.roomid));
      return { addr: addresses() };
    });

    nimAction(scope, appKeyOf, 'chatroom/sendMsg', async ({ appKey, form: body, request }) => {
      const ref = refOf(appKey, body.roomid);
      await rooms.openRoom(ref);
      const sender =
        (await service.store.member({ ...ref, accid: body.fromAccid })) ??
        (await service.store.changeMember({ ...ref, accid: body.fromAccid }, {}));
      const type = NIM_CHATROOM_MSG_TYPES[body.msgType as keyof typeof NIM_CHATROOM_MSG_TYPES];
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
        undefined,
        { ip: request.ip },
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

    nimAction(scope, appKeyOf, 'chatroom/temporaryMute', async ({ appKey, form: body }) => {
      const duration = Number(body.muteDuration);
      await rooms.tempMute(refOf(appKey, body.roomid), operator(body.operator), body.target, {
        duration,
        needNotify: body.needNotify !== 'false',
        ...(body.notifyExt !== undefined && { custom: body.notifyExt }),
      });
      return { desc: { muteDuration: duration } };
    });

    nimAction(scope, appKeyOf, 'chatroom/muteRoom', async ({ appKey, form: body }) => {
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

    nimAction(scope, appKeyOf, 'chatroom/queueOffer', async ({ appKey, form: body }) => {
      await rooms.queueOffer(
        refOf(appKey, body.roomid),
        body.operator ? operator(body.operator) : { server: true },
        { elementKey: body.key, elementValue: body.value, transient: body.transient === 'true' },
      );
      return {};
    });

    nimAction(scope, appKeyOf, 'chatroom/queuePoll', async ({ appKey, form: body }) => {
      const element = await rooms.queuePoll(refOf(appKey, body.roomid), { server: true }, body.key);
      return { desc: { key: element.elementKey, value: element.elementValue } };
    });

    nimAction(scope, appKeyOf, 'chatroom/queueList', async ({ appKey, form: body }) => {
      const elements = await rooms.queueList(refOf(appKey, body.roomid));
      return { desc: { list: elements.map((e) => ({ [e.elementKey]: e.elementValue })) } };
    });

    nimAction(scope, appKeyOf, 'chatroom/queueDrop', async ({ appKey, form: body }) => {
      await rooms.queueDrop(refOf(appKey, body.roomid), { server: true });
      return {};
    });

    nimAction(scope, appKeyOf, 'chatroom/queueInit', async ({ appKey, form: body }) => {
      await rooms.queueInit(refOf(appKey, body.roomid), { server: true }, Number(body.sizeLimit));
      return {};
    });

    nimAction(scope, appKeyOf, 'history/queryChatroomMsg', async ({ appKey, form: body }) => {
      const limit = Number(body.limit);
      if (limit > HISTORY_PAGE_MAX) throw new NimError(414, `limit is at most ${HISTORY_PAGE_MAX}`);
      const room = await service.store.room(appKey, parseRoomId(body.roomid));
      if (!room) throw NOT_FOUND();
      // NIM: 1 oldest first after timetag, 2 newest first before it (the default).
      const reverse = body.reverse === '1';
      const timetag = Number(body.timetag);
      const rows = await service.store.history(appKey, room.id, {
        reverse,
        timetag: timetag || (reverse ? 0 : Number.MAX_SAFE_INTEGER),
        limit,
      });
      const msgs = rows.map((row) => nimHistoryMsg(storedMsg(row)));
      return { size: msgs.length, msgs };
    });

    nimAction(
      scope,
      appKeyOf,
      'chatroom/queueBatchUpdateElements',
      async ({ appKey, form: body }) => {
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
      },
    );
  };
}
