// The options of NIM.getInstance, their defaults and their checks (document 2, section 5:
// "Instance requires an account"; nosSurvivalTime at least 86400 s, otherwise infinite).
import { pageUrl, isNode } from './util/env.ts';
import {
  CLIENT_TYPES,
  ImError,
  LIMITS,
  LINK,
  RECONNECT,
  type ClientTypeName,
} from '@morsel/protocol';
import type { TransportName } from './transport/engine-transport.ts';
import type { LogLevel } from './logger.ts';
import type { ClientBroadcastMsg } from './broadcasts/broadcasts-manager.ts';
import type { DisconnectInfo, LoginReply } from './link/link.ts';
import type { ClientMsg, ClientSession } from './model.ts';
import type {
  CustomSysMsg,
  DeliveredEvent,
  DonnopSettings,
  Friend,
  Team,
  TeamMember,
  User,
} from '@morsel/protocol';
import type { ClientSysMsg, DeleteNotice, SysMsgUnread } from './model.ts';
import type {
  Collect,
  ExtrasChange,
  MsgKey,
  MsgPin,
  QuickComment,
  StickTopSession,
} from './extras/extras-manager.ts';

export interface LoginPortChange {
  type: number;
  os: string;
  deviceId: string;
  account: string;
  connectionId: string;
  ip: string;
  time: number;
  online: boolean;
}

