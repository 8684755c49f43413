// Rows to what travels: the channel (with its members) and the notifications of the flow.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type {
  SignalChannel,
  SignalEventType,
  SignalMember,
  SignalNotify,
  SignalPushInfo,
} from '@morsel/protocol';
import type { ImSignalChannelTable, ImSignalInviteTable, ImSignalMemberTable } from './tables.ts';

export type Channel = Static<typeof SignalChannel>;
export type Member = Static<typeof SignalMember>;
export type Notify = Static<typeof SignalNotify>;
export type PushInfo = Static<typeof SignalPushInfo>;

export const newId = () => randomUUID().replace(/-/g, '');
/**
 * A notification's msgid: decimal digits of a random 53-bit number. NIM's binary link carries a
 * msgid as a Long (the notify envelope's, and batchMarkRead's LongArray naming it back), and its
 * SDK keeps it as a JavaScript number, so it must be an exact one (decision 0064).
 */
export const newMsgId = () => String(BigInt.asUintN(53, randomBytes(8).readBigUInt64BE()) || 1n);

/** A member's expireTime is its channel's: members live as long as the channel does. */
export const toMember = (row: ImSignalMemberTable, channel: ImSignalChannelTable): Member => ({
  accid: row.accid,
  uid: row.uid,
  createTime: row.created_at,
  expireTime: channel.expires_at,
});

export const toChannel = (row: ImSignalChannelTable, members: ImSignalMemberTable[]): Channel => ({
  type: row.type,
  channelName: row.channel_name,
  channelId: row.channel_id,
  channelCreateTime: row.created_at,
  channelExpireTime: row.expires_at,
  creator: row.creator,
  ...(row.ext !== null && { ext: row.ext }),
  members: members.map((m) => toMember(m, row)),
});

export interface NotifyDetails {
  from: string;
  to?: string;
  requestId?: string;
  attachExt?: string | null;
  member?: Member;
  pushInfo?: PushInfo;
  msgid?: string;
  time: number;
}

export function toNotify(
  eventType: SignalEventType,
  channel: ImSignalChannelTable,
  details: NotifyDetails,
): Notify {
  return {
    eventType,
    msgid: details.msgid ?? newMsgId(),
    time: details.time,
    type: channel.type,
    channelName: channel.channel_name,
    channelId: channel.channel_id,
    channelCreateTime: channel.created_at,
    channelExpireTime: channel.expires_at,
    creator: channel.creator,
    ...(channel.ext !== null && { ext: channel.ext }),
    from: details.from,
    ...(details.to !== undefined && { to: details.to }),
    ...(details.requestId !== undefined && { requestId: details.requestId }),
    ...(details.attachExt != null && { attachExt: details.attachExt }),
    ...(details.member && { member: details.member }),
    ...(details.pushInfo && { pushInfo: details.pushInfo }),
  };
}

/** The invitation an offline callee is told of at login, as it would have heard it live. */
export const inviteNotify = (invite: ImSignalInviteTable, channel: ImSignalChannelTable): Notify =>
  toNotify('INVITE', channel, {
    from: invite.inviter,
    to: invite.invitee,
    requestId: invite.request_id,
    attachExt: invite.attach_ext,
    ...(invite.push_info !== null && { pushInfo: JSON.parse(invite.push_info) as PushInfo }),
    msgid: invite.msgid,
    time: invite.created_at,
  });
