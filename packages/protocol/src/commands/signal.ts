// Service signal (15): call signalling (document 2: Signalling). A channel is a named meeting
// point with members; invitations travel between accounts through it; every change reaches the
// other side as a `signalingNotify` with NIM's event type names. Offline-enabled notifications
// wait for the callee's next login (`signalingUnreadSync`); a device that logs in learns the
// channels its account is in (`signalingChannelsSync`); the other devices of an account that
// answered learn the answer (`signalingMultiClientSync`).
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, ClientId, Id } from './common.ts';
import {
  SignalAttachExt,
  SignalChannelName,
  SignalChannelType,
  SignalChannel,
  SignalExt,
  SignalNotify,
  SignalPushInfo,
  SignalUid,
} from './shapes/signal.ts';

const ChannelRef = { channelId: Id };
const Offline = { offlineEnabled: Type.Optional(Type.Boolean()) };
const Attach = { attachExt: Type.Optional(SignalAttachExt) };
const Invitation = {
  ...ChannelRef,
  account: Account,
  requestId: ClientId,
  ...Offline,
  ...Attach,
};

export const signalCommands = {
  signalingCreate: command(15, 1, 'signalingCreate', {
    request: Params({
      type: SignalChannelType,
      channelName: Type.Optional(SignalChannelName),
      ext: Type.Optional(SignalExt),
    }),
    reply: SignalChannel,
  }),
  signalingDelay: command(15, 2, 'signalingDelay', {
    request: Params(ChannelRef),
    reply: SignalChannel,
  }),
  signalingClose: command(15, 3, 'signalingClose', {
    request: Params({ ...ChannelRef, ...Offline, ...Attach }),
  }),
  signalingJoin: command(15, 4, 'signalingJoin', {
    request: Params({ ...ChannelRef, uid: Type.Optional(SignalUid), ...Offline, ...Attach }),
    reply: SignalChannel,
  }),
  signalingLeave: command(15, 5, 'signalingLeave', {
    request: Params({ ...ChannelRef, ...Offline, ...Attach }),
  }),
  signalingInvite: command(15, 6, 'signalingInvite', {
    request: Params({ ...Invitation, pushInfo: Type.Optional(SignalPushInfo) }),
  }),
  signalingCancel: command(15, 7, 'signalingCancel', { request: Params(Invitation) }),
  signalingReject: command(15, 8, 'signalingReject', { request: Params(Invitation) }),
  signalingAccept: command(15, 9, 'signalingAccept', {
    request: Params({
      ...Invitation,
      autoJoin: Type.Optional(Type.Boolean()),
      uid: Type.Optional(SignalUid),
      joinAttachExt: Type.Optional(SignalAttachExt),
    }),
    /** The channel when `autoJoin` joined it. */
    reply: Type.Object({ channel: Type.Optional(SignalChannel) }),
  }),
  signalingControl: command(15, 10, 'signalingControl', {
    request: Params({ ...ChannelRef, account: Type.Optional(Account), ...Attach }),
  }),
  signalingNotify: push(15, 11, 'signalingNotify', SignalNotify),
  signalingMultiClientSync: push(15, 12, 'signalingMultiClientSync', SignalNotify),
  signalingUnreadSync: push(
    15,
    13,
    'signalingUnreadSync',
    Type.Object({ notifies: Type.Array(SignalNotify) }),
  ),
  signalingChannelsSync: push(
    15,
    14,
    'signalingChannelsSync',
    Type.Object({ channels: Type.Array(SignalChannel) }),
  ),
  signalingGetChannelInfo: command(15, 15, 'signalingGetChannelInfo', {
    request: Params({ channelName: SignalChannelName }),
    reply: SignalChannel,
  }),
  signalingCall: command(15, 16, 'signalingCall', {
    request: Params({
      type: SignalChannelType,
      requestId: ClientId,
      account: Account,
      channelName: Type.Optional(SignalChannelName),
      ext: Type.Optional(SignalExt),
      uid: Type.Optional(SignalUid),
      ...Offline,
      ...Attach,
      pushInfo: Type.Optional(SignalPushInfo),
    }),
    reply: SignalChannel,
  }),
  /**
   * The callee's side in one call (NIM's signalingJoinAndAccept): joins the channel it is invited
   * to, then accepts the invitation; answers the channel with its members.
   */
  signalingJoinAndAccept: command(15, 17, 'signalingJoinAndAccept', {
    request: Params({ ...Invitation, uid: Type.Optional(SignalUid) }),
    reply: SignalChannel,
  }),
};