export interface NimCallbacks {
  /** The link logged in (first login or a reconnection): the connection id, the account's other logged-in devices and the server time. */
  onconnect?(reply: LoginReply): void;
  /** The link was lost and will try again after `duration` ms (attempt `retryCount`). */
  onwillreconnect?(info: { retryCount: number; duration: number }): void;
  /** The link ended and will not reconnect by itself: logout, kicked (with the reason), a refused login, or every attempt failed (`Connect_Failed`). */
  ondisconnect?(info: DisconnectInfo): void;
  /** An error with no promise to report it to, such as a login refused with 302 (wrong token) or 422 (account disabled). */
  onerror?(error: ImError): void;
  /** Another device of this account logged in or out (`online`). */
  onloginportschange?(ports: LoginPortChange[]): void;
  /** The sync after a login is complete: sessions, messages, people and teams are current. */
  onsyncdone?(): void;
  /** A message arrived (from another account, or from this account's other device). */
  onmsg?(msg: ClientMsg): void;
  /** Messages received while offline, per session, during the sync. */
  onofflinemsgs?(batch: SessionMsgs): void;
  /** Recent history for a new device, per session, during the sync. */
  onroamingmsgs?(batch: SessionMsgs): void;
  /** Every session after the sync, newest first. */
  onsessions?(sessions: ClientSession[]): void;
  /** A session changed: a new last message, its unread count, or a local change. */
  onupdatesession?(session: ClientSession): void;
  /** Sessions were deleted on the server (by this device or another of the account). */
  ondeletesessions?(sessionIds: string[]): void;
  /** The do-not-disturb settings: after a sync that changed them, or from another device. */
  ondonnop?(donnop: DonnopSettings): void;
  /** The peer read my messages up to a time. */
  onMsgReceipts?(
    receipts: { sessionId: string; account: string; idServer: string; time: number }[],
  ): void;
  /**
   * A system message: friend and team requests and their answers, stored custom ones, and delete
   * notices (recalls: deleteMsg, deleteMsgSuperTeam; one-way deletes by another of my devices:
   * deleteMsgP2pOneWay, deleteMsgTeamOneWay).
   */
  onsysmsg?(sysMsg: ClientSysMsg | DeleteNotice): void;
  /** System messages that arrived while offline, during the sync. */
  onofflinesysmsgs?(sysMsgs: ClientSysMsg[]): void;
  /** A custom system message from another account or the app's server (not stored unless it says so). */
  oncustomsysmsg?(sysMsg: CustomSysMsg & { from: string; time: number; idServer: string }): void;
  /** Unread system messages per category and in total: after the sync, then on each change. */
  onsysmsgunread?(counts: SysMsgUnread): void;
  /** The unread system message counts changed (same shape as onsysmsgunread). */
  onupdatesysmsgunread?(counts: SysMsgUnread): void;
  /** This account's own profile, after the sync. */
  onmyinfo?(user: User): void;
  /** My profile changed (on another device, or by me). */
  onupdatemyinfo?(user: User): void;
  /** Profiles of my friends, after the sync. */
  onusers?(users: User[]): void;
  /** A friend changed their profile. */
  onupdateuser?(user: User): void;
  /** The friend list, after the sync. */
  onfriends?(friends: Friend[]): void;
  /** A friendship changed: on another device of mine, or by the other side. */
  onsyncfriendaction?(action: { type: string; account: string; friend: Friend }): void;
  /** The accounts this account has blacklisted, after the sync. */
  onblacklist?(accounts: string[]): void;
  /** The accounts this account has muted, after the sync. */
  onmutelist?(accounts: string[]): void;
  /** Another device of this account added or removed an account from the blacklist. */
  onsyncmarkinblacklist?(change: { account: string; isAdd: boolean }): void;
  /** Another device of this account muted or unmuted an account. */
  onsyncmarkinmutelist?(change: { account: string; isAdd: boolean }): void;
  /** My teams, after the sync. */
  onteams?(teams: Team[]): void;
  /** A team of mine changed, or I left it (validToCurrentUser false). */
  onupdateteam?(team: Team): void;
  /** Member records of a team changed (roles, mutes, nicks), or members were removed. */
  onupdateteammembers?(change: { teamId: string; members: TeamMember[]; removed: string[] }): void;
  /** Members read my team messages: read and unread counts per message. */
  onTeamMsgReceipt?(
    reads: { teamId: string; idServer: string; read: number; unread: number }[],
  ): void;
  /** My super teams, after the sync. */
  onSuperTeams?(teams: Team[]): void;
  /** A super team's profile changed. */
  onupdatesuperteam?(team: Team): void;
  /** Members of a super team changed: `members` updated or added, `removed` accounts gone. */
  onupdatesuperteammembers?(change: {
    teamId: string;
    members: TeamMember[];
    removed: string[];
  }): void;
  /** Events of subscribed accounts (online state is type 1: value 1 online, 2 offline). */
  onpushevents?(events: DeliveredEvent[]): void;
  /** A broadcast message of the app's backend (msg/broadcastMsg), while online. */
  onbroadcastmsg?(msg: ClientBroadcastMsg): void;
  /** Broadcast messages kept while this account was offline, during the sync, oldest first. */
  onbroadcastmsgs?(msgs: ClientBroadcastMsg[]): void;
  /** This account deleted a message for itself on another device. */
  ondeleteMsgSelf?(info: { sessionId: string; idServer: string }): void;
  /** This account cleared a session's history on another device. */
  onclearServerHistoryMsgs?(info: { sessionId: string; time: number }): void;
  /** Someone (or my other device) commented on a message of my conversations; also from the sync. */
  onQuickComment?(msg: MsgKey, comment: QuickComment): void;
  /** A quick comment on a message of my conversations was removed. */
  onDeleteQuickComment?(msg: MsgKey, comment: QuickComment): void;
  /** My collects changed on another device. */
  onCollectChange?(change: { type: ExtrasChange; collects: Collect[] }): void;
  /** After a sync that changed them: every session on top. */
  onStickTopSessions?(sessions: StickTopSession[]): void;
  /** A session was put on top (isTop true), changed, or taken off (isTop false). */
  onupdateStickTopSession?(session: StickTopSession & { isTop: boolean }): void;
  /** A message of my conversations was pinned, its pin changed or removed; also from the sync. */
  onPinMsgChange?(change: { type: ExtrasChange; pin: MsgPin }): void;
}

export interface SessionMsgs {
  sessionId: string;
  scene: ClientMsg['scene'];
  to: string;
  msgs: ClientMsg[];
}

