// Chatroom members and the room itself: lists, info, identities (manager 1, common 2, black -1,
// mute -2), temporary mutes, kicks, the room's fields and the caller's own member info.
import {
  CHATROOM_IDENTITIES,
  type ChatroomIdentity,
  type ChatroomInfo,
  type ChatroomMemberInfo,
  type RequestOf,
} from '@morsel/protocol';
import type { Done } from '../util/done.ts';
import { paramError, type RoomCall } from './call.ts';

type Member = ChatroomMemberInfo;
interface MarkOptions {
  account: string;
  isAdd: boolean;
  level?: number;
  custom?: string;
  done?: Done<{ member: Member }>;
}

const IDENTITY_CODES = new Set<number>(Object.values(CHATROOM_IDENTITIES));

export class ChatroomMembers {
  constructor(private readonly call: RoomCall) {}

  getChatroom(options: { done?: Done<{ chatroom: ChatroomInfo }> } = {}) {
    return this.call('chatroomGet', {}, options.done);
  }

  updateChatroom(options: {
    chatroom: RequestOf<'chatroomUpdate'>['chatroom'];
    needNotify: boolean;
    custom?: string;
    done?: Done<{ chatroom: ChatroomInfo }>;
  }) {
    if (!options.chatroom || typeof options.chatroom !== 'object')
      return paramError('chatroom is required', options.done);
    if (typeof options.needNotify !== 'boolean')
      return paramError('needNotify must be a boolean', options.done);
    return this.call(
      'chatroomUpdate',
      {
        chatroom: options.chatroom,
        needNotify: options.needNotify,
        ...(options.custom !== undefined && { custom: options.custom }),
      },
      options.done,
    );
  }

  updateMyChatroomMemberInfo(options: {
    member: RequestOf<'chatroomUpdateMyInfo'>['member'];
    needNotify: boolean;
    needSave?: boolean;
    custom?: string;
    done?: Done<{ member: Member }>;
  }) {
    if (!options.member || typeof options.member !== 'object')
      return paramError('member is required', options.done);
    if (typeof options.needNotify !== 'boolean')
      return paramError('needNotify must be a boolean', options.done);
    return this.call(
      'chatroomUpdateMyInfo',
      {
        member: options.member,
        needNotify: options.needNotify,
        ...(options.needSave !== undefined && { needSave: options.needSave }),
        ...(options.custom !== undefined && { custom: options.custom }),
      },
      options.done,
    );
  }

  /** Fixed members (guest false) or online visitors (guest true); 100 unless a limit is given. */
  getChatroomMembers(options: {
    guest: boolean;
    onlyOnline?: boolean;
    time?: number;
    limit?: number;
    done?: Done<{ members: Member[] }>;
  }) {
    if (typeof options?.guest !== 'boolean')
      return paramError('guest must be a boolean', options?.done);
    return this.call(
      'chatroomGetMembers',
      {
        guest: options.guest,
        ...(options.onlyOnline !== undefined && { onlyOnline: options.onlyOnline }),
        ...(options.time !== undefined && { time: options.time }),
        ...(options.limit !== undefined && { limit: options.limit }),
      },
      options.done,
    );
  }

  getChatroomMembersInfo(options: { accounts: string[]; done?: Done<{ members: Member[] }> }) {
    if (!Array.isArray(options?.accounts) || options.accounts.length === 0)
      return paramError('accounts must be a non-empty array', options?.done);
    return this.call('chatroomGetMembersInfo', { accounts: options.accounts }, options.done);
  }

  /** Online members carrying a tag, newest entry first (NIM's getChatroomMembersByTag). */
  getChatroomMembersByTag(options: {
    tag: string;
    time?: number;
    limit?: number;
    done?: Done<{ members: Member[] }>;
  }) {
    return this.call(
      'chatroomGetMembersByTag',
      {
        tag: options.tag,
        ...(options.time !== undefined && { time: options.time }),
        ...(options.limit !== undefined && { limit: options.limit }),
      },
      options.done,
    );
  }

  /** Mutes every member carrying a tag for `duration` seconds (0 lifts it); answers its end. */
  updateTagMembersTempMute(options: {
    tag: string;
    duration: number;
    needNotify: boolean;
    custom?: string;
    notifyTargetTags?: string;
    done?: Done<{ time: number }>;
  }) {
    return this.call(
      'chatroomTagTempMute',
      {
        tag: options.tag,
        duration: options.duration,
        needNotify: options.needNotify,
        ...(options.custom !== undefined && { custom: options.custom }),
        ...(options.notifyTargetTags !== undefined && {
          notifyTargetTags: options.notifyTargetTags,
        }),
      },
      options.done,
    );
  }

