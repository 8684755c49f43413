// The chatroom link's commands. Login puts the connection in its room; every other command acts
// in that room, as that member, through Rooms (rules) and the store.
import { randomBytes } from 'node:crypto';
import {
  CHATROOM_MEMBER_LIST_DEFAULT_LIMIT,
  type CommandName,
  type ReplyOf,
  type RequestOf,
} from '@morsel/protocol';
import { CommandError, loginThrottleKey, type ImConnection } from '../gateway/index.ts';
import type { RoomMember } from './fanout.ts';
import { NOT_FOUND, type RoomRef } from './rooms.ts';
import type { ChatroomService } from './service.ts';
import { checkedTags, optionalTarget, presenceTarget } from './tags.ts';
import { storedMsg, toChatroom, toMember } from './views.ts';

export interface RoomSession extends RoomRef {
  accid: string;
  clientType: number;
  member: RoomMember;
}

interface LoginContext {
  connection: ImConnection;
  service: ChatroomService;
}
interface RoomContext extends LoginContext {
  room: RoomSession;
}

export type ChatroomHandlers = {
  [N in CommandName]?: (
    context: N extends 'chatroomLogin' ? LoginContext : RoomContext,
    params: RequestOf<N>,
  ) => Promise<ReplyOf<N> | void>;
};

/** Refused logins one connection may make before it is closed. */
const MAX_FAILED_LOGINS = 3;
const HISTORY_DEFAULT_LIMIT = 100;

/** Room ids are the rooms' row numbers; anything else names no room. */
export function parseRoomId(chatroomId: string): number {
  if (!/^[0-9]{1,15}$/.test(chatroomId)) throw NOT_FOUND();
  return Number(chatroomId);
}

function refuseFurtherGuesses(connection: ImConnection): void {
  if (++connection.failedLogins >= MAX_FAILED_LOGINS)
    connection.onAfterReply(() => connection.close('too many failed chatroom logins'));
}

