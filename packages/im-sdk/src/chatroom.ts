// Chatroom.getInstance with document 2's option rules, and the instance: its own link to the
// room's chatroom server, with small managers for messages, members and the room, and the queue
// (packages/im-sdk/src/chatroom/). NIM's method and callback names.
import {
  CLIENT_TYPES,
  ImError,
  LINK,
  RECONNECT,
  type ChatroomInfo,
  type ChatroomMemberInfo,
  type ClientTypeName,
  type PushParams,
} from '@morsel/protocol';
import type { Done } from './util/done.ts';
import { withDone } from './util/done.ts';
import { roomCall } from './chatroom/call.ts';
import { ChatroomLink, type ChatroomDisconnectInfo } from './chatroom/link.ts';
import { ChatroomMembers } from './chatroom/members.ts';
import { ChatroomMessages, type ChatroomMessage } from './chatroom/messages.ts';
import { ChatroomQueue } from './chatroom/queue.ts';

export type { ChatroomMessage } from './chatroom/messages.ts';
export type { QueueElement } from './chatroom/queue.ts';
export type { ChatroomDisconnectInfo } from './chatroom/link.ts';

export interface ChatroomOptions {
  /** The app key of your IM app. */
  appKey: string;
  /** The IM account; not needed for an anonymous guest (one is generated). */
  account?: string;
  /** The account's token; not needed for an anonymous guest. */
  token?: string;
  /** The room to enter. */
  chatroomId: string;
  /** The room's link addresses, from `nim.getChatroomAddress` or your backend (server API `chatroom/requestAddr.action`). */
  chatroomAddresses: string[];
  /** Enter as an anonymous guest (no account needed; give chatroomNick). */
  isAnonymous?: boolean;
  /** The name shown in this room (required for an anonymous guest). */
  chatroomNick?: string;
  /** The avatar shown in this room. */
  chatroomAvatar?: string;
  /** Extension data of this member in this room. */
  chatroomCustom?: string;
  /** This connection's tags (at most 10 of 1-32 characters). */
  tags?: string[];
  /** Who hears this connection enter, leave and (by default) speak: a tag expression. */
  notifyTargetTags?: string;
  /** This connection's point for spatial messages (NIM's coordinates). */
  location?: { x: number; y: number; z: number };
  /** How far from its point this connection hears spatial messages. */
  distance?: number;
  /** How this client counts (default `Web` in browsers, `Server` in Node). */
  clientType?: ClientTypeName;
  /** This device's id (default a generated one). */
  deviceId?: string;
  /** Reconnection attempts before giving up (0 to 10; 10 by default). */
  reconnectionAttempts?: number;
  /** Entered the room: the room's info and this member's. */
  onconnect(info: { chatroom: ChatroomInfo; member: ChatroomMemberInfo }): void;
  /** An error with no promise to report it to (a refused entry: 13002 closed, 13003 blacklisted, 302 wrong token). */
  onerror(error: ImError): void;
  /** The link was lost and will try again after `duration` ms. */
  onwillreconnect(info: { retryCount: number; duration: number }): void;
  /** Left the room for good: kicked (`reason`: chatroomClosed, managerKick, samePlatformKick, silentlyKick, blacked), logout, or every attempt failed. */
  ondisconnect(info: ChatroomDisconnectInfo): void;
  /** Messages of the room, delivered in batches; notifications (301 to 320) carry `attach.type` with their name (memberEnter, ...). */
  onmsgs(msgs: ChatroomMessage[]): void;
}

const REQUIRED_CALLBACKS = [
  'onconnect',
  'onerror',
  'onwillreconnect',
  'ondisconnect',
  'onmsgs',
] as const;

/** NIM checks the chatroom callbacks at creation: each must be a function. */
export function checkChatroomCallbacks(options: ChatroomOptions): void {
  for (const name of REQUIRED_CALLBACKS) {
    if (typeof options[name] !== 'function')
      throw new ImError('Param_Error', `${name} is required and must be a function`);
  }
}

const rooms = new Map<string, Chatroom>();

/** Checks options per document 2: appKey, account, chatroomId, chatroomAddresses (array), and a
 * token unless anonymous; anonymous guests need a nick and get a generated account. */