export interface NimOptions extends NimCallbacks {
  /** The app key of your IM app (clients may know it; the secret stays on your server). */
  appKey: string;
  /** The IM account (accid) your backend registered for this user. */
  account: string;
  /** The account's token, from your backend (server API `user/create.action` or `refreshToken.action`). */
  token: string;
  /** The load-balancing endpoint, e.g. `https://im.example.com/im/lbs`. */
  lbsUrl?: string;
  /** The socket server used when the load balancer fails or is not set. */
  defaultLink?: string;
  /** The socket path on the link server (default `/im/link/`). */
  linkPath?: string;
  /** Default ['websocket', 'polling']: websocket, long-polling only if it cannot open (decision 0070). ['polling'] forces long-polling. */
  transports?: TransportName[];
  /** How this client counts among the account's devices (default `Web` in browsers, `Server` in Node). */
  clientType?: ClientTypeName;
  /** This device's id; default a UUID kept in localStorage (browsers) or one per process (Node). A different one makes another device of the same account. */
  deviceId?: string;
  /** A label the account's other devices see for this login (onloginportschange). */
  customTag?: string;
  /** Milliseconds between heartbeats (default 60000). */
  heartbeatInterval?: number;
  /** How many times to retry a lost link before `Connect_Failed` (0 to 10, default 10). */
  reconnectionAttempts?: number;
  /** The least level of the SDK's own log in the console (default `warn`). */
  logLevel?: LogLevel | 'off';
  /** Where to send the SDK's log lines; default: the load balancer's origin. 'off' disables. */
  logUploadUrl?: string | 'off';
  /** Seconds uploaded files live; at least 86400, otherwise (or unset) they do not expire. */
  nosSurvivalTime?: number;
  /** Send read acknowledgements so unread counts agree across devices (default true). */
  syncSessionUnread?: boolean;
  /** Connect at once (default), as NIM does. */
  autoConnect?: boolean;
  /**
   * Keep messages, sessions and sync timetags in a local database (IndexedDB) so the next visit
   * syncs incrementally and shows history at once. Default true in browsers, false in Node; off
   * anyway where IndexedDB is missing and on IE, legacy Edge and Safari (document 2).
   */
  db?: boolean;
  /** Internal: the first serial is the one after this (tests of the serial wrap). */
  serialStart?: number;
  /** The fetch the SDK uses for HTTP (load balancer, uploads, logs); default the global one. */
  fetch?: typeof fetch;
}

export interface ResolvedOptions extends NimOptions {
  clientType: ClientTypeName;
  transports: TransportName[];
  linkPath: string;
  heartbeatInterval: number;
  reconnectionAttempts: number;
  logLevel: LogLevel | 'off';
  /** Seconds uploaded files live; Infinity when not set or below the minimum. */
  nosSurvivalTime: number;
  db: boolean;
}

export function resolveOptions(options: NimOptions): ResolvedOptions {
  if (!options || typeof options.account !== 'string' || options.account === '') {
    throw new ImError('Param_Error', 'an instance requires an account');
  }
  if (typeof options.appKey !== 'string' || options.appKey === '')
    throw new ImError('Param_Error', 'appKey is required');
  if (typeof options.token !== 'string' || options.token === '')
    throw new ImError('Param_Error', 'token is required');
  if (!options.lbsUrl && !options.defaultLink)
    throw new ImError('Param_Error', 'lbsUrl or defaultLink is required');
  if (options.clientType && !(options.clientType in CLIENT_TYPES)) {
    throw new ImError(
      'Param_Error',
      `clientType must be one of ${Object.keys(CLIENT_TYPES).join(', ')}`,
    );
  }
  const reconnectionAttempts = options.reconnectionAttempts ?? RECONNECT.maxAttempts;
  if (
    !Number.isInteger(reconnectionAttempts) ||
    reconnectionAttempts < 0 ||
    reconnectionAttempts > RECONNECT.maxAttempts
  ) {
    throw new ImError('Param_Error', `reconnectionAttempts must be 0 to ${RECONNECT.maxAttempts}`);
  }
  const survival = options.nosSurvivalTime;
  return {
    ...options,
    clientType: options.clientType ?? (isNode() ? 'Server' : 'Web'),
    transports: options.transports ?? ['websocket', 'polling'],
    linkPath: options.linkPath ?? '/im/link/',
    heartbeatInterval: options.heartbeatInterval ?? LINK.heartbeatIntervalMs,
    reconnectionAttempts,
    logLevel: options.logLevel ?? 'warn',
    nosSurvivalTime:
      typeof survival === 'number' && survival >= LIMITS.minNosSurvivalTimeS ? survival : Infinity,
    db: options.db ?? !isNode(),
  };
}

/** An endpoint beside the load balancer (or the default link), with the app key in its query. */
function besideServer(
  options: ResolvedOptions,
  path: string,
  query: Record<string, string>,
): string | undefined {
  const base = options.lbsUrl ?? options.defaultLink;
  if (!base) return undefined;
  try {
    const url = new URL(path, new URL(base, pageUrl()));
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return undefined;
  }
}

/** Where the SDK's log lines go; 'off' disables. */
export function defaultLogUploadUrl(options: ResolvedOptions): string | undefined {
  if (options.logUploadUrl === 'off') return undefined;
  if (options.logUploadUrl) return options.logUploadUrl;
  return besideServer(options, '/im/log/lines', {
    appkey: options.appKey,
    uid: options.account,
    platform: 'web',
  });
}

/** Where error statistics go; off together with the log upload. */
export function defaultErrorReportUrl(options: ResolvedOptions): string | undefined {
  if (options.logUploadUrl === 'off') return undefined;
  return besideServer(options, '/im/statistics/errors', { appkey: options.appKey });
}
