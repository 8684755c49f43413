// The connection's own commands: services link (1), auth (2), sync (5) and what is left of misc (6)
// (client log uploads, antispam lists, server time). Uploads and files of misc are in files.ts.
import { Type } from '@sinclair/typebox';
import { command, push, Params } from './define.ts';
import { Account, AnyMap, ClientType, Id, LoginPort, Time } from './common.ts';

const KickReasonCode = Type.Union([1, 2, 3, 4].map((n) => Type.Literal(n)));

export const linkCommands = {
  heartbeat: command(1, 2, 'heartbeat', { preLogin: true, timeoutMs: 10_000 }),
  negotiateTransport: command(1, 5, 'negotiateTransport', {
    preLogin: true,
    request: Params({
      sdkVersion: Type.Integer({ minimum: 0 }),
      tag: Type.String({ maxLength: 64 }),
    }),
    reply: Params({
      serverVersion: Type.String(),
      protocolVersion: Type.Integer(),
      heartbeatMs: Type.Integer(),
    }),
  }),
  initTransport: command(1, 6, 'initTransport', { preLogin: true }),

  login: command(2, 3, 'login', {
    preLogin: true,
    request: Params({
      appKey: Type.String({ minLength: 1, maxLength: 64 }),
      account: Account,
      token: Type.String({ minLength: 1, maxLength: 256 }),
      clientType: ClientType,
      os: Type.String({ maxLength: 64 }),
      sdkVersion: Type.Integer({ minimum: 0 }),
      protocolVersion: Type.Integer({ minimum: 0 }),
      deviceId: Type.String({ minLength: 1, maxLength: 128 }),
      /** 1 on an automatic reconnect, 0 on a login the user asked for. */
      appLogin: Type.Union([Type.Literal(0), Type.Literal(1)]),
      customTag: Type.Optional(Type.String({ maxLength: 32 })),
    }),
    reply: Params({
      connectionId: Type.String(),
      loginPorts: Type.Array(LoginPort),
      serverTime: Time,
      /** Lets this device post to the client log endpoints for a while (LOGGING.uploadTicketParam). */
      uploadTicket: Type.Optional(Type.String({ maxLength: 512 })),
    }),
  }),
  kicked: push(
    2,
    5,
    'kicked',
    Params({
      reason: KickReasonCode,
      reasonName: Type.String(),
      message: Type.String(),
      fromClientType: Type.Optional(ClientType),
      custom: Type.Optional(Type.String()),
    }),
  ),
  logout: command(2, 6, 'logout'),
  multiPortLogin: push(
    2,
    7,
    'multiPortLogin',
    Params({
      /** 2: these ports came online; 3: they went offline. */
      state: Type.Union([Type.Literal(2), Type.Literal(3)]),
      ports: Type.Array(LoginPort),
    }),
  ),
  kick: command(2, 8, 'kick', {
    request: Params({
      deviceIds: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), {
        minItems: 1,
        maxItems: 20,
      }),
    }),
    reply: Params({ deviceIds: Type.Array(Type.String()) }),
  }),

  sync: command(5, 1, 'sync', {
    request: Params({ timetags: Type.Record(Type.String(), Time) }),
    reply: Params({ timetags: Type.Record(Type.String(), Time) }),
    timeoutMs: 60_000,
  }),
  syncTeamMembers: command(5, 2, 'syncTeamMembers', {
    request: Params({ teamIds: Type.Array(Id) }),
  }),
  notifySync: push(5, 3, 'notifySync', Params({ categories: Type.Array(Type.String()) })),

  notifyUploadLog: command(6, 3, 'notifyUploadLog', { request: Params({ url: Type.String() }) }),
  uploadSdkLogUrl: command(6, 4, 'uploadSdkLogUrl', { request: Params({ url: Type.String() }) }),
  notifyTransLog: command(6, 8, 'notifyTransLog', { request: AnyMap }),
  /** The app's client anti-spam lexicon as the operator set it (JSON text); absent when none. */
  getClientAntispam: command(6, 17, 'getClientAntispam', {
    request: Params({ md5: Type.Optional(Type.String({ maxLength: 64 })) }),
    reply: Params({ thesaurus: Type.Optional(Type.String()) }),
  }),
  getServerTime: command(6, 23, 'getServerTime', { reply: Params({ time: Time }) }),
  /**
   * Where stored files are served from a CDN (NIM's nosConfig). `expire: 0` means none: files
   * are fetched from the addresses they were stored with (this server has no CDN of its own).
   */
  getNosCdnHost: command(6, 26, 'getNosCdnHost', {
    reply: Params({
      cdnDomain: Type.Optional(Type.String()),
      /** Seconds the answer holds; 0: no CDN; -1: for ever. */
      expire: Type.Integer({ minimum: -1 }),
      objectNamePrefix: Type.Optional(Type.String()),
    }),
  }),
};