  /** How many online members carry a tag. */
  getChatroomMemberCountByTag(options: { tag: string; done?: Done<{ count: number }> }) {
    return this.call('chatroomGetMemberCountByTag', { tag: options.tag }, options.done);
  }

  /** identity: 'manager' | 'common' | 'black' | 'mute', or its number (1, 2, -1, -2). */
  markChatroomIdentity(options: MarkOptions & { identity: ChatroomIdentity | number }) {
    const code =
      typeof options.identity === 'number'
        ? options.identity
        : CHATROOM_IDENTITIES[options.identity as ChatroomIdentity];
    if (!IDENTITY_CODES.has(code))
      return paramError('identity must be manager 1, common 2, black -1 or mute -2', options.done);
    if (typeof options.isAdd !== 'boolean')
      return paramError('isAdd must be a boolean', options.done);
    return this.call(
      'chatroomMarkMember',
      {
        account: options.account,
        identity: code as 1 | 2 | -1 | -2,
        isAdd: options.isAdd,
        ...(options.level !== undefined && { level: options.level }),
        ...(options.custom !== undefined && { custom: options.custom }),
      },
      options.done,
    );
  }

  markChatroomManager(options: MarkOptions) {
    return this.markChatroomIdentity({ ...options, identity: 'manager' });
  }

  markChatroomCommonMember(options: MarkOptions) {
    return this.markChatroomIdentity({ ...options, identity: 'common' });
  }

  markChatroomBlacklist(options: MarkOptions) {
    return this.markChatroomIdentity({ ...options, identity: 'black' });
  }

  markChatroomGaglist(options: MarkOptions) {
    return this.markChatroomIdentity({ ...options, identity: 'mute' });
  }

  updateChatroomMemberTempMute(options: {
    account: string;
    duration: number;
    needNotify: boolean;
    custom?: string;
    done?: Done<void>;
  }) {
    if (!Number.isInteger(options?.duration) || options.duration < 0)
      return paramError('duration must be a whole number of seconds', options?.done);
    if (typeof options.needNotify !== 'boolean')
      return paramError('needNotify must be a boolean', options.done);
    return this.call(
      'chatroomTempMute',
      {
        account: options.account,
        duration: options.duration,
        needNotify: options.needNotify,
        ...(options.custom !== undefined && { custom: options.custom }),
      },
      options.done,
      () => undefined,
    );
  }

  kickChatroomMember(options: { account: string; custom?: string; done?: Done<void> }) {
    return this.call(
      'chatroomKickMember',
      { account: options.account, ...(options.custom !== undefined && { custom: options.custom }) },
      options.done,
      () => undefined,
    );
  }

  /** The owner closes the room: everyone (the owner too) is kicked with chatroomClosed. */
  closeChatroom(options: { custom?: string; done?: Done<void> } = {}) {
    return this.call(
      'chatroomClose',
      { ...(options.custom !== undefined && { custom: options.custom }) },
      options.done,
      () => undefined,
    );
  }

  /** Replaces this connection's tags and notifyTargetTags (NIM's updateTags). */
  updateTags(
    options: {
      tags?: string[];
      notifyTargetTags?: string;
      needNotify?: boolean;
      ext?: string;
      done?: Done<void>;
    } = {},
  ) {
    return this.call(
      'chatroomUpdateTags',
      {
        ...(options.tags !== undefined && { tags: options.tags }),
        ...(options.notifyTargetTags !== undefined && {
          notifyTargetTags: options.notifyTargetTags,
        }),
        ...(options.needNotify !== undefined && { needNotify: options.needNotify }),
        ...(options.ext !== undefined && { custom: options.ext }),
      },
      options.done,
      () => undefined,
    );
  }

  /**
   * This connection's point in the room's space and the distance it hears spatial messages within
   * (NIM's updateCoordinate); either may be left out. Without a point it hears every message.
   */
  updateCoordinate(options: RequestOf<'chatroomUpdateCoordinate'> & { done?: Done<void> } = {}) {
    return this.call(
      'chatroomUpdateCoordinate',
      {
        ...(options.location !== undefined && { location: options.location }),
        ...(options.distance !== undefined && { distance: options.distance }),
      },
      options.done,
      () => undefined,
    );
  }
}
