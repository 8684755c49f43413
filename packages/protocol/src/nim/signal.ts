// Signalling between NIM's wire and ours (service 15, avSignal). Every NIM signalling command
// carries one property map, NIM's avSignalTag; its answers and notifications carry one back. NIM
// writes a channel's members as JSON text (each member a small tag map: 1 accid, 2 uid,
// 3 createTime, 4 expireTime) and a notification's event in `attach`, JSON text `{type}` with
// NIM's event number; the sender's own text travels as `attachExt`. NIM's `isSave` is our
// `offlineEnabled`, its `to` our `account`, its flattened push fields our `pushInfo`.
import type { PushParams, ReplyOf } from '../commands/index.ts';
import { SIGNAL_EVENT_TYPES } from '../commands/shapes/signal.ts';
import type { NimDialect } from './dialect.ts';
import { fromTags, toTags, type NimProperty } from './tags.ts';
import { bool, int } from './values.ts';

type Channel = ReplyOf<'signalingCreate'>;
type Member = Channel['members'][number];
type Notify = PushParams<'signalingNotify'>;

const memberToNim = (member: Member): NimProperty => toTags('avSignalMember', member);

/** Our channel as NIM's avSignalTag (members as JSON text, as NIM's server writes them). */
function channelToNim(channel: Channel): NimProperty {
  return toTags('avSignal', {
    ...channel,
    members: JSON.stringify(channel.members.map(memberToNim)),
  });
}

/**
 * Our notification as NIM's. The member who joined or left (ours names it) goes in `members`,
 * the only place NIM's SDK reads members from in a notification.
 */
function notifyToNim(notify: Notify): NimProperty {
  const { pushInfo, member, eventType, ...fields } = notify;
  return toTags('avSignal', {
    ...fields,
    attach: JSON.stringify({ type: SIGNAL_EVENT_TYPES[eventType] }),
    ...(member && { members: JSON.stringify([memberToNim(member)]) }),
    ...(pushInfo && {
      needPush: pushInfo.needPush,
      needBadge: pushInfo.needBadge,
      pushTitle: pushInfo.pushTitle,
      pushContent: pushInfo.pushContent,
      pushPayload: pushInfo.pushPayload,
    }),
  });
}

/** The avSignalTag of a NIM request, read by name. */
const signalFields = (property: unknown) => fromTags('avSignal', property);

/** What most commands share: the channel, the peer (`to`), the request id, isSave, attachExt. */
function invitationFromNim(f: Record<string, string>) {
  return {
    channelId: f.channelId,
    account: f.to,
    requestId: f.requestId,
    offlineEnabled: bool(f.isSave),
    attachExt: f.attachExt,
  };
}

/** NIM's flattened push fields as our pushInfo (NIM's SDK always sends needPush and needBadge). */
function pushInfoFromNim(f: Record<string, string>) {
  const info = {
    needPush: bool(f.needPush),
    needBadge: bool(f.needBadge),
    pushTitle: f.pushTitle,
    pushContent: f.pushContent,
    pushPayload: f.pushPayload,
  };
  return Object.values(info).some((value) => value !== undefined) ? info : undefined;
}

/** NIM's envelope of a notification it wants marked read by id (service notify, 4). */
const NOTIFY_ENVELOPE = { sid: 4, cid: 1 };
const SIGNALING_NOTIFY_ID = { sid: 15, cid: 11 };

const uidFromNim = (f: Record<string, string>) => int(f.uid);
const typeFromNim = (f: Record<string, string>) => int(f.type);

/** The NIM dialect of signalling, spread into NIM_DIALECT (dialect.ts). */
export const SIGNAL_DIALECT = {
  signalingCreate: {
    request: (q) => {
      const f = signalFields(q[0]?.v);
      return { type: typeFromNim(f), channelName: f.channelName, ext: f.ext };
    },
    reply: (p) => [channelToNim(p)],
  },
  signalingDelay: {
    request: (q) => ({ channelId: signalFields(q[0]?.v).channelId }),
    reply: (p) => [channelToNim(p)],
  },
  signalingClose: {
    request: (q) => {
      const { channelId, offlineEnabled, attachExt } = invitationFromNim(signalFields(q[0]?.v));
      return { channelId, offlineEnabled, attachExt };
    },
  },
  signalingJoin: {
    request: (q) => {
      const f = signalFields(q[0]?.v);
      const { channelId, offlineEnabled, attachExt } = invitationFromNim(f);
      return { channelId, uid: uidFromNim(f), offlineEnabled, attachExt };
    },
    reply: (p) => [channelToNim(p)],
  },
  signalingLeave: {
    request: (q) => {
      const { channelId, offlineEnabled, attachExt } = invitationFromNim(signalFields(q[0]?.v));
      return { channelId, offlineEnabled, attachExt };
    },
  },
  signalingInvite: {
    request: (q) => {
      const f = signalFields(q[0]?.v);
      return { ...invitationFromNim(f), pushInfo: pushInfoFromNim(f) };
    },
  },
  signalingCancel: { request: (q) => invitationFromNim(signalFields(q[0]?.v)) },
  signalingReject: { request: (q) => invitationFromNim(signalFields(q[0]?.v)) },
  // NIM's SDK joins after an accept with autoJoin itself (a signalingJoin of its own).
  signalingAccept: { request: (q) => invitationFromNim(signalFields(q[0]?.v)) },
  signalingControl: {
    request: (q) => {
      const { channelId, account, attachExt } = invitationFromNim(signalFields(q[0]?.v));
      return { channelId, account, attachExt };
    },
  },
  signalingGetChannelInfo: {
    request: (q) => ({ channelName: signalFields(q[0]?.v).channelName }),
    reply: (p) => [channelToNim(p)],
  },
  // NIM's signalingCallEx (15_16): create, join and invite in one. Its signalingCall is the same
  // three steps sent one by one.
  signalingCall: {
    request: (q) => {
      const f = signalFields(q[0]?.v);
      const { account, requestId, offlineEnabled, attachExt } = invitationFromNim(f);
      return {
        account,
        requestId,
        offlineEnabled,
        attachExt,
        type: typeFromNim(f),
        channelName: f.channelName,
        ext: f.ext,
        uid: uidFromNim(f),
        pushInfo: pushInfoFromNim(f),
      };
    },
    reply: (p) => [channelToNim(p)],
  },
  // NIM's server delivers a notification in its notify envelope (4_1): `[msgid, {headerPacket,
  // body}]`. NIM's SDK names the notification by that msgid (the one signalingMarkMsgRead sends
  // back), so it travels so here too.
  signalingNotify: {
    nimId: () => NOTIFY_ENVELOPE,
    push: (p) => [p.msgid, { headerPacket: SIGNALING_NOTIFY_ID, body: [notifyToNim(p)] }],
  },
  // NIM's join and accept in one (15_17): the channel back, as a join answers it.
  signalingJoinAndAccept: {
    request: (q) => {
      const f = signalFields(q[0]?.v);
      return { ...invitationFromNim(f), uid: uidFromNim(f) };
    },
    reply: (p) => [channelToNim(p)],
  },
  signalingMultiClientSync: { push: (p) => [notifyToNim(p)] },
  signalingUnreadSync: { push: (p) => [p.notifies.map(notifyToNim)] },
  signalingChannelsSync: { push: (p) => [p.channels.map(channelToNim)] },
} satisfies NimDialect;
