// Service signal (15): signalling channels, calls and their pushes. Declared so the table is
// whole; their handlers land with the signalling issue and answer Not_Support until then.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, AnyMap, ClientId, Id } from './common.ts';

const ChannelCall = Params({
  channelId: Id,
  requestId: ClientId,
  account: Account,
  offlineEnabled: Type.Optional(Type.Boolean()),
  attachExt: Type.Optional(Type.String()),
  pushInfo: Type.Optional(AnyMap),
  uid: Type.Optional(Type.Integer()),
});

export const signalCommands = {
  signalingCreate: command(15, 1, 'signalingCreate', {
    request: Params({
      type: Type.Integer({ minimum: 1 }),
      channelName: Type.Optional(Type.String()),
      ext: Type.Optional(Type.String()),
    }),
  }),
  signalingDelay: command(15, 2, 'signalingDelay', { request: Params({ channelId: Id }) }),
  signalingClose: command(15, 3, 'signalingClose', {
    request: Params({ channelId: Id, offlineEnabled: Type.Optional(Type.Boolean()) }),
  }),
  signalingJoin: command(15, 4, 'signalingJoin', {
    request: Params({
      channelId: Id,
      uid: Type.Optional(Type.Integer()),
      offlineEnabled: Type.Optional(Type.Boolean()),
    }),
  }),
  signalingLeave: command(15, 5, 'signalingLeave', {
    request: Params({ channelId: Id, offlineEnabled: Type.Optional(Type.Boolean()) }),
  }),
  signalingInvite: command(15, 6, 'signalingInvite', { request: ChannelCall }),
  signalingCancel: command(15, 7, 'signalingCancel', { request: ChannelCall }),
  signalingReject: command(15, 8, 'signalingReject', { request: ChannelCall }),
  signalingAccept: command(15, 9, 'signalingAccept', { request: ChannelCall }),
  signalingControl: command(15, 10, 'signalingControl', {
    request: Params({
      channelId: Id,
      account: Type.Optional(Account),
      attachExt: Type.Optional(Type.String()),
    }),
  }),
  signalingNotify: push(15, 11, 'signalingNotify', AnyMap),
  signalingMultiClientSync: push(15, 12, 'signalingMultiClientSync', AnyMap),
  signalingUnreadSync: push(15, 13, 'signalingUnreadSync', AnyMap),
  signalingChannelsSync: push(15, 14, 'signalingChannelsSync', AnyMap),
  signalingGetChannelInfo: command(15, 15, 'signalingGetChannelInfo', {
    request: Params({ channelName: Type.String({ minLength: 1 }) }),
  }),
  signalingCall: command(15, 16, 'signalingCall', {
    request: Params({ type: Type.Integer({ minimum: 1 }), requestId: ClientId, account: Account }),
  }),
};
