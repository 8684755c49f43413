// The options of NIM.getInstance, their defaults and their checks (document 2, section 5:
// "Instance requires an account"; nosSurvivalTime at least 86400 s, otherwise infinite).
import { pageUrl, isNode } from './util/env.ts';
import { CLIENT_TYPES, ImError, LIMITS, RECONNECT, type ClientTypeName } from '@morsel/protocol';
import type { TransportName } from './transport/engine-transport.ts';
import type { LogLevel } from './logger.ts';
import type { DisconnectInfo, LoginReply } from './link/link.ts';
import type { ClientMsg, ClientSession } from './services/model.ts';

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
  onconnect?(reply: LoginReply): void;
  onwillreconnect?(info: { retryCount: number; duration: number }): void;
  ondisconnect?(info: DisconnectInfo): void;
  onerror?(error: ImError): void;
  onloginportschange?(ports: LoginPortChange[]): void;
  onsyncdone?(): void;
  /** A message arrived (from another account, or from this account's other device). */
  onmsg?(msg: ClientMsg): void;
  /** Messages received while offline, per session, during the sync. */
  onofflinemsgs?(batch: SessionMsgs): void;
  /** Recent history for a new device, per session, during the sync. */
  onroamingmsgs?(batch: SessionMsgs): void;
  onsessions?(sessions: ClientSession[]): void;
  onupdatesession?(session: ClientSession): void;
  /** The peer read my messages up to a time. */
  onMsgReceipts?(receipts: { sessionId: string; account: string; idServer: string; time: number }[]): void;
  /** System notifications; for now the recall of a message (type deleteMsg). */
  onsysmsg?(sysMsg: { type: string; [key: string]: unknown }): void;
  /** This account deleted a message for itself on another device. */
  ondeleteMsgSelf?(info: { sessionId: string; idServer: string }): void;
  /** This account cleared a session's history on another device. */
  onclearServerHistoryMsgs?(info: { sessionId: string; time: number }): void;
}

export interface SessionMsgs {
  sessionId: string;
  scene: ClientMsg['scene'];
  to: string;
  msgs: ClientMsg[];
}

export interface NimOptions extends NimCallbacks {
  appKey: string;
  account: string;
  token: string;
  /** The load-balancing endpoint, e.g. `https://im.example.com/im/lbs`. */
  lbsUrl?: string;
  /** The socket server used when the load balancer fails or is not set. */
  defaultLink?: string;
  linkPath?: string;
  /** Default: websocket with long-polling fallback. ['polling'] forces long-polling. */
  transports?: TransportName[];
  clientType?: ClientTypeName;
  deviceId?: string;
  customTag?: string;
  heartbeatInterval?: number;
  reconnectionAttempts?: number;
  logLevel?: LogLevel | 'off';
  /** Where to send the SDK's log lines; default: the load balancer's origin. 'off' disables. */
  logUploadUrl?: string | 'off';
  nosSurvivalTime?: number;
  /** Send read acknowledgements so unread counts agree across devices (default true). */
  syncSessionUnread?: boolean;
  /** Connect at once (default), as NIM does. */
  autoConnect?: boolean;
  /** Internal: the first serial is the one after this (tests of the serial wrap). */
  serialStart?: number;
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
}

export function resolveOptions(options: NimOptions): ResolvedOptions {
  if (!options || typeof options.account !== 'string' || options.account === '') {
    throw new ImError('Param_Error', 'an instance requires an account');
  }
  if (typeof options.appKey !== 'string' || options.appKey === '') throw new ImError('Param_Error', 'appKey is required');
  if (typeof options.token !== 'string' || options.token === '') throw new ImError('Param_Error', 'token is required');
  if (!options.lbsUrl && !options.defaultLink) throw new ImError('Param_Error', 'lbsUrl or defaultLink is required');
  if (options.clientType && !(options.clientType in CLIENT_TYPES)) {
    throw new ImError('Param_Error', `clientType must be one of ${Object.keys(CLIENT_TYPES).join(', ')}`);
  }
  const reconnectionAttempts = options.reconnectionAttempts ?? RECONNECT.maxAttempts;
  if (!Number.isInteger(reconnectionAttempts) || reconnectionAttempts < 0 || reconnectionAttempts > RECONNECT.maxAttempts) {
    throw new ImError('Param_Error', `reconnectionAttempts must be 0 to ${RECONNECT.maxAttempts}`);
  }
  const survival = options.nosSurvivalTime;
  return {
    ...options,
    clientType: options.clientType ?? (isNode() ? 'Server' : 'Web'),
    transports: options.transports ?? ['polling', 'websocket'],
    linkPath: options.linkPath ?? '/im/link/',
    heartbeatInterval: options.heartbeatInterval ?? 60_000,
    reconnectionAttempts,
    logLevel: options.logLevel ?? 'warn',
    nosSurvivalTime: typeof survival === 'number' && survival >= LIMITS.minNosSurvivalTimeS ? survival : Infinity,
  };
}

/** An endpoint beside the load balancer (or the default link), with the app key in its query. */
function besideServer(options: ResolvedOptions, path: string, query: Record<string, string>): string | undefined {
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
  return besideServer(options, '/im/log/lines', { appkey: options.appKey, uid: options.account, platform: 'web' });
}

/** Where error statistics go; off together with the log upload. */
export function defaultErrorReportUrl(options: ResolvedOptions): string | undefined {
  if (options.logUploadUrl === 'off') return undefined;
  return besideServer(options, '/im/statistics/errors', { appkey: options.appKey });
}