export const chatroomHandlers: ChatroomHandlers = {
  async chatroomLogin({ connection, service }, params) {
    if (connection.session) throw new CommandError(417, 'this connection is already in a chatroom');
    const ref = { appKey: params.appKey, roomId: parseRoomId(params.chatroomId) };
    let accid: string;
    let nick: string;
    if (params.isAnonymous) {
      if (!params.chatroomNick)
        throw new CommandError(414, 'an anonymous guest needs chatroomNick');
      // The server names anonymous guests, so no one can enter anonymously as a real account.
      accid = `anon_${randomBytes(10).toString('hex')}`;
      nick = params.chatroomNick;
    } else {
      if (!params.account || !params.token)
        throw new CommandError(414, 'account and token are required unless isAnonymous');
      // The IM login's throttle, by account and address, before the token is looked up.
      const throttleKey = loginThrottleKey(params.appKey, params.account);
      const blocked = service.loginThrottle?.blockedFor(throttleKey, connection.ip) ?? 0;
      if (blocked > 0) {
        refuseFurtherGuesses(connection);
        throw new CommandError(416, `too many failed logins: retry in ${blocked} s`, {
          duration: blocked,
        });
      }
      const verdict = await service.verifier.verifyLogin(
        params.appKey,
        params.account,
        params.token,
      );
      if (!verdict.ok) {
        if (verdict.code === 302) service.loginThrottle?.failed(throttleKey, connection.ip);
        refuseFurtherGuesses(connection);
        throw new CommandError(verdict.code);
      }
      service.loginThrottle?.succeeded(throttleKey);
      accid = verdict.account.accid;
      nick = params.chatroomNick ?? verdict.account.name ?? accid;
    }
    const tags = checkedTags(params.tags);
    const notifyTargetTags = optionalTarget(params.notifyTargetTags);
    const room = await service.rooms.openRoom(ref);
    const existing = await service.store.member({ ...ref, accid });
    if (existing?.blacked) throw new CommandError(13003, 'in the chatroom blacklist');
    const member = await service.enter(
      connection,
      ref,
      { accid, clientType: params.clientType, deviceId: params.deviceId },
      {
        nick,
        avatar: params.chatroomAvatar ?? '',
        custom: params.chatroomCustom ?? '',
        anonymous: params.isAnonymous ?? false,
      },
      {
        tags,
        ...(notifyTargetTags !== undefined && { notifyTargetTags }),
        ...(params.location !== undefined && { location: params.location }),
        ...(params.distance !== undefined && { distance: params.distance }),
      },
    );
    await service.tagStore.setTags({ ...ref, accid }, tags);
    const session = service.sessionOf(connection);
    await service.rooms.notify(ref, 301, {
      from: accid,
      ...(session && presenceTarget(session.member)),
    });
    return {
      chatroom: toChatroom({ ...room, online_count: room.online_count + 1 }),
      member: toMember(member, service.rooms.now()),
    };
  },

  async chatroomLogout({ connection }) {
    connection.onAfterReply(() => connection.close('chatroom logout'));
  },

  async chatroomSendMsg({ service, room, connection }, { msg }) {
    const sender = await service.store.member(room);
    if (!sender) throw new CommandError(13002, 'chatroom state abnormal: not in the room');
    const mutedTags = await service.tagStore.mutedTags(
      room.appKey,
      room.roomId,
      [...room.member.tags],
      service.rooms.now(),
    );
    if (mutedTags.length > 0)
      throw new CommandError(13004, `in the chatroom mute list (tag ${mutedTags[0]})`);
    // The message's target, else the sender's login's, else the whole room.
    const target = optionalTarget(msg.notifyTargetTags) ?? room.member.notifyTargetTags;
    return {
      msg: await service.rooms.send(room, sender, msg, room.clientType, target, {
        ip: connection.ip,
      }),
    };
  },

  async chatroomGetHistory({ service, room }, params) {
    const reverse = params.reverse ?? false;
    const rows = await service.store.history(room.appKey, room.roomId, {
      reverse,
      timetag: params.timetag || (reverse ? 0 : Number.MAX_SAFE_INTEGER),
      limit: params.limit ?? HISTORY_DEFAULT_LIMIT,
    });
    return { msgs: rows.map(storedMsg) };
  },

  async chatroomGetHistoryByTags({ service, room }, params) {
    const from = params.fromTime ?? 0;
    const to = params.toTime || service.rooms.now();
    if (to < from) throw new CommandError(414, 'toTime must not be before fromTime');
    const rows = await service.store.historyByTags(room.appKey, room.roomId, {
      tags: params.tags,
      types: params.types ?? [],
      from,
      to,
      limit: params.limit ?? HISTORY_DEFAULT_LIMIT,
      reverse: params.reverse ?? false,
    });
    return { msgs: rows.map(storedMsg) };
  },

  async chatroomGetMembers({ service, room }, params) {
    const rows = await service.store.listMembers(room.appKey, room.roomId, {
      guest: params.guest,
      onlyOnline: params.onlyOnline ?? false,
      before: params.time || Number.MAX_SAFE_INTEGER,
      limit: params.limit ?? CHATROOM_MEMBER_LIST_DEFAULT_LIMIT,
    });
    const now = service.rooms.now();
    return { members: rows.map((row) => toMember(row, now)) };
  },

  async chatroomGetMembersInfo({ service, room }, { accounts }) {
    const rows = await service.store.members(room.appKey, room.roomId, accounts);
    const now = service.rooms.now();
    return { members: rows.map((row) => toMember(row, now)) };
  },

  async chatroomMarkMember({ service, room }, params) {
    const row = await service.rooms.markMember(room, { accid: room.accid }, params.account, {
      identity: params.identity,
      isAdd: params.isAdd,
      ...(params.level !== undefined && { level: params.level }),
      ...(params.custom !== undefined && { custom: params.custom }),
    });
    return { member: toMember(row, service.rooms.now()) };
  },

  async chatroomClose({ connection, service, room }, { custom }) {
    await service.rooms.setClosed(room, { accid: room.accid }, true, {
      ...(custom !== undefined && { custom }),
      spare: connection.id,
    });
    connection.onAfterReply(() =>
      service.kick(room.member, {
        t: 'kick',
        reason: 'chatroomClosed',
        ...(custom !== undefined && { custom }),
      }),
    );
  },

  async chatroomGet({ service, room }) {
    const row = await service.store.room(room.appKey, room.roomId);
    if (!row) throw NOT_FOUND();
    return { chatroom: toChatroom(row) };
  },

  async chatroomUpdate({ service, room }, params) {
    const { chatroom } = params;
    const row = await service.rooms.updateRoom(
      room,
      { accid: room.accid },
      {
        ...(chatroom.name !== undefined && { name: chatroom.name }),
        ...(chatroom.announcement !== undefined && { announcement: chatroom.announcement }),
        ...(chatroom.broadcastUrl !== undefined && { broadcastUrl: chatroom.broadcastUrl }),
        ...(chatroom.custom !== undefined && { custom: chatroom.custom }),
        ...(chatroom.queuelevel !== undefined && { queueLevel: chatroom.queuelevel }),
      },
      {
        needNotify: params.needNotify,
        ...(params.custom !== undefined && { custom: params.custom }),
      },
    );
    return { chatroom: toChatroom(row) };
  },

  async chatroomUpdateMyInfo({ service, room }, params) {
    await service.rooms.openRoom(room);
    const row = await service.store.changeMember(room, { ...params.member });
    if (params.needNotify)
      await service.rooms.notify(room, 316, {
        from: room.accid,
        data: { ...params.member },
        ...(params.custom !== undefined && { custom: params.custom }),
      });
    return { member: toMember(row, service.rooms.now()) };
  },

  async chatroomKickMember({ service, room }, { account, custom }) {
    await service.rooms.kickMember(room, { accid: room.accid }, account, custom);
  },

  async chatroomTempMute({ service, room }, params) {
    await service.rooms.tempMute(room, { accid: room.accid }, params.account, {
      duration: params.duration,
      needNotify: params.needNotify,
      ...(params.custom !== undefined && { custom: params.custom }),
    });
  },

  async chatroomQueueOffer({ service, room }, element) {
    await service.rooms.queueOffer(room, { accid: room.accid }, element);
  },

  async chatroomQueueChange({ service, room }, element) {
    await service.rooms.queueChange(room, { accid: room.accid }, element);
  },

  async chatroomQueuePoll({ service, room }, { elementKey }) {
    return { element: await service.rooms.queuePoll(room, { accid: room.accid }, elementKey) };
  },

  async chatroomQueueList({ service, room }) {
    return { elements: await service.rooms.queueList(room) };
  },

  async chatroomPeek({ service, room }) {
    return { element: await service.rooms.queuePeek(room) };
  },

  async chatroomDrop({ service, room }) {
    await service.rooms.queueDrop(room, { accid: room.accid });
  },

  async chatroomQueueInit({ service, room }, { limit }) {
    await service.rooms.queueInit(room, { accid: room.accid }, limit);
  },

  async chatroomQueueBatchUpdate({ service, room }, params) {
    const notInQueue = await service.rooms.queueBatchUpdate(
      room,
      { accid: room.accid },
      params.elements,
      {
        needNotify: params.needNotify,
        ...(params.custom !== undefined && { custom: params.custom }),
      },
    );
    return { notInQueue };
  },

  async chatroomUpdateTags({ service, room }, params) {
    const tags = checkedTags(params.tags);
    const target = optionalTarget(params.notifyTargetTags);
    await service.rooms.openRoom(room);
    room.member.tags = new Set(tags);
    await service.tagStore.setTags(room, tags);
    if (target === undefined) delete room.member.notifyTargetTags;
    else room.member.notifyTargetTags = target;
    if (params.needNotify)
      await service.rooms.notify(room, 325, {
        from: room.accid,
        data: { tags },
        ...(params.custom !== undefined && { custom: params.custom }),
        ...presenceTarget(room.member),
      });
  },

  /** This connection's point and distance (spatial messages): where the process holds it. */
  async chatroomUpdateCoordinate({ room }, { location, distance }) {
    if (location !== undefined) room.member.location = location;
    if (distance !== undefined) room.member.distance = distance;
  },

  async chatroomGetMembersByTag({ service, room }, params) {
    const rows = await service.tagStore.membersByTag(room.appKey, room.roomId, {
      tag: params.tag,
      before: params.time || Number.MAX_SAFE_INTEGER,
      limit: params.limit ?? CHATROOM_MEMBER_LIST_DEFAULT_LIMIT,
    });
    const now = service.rooms.now();
    return { members: rows.map((row) => toMember(row, now)) };
  },

  async chatroomTagTempMute({ service, room }, params) {
    // By default the notification goes to the muted tag's own connections.
    const target = optionalTarget(params.notifyTargetTags) ?? JSON.stringify({ tag: params.tag });
    await service.rooms.openRoom(room);
    await service.rooms.requireAdmin(room, { accid: room.accid });
    const time = params.duration > 0 ? service.rooms.now() + params.duration * 1000 : 0;
    await service.tagStore.setTagMute(room.appKey, room.roomId, params.tag, time);
    if (params.needNotify)
      await service.rooms.notify(room, params.duration > 0 ? 321 : 322, {
        from: room.accid,
        data: { tags: [params.tag], duration: params.duration },
        ...(params.custom !== undefined && { custom: params.custom }),
        target,
      });
    return { time };
  },

  async chatroomGetMemberCountByTag({ service, room }, { tag }) {
    return { count: await service.tagStore.countByTag(room.appKey, room.roomId, tag) };
  },

  /** This product has no chatroom robots: the list is empty, truthfully. */
  async chatroomSyncRobot() {
    return { robots: [] };
  },
};