export function resolveChatroomOptions(
  options: ChatroomOptions,
): ChatroomOptions & { account: string } {
  for (const field of ['appKey', 'chatroomId'] as const) {
    if (typeof options[field] !== 'string' || options[field] === '')
      throw new ImError('Param_Error', `${field} is required`);
  }
  if (!Array.isArray(options.chatroomAddresses) || options.chatroomAddresses.length === 0) {
    throw new ImError('Param_Error', 'chatroomAddresses must be a non-empty array');
  }
  if (options.isAnonymous) {
    if (!options.chatroomNick)
      throw new ImError('Param_Error', 'an anonymous guest needs chatroomNick');
    return {
      ...options,
      account: options.account || `anon_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`,
    };
  }
  if (!options.account) throw new ImError('Param_Error', 'account is required');
  if (!options.token) throw new ImError('Param_Error', 'token is required unless isAnonymous');
  return { ...options, account: options.account };
}

export class Chatroom {
  static getInstance(options: ChatroomOptions): Chatroom {
    const resolved = resolveChatroomOptions(options);
    checkChatroomCallbacks(resolved);
    const key = `${resolved.appKey}\u0000${resolved.chatroomId}\u0000${options.isAnonymous ? 'anonymous' : resolved.account}`;
    let room = rooms.get(key);
    if (room) room.options = { ...room.options, ...resolved };
    else rooms.set(key, (room = new Chatroom(resolved, key)));
    return room;
  }

  private readonly link: ChatroomLink;
  private readonly messages: ChatroomMessages;
  private readonly members: ChatroomMembers;
  private readonly queue: ChatroomQueue;
  private readonly deviceId: string;

  private constructor(
    private options: ChatroomOptions & { account: string },
    private readonly key: string,
  ) {
    this.deviceId = options.deviceId ?? `chatroom-${crypto.randomUUID()}`;
    this.link = new ChatroomLink(
      {
        addresses: options.chatroomAddresses,
        maxReconnectAttempts: options.reconnectionAttempts ?? RECONNECT.maxAttempts,
        heartbeatIntervalMs: LINK.heartbeatIntervalMs,
        login: () => this.loginParams(),
      },
      {
        connected: (reply) => {
          // An anonymous guest is named by the server.
          this.options = { ...this.options, account: reply.member.account };
          this.options.onconnect(reply);
        },
        willReconnect: (info) => this.options.onwillreconnect(info),
        disconnected: (info) => this.options.ondisconnect(info),
        error: (error) => this.options.onerror(error),
        push: (name, params) => {
          if (name !== 'chatroomMsg') return;
          const msgs = this.messages.received(params as PushParams<'chatroomMsg'>);
          if (msgs.length > 0) this.options.onmsgs(msgs);
        },
      },
    );
    const call = roomCall(this.link);
    this.messages = new ChatroomMessages(call, () => this.options.account);
    this.members = new ChatroomMembers(call);
    this.queue = new ChatroomQueue(call);
  }

  get account(): string {
    return this.options.account;
  }

  get chatroomId(): string {
    return this.options.chatroomId;
  }

  connect(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(
      this.link.connect().then(() => undefined),
      options.done,
    );
  }

  /** Leaves the room (chatroomLogout) and closes the link; connect() enters again. */
  disconnect(options: { done?: Done<void> } = {}): Promise<void> {
    return withDone(this.link.logout(), options.done);
  }

  destroy(options: { done?: Done<void> } = {}): Promise<void> {
    rooms.delete(this.key);
    return withDone(
      this.link.logout().then(() => this.link.destroy()),
      options.done,
    );
  }

  // Messages
  sendText: ChatroomMessages['sendText'] = (o) => this.messages.sendText(o);
  sendCustomMsg: ChatroomMessages['sendCustomMsg'] = (o) => this.messages.sendCustomMsg(o);
  sendTipMsg: ChatroomMessages['sendTipMsg'] = (o) => this.messages.sendTipMsg(o);
  sendGeo: ChatroomMessages['sendGeo'] = (o) => this.messages.sendGeo(o);
  getHistoryMsgs: ChatroomMessages['getHistoryMsgs'] = (o) => this.messages.getHistoryMsgs(o);
  getHistoryMsgsByTags: ChatroomMessages['getHistoryMsgsByTags'] = (o) =>
    this.messages.getHistoryMsgsByTags(o);

  // The room and its members
  getChatroom: ChatroomMembers['getChatroom'] = (o) => this.members.getChatroom(o);
  updateChatroom: ChatroomMembers['updateChatroom'] = (o) => this.members.updateChatroom(o);
  updateMyChatroomMemberInfo: ChatroomMembers['updateMyChatroomMemberInfo'] = (o) =>
    this.members.updateMyChatroomMemberInfo(o);
  getChatroomMembers: ChatroomMembers['getChatroomMembers'] = (o) =>
    this.members.getChatroomMembers(o);
  getChatroomMembersInfo: ChatroomMembers['getChatroomMembersInfo'] = (o) =>
    this.members.getChatroomMembersInfo(o);
  markChatroomIdentity: ChatroomMembers['markChatroomIdentity'] = (o) =>
    this.members.markChatroomIdentity(o);
  markChatroomManager: ChatroomMembers['markChatroomManager'] = (o) =>
    this.members.markChatroomManager(o);
  markChatroomCommonMember: ChatroomMembers['markChatroomCommonMember'] = (o) =>
    this.members.markChatroomCommonMember(o);
  markChatroomBlacklist: ChatroomMembers['markChatroomBlacklist'] = (o) =>
    this.members.markChatroomBlacklist(o);
  markChatroomGaglist: ChatroomMembers['markChatroomGaglist'] = (o) =>
    this.members.markChatroomGaglist(o);
  updateChatroomMemberTempMute: ChatroomMembers['updateChatroomMemberTempMute'] = (o) =>
    this.members.updateChatroomMemberTempMute(o);
  kickChatroomMember: ChatroomMembers['kickChatroomMember'] = (o) =>
    this.members.kickChatroomMember(o);
  closeChatroom: ChatroomMembers['closeChatroom'] = (o) => this.members.closeChatroom(o);
  updateTags: ChatroomMembers['updateTags'] = (o) => this.members.updateTags(o);
  updateCoordinate: ChatroomMembers['updateCoordinate'] = (o) => this.members.updateCoordinate(o);
  getChatroomMembersByTag: ChatroomMembers['getChatroomMembersByTag'] = (o) =>
    this.members.getChatroomMembersByTag(o);
  getChatroomMemberCountByTag: ChatroomMembers['getChatroomMemberCountByTag'] = (o) =>
    this.members.getChatroomMemberCountByTag(o);
  updateTagMembersTempMute: ChatroomMembers['updateTagMembersTempMute'] = (o) =>
    this.members.updateTagMembersTempMute(o);

  // The queue
  queueOffer: ChatroomQueue['queueOffer'] = (o) => this.queue.queueOffer(o);
  queueChange: ChatroomQueue['queueChange'] = (o) => this.queue.queueChange(o);
  queuePoll: ChatroomQueue['queuePoll'] = (o) => this.queue.queuePoll(o);
  queueList: ChatroomQueue['queueList'] = (o) => this.queue.queueList(o);
  peak: ChatroomQueue['peak'] = (o) => this.queue.peak(o);
  queueDrop: ChatroomQueue['queueDrop'] = (o) => this.queue.queueDrop(o);
  queueInit: ChatroomQueue['queueInit'] = (o) => this.queue.queueInit(o);
  batchUpdateChatroomQueue: ChatroomQueue['batchUpdateChatroomQueue'] = (o) =>
    this.queue.batchUpdateChatroomQueue(o);

  private loginParams() {
    const o = this.options;
    return {
      appKey: o.appKey,
      chatroomId: o.chatroomId,
      clientType: CLIENT_TYPES[o.clientType ?? 'Web'],
      deviceId: this.deviceId,
      ...(o.isAnonymous ? { isAnonymous: true } : { account: o.account, token: o.token! }),
      ...(o.chatroomNick !== undefined && { chatroomNick: o.chatroomNick }),
      ...(o.chatroomAvatar !== undefined && { chatroomAvatar: o.chatroomAvatar }),
      ...(o.chatroomCustom !== undefined && { chatroomCustom: o.chatroomCustom }),
      ...(o.tags !== undefined && { tags: o.tags }),
      ...(o.notifyTargetTags !== undefined && { notifyTargetTags: o.notifyTargetTags }),
      ...(o.location !== undefined && { location: o.location }),
      ...(o.distance !== undefined && { distance: o.distance }),
    };
  }
}
