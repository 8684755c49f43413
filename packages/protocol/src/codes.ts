// Every code of spec/messaging.md section 8 with its meaning, and the named errors, in one
// catalogue. The server answers with these codes; the SDK turns them into ImError.

export const CODES = {
  200: 'success',
  201: 'client version wrong, upgrade needed',
  302: 'wrong user name or password',
  403: 'illegal operation or no permission',
  404: 'object not found',
  405: 'parameter too long',
  406: 'no change',
  408: 'request timeout',
  414: 'parameter error',
  415: 'service unavailable, no chatroom server',
  416: 'frequency control',
  417: 'duplicate operation',
  419: 'quota exceeded',
  422: 'account disabled',
  500: 'server error',
  501: 'database failure',
  503: 'server busy',
  508: 'deletion expired',
  509: 'invalidated',
  7101: 'blocked (recipient blacklisted sender)',
  801: 'team full',
  802: 'no permission',
  803: 'team missing or unchanged',
  804: 'user not in team',
  805: 'team type mismatch',
  806: 'team creation limit',
  807: 'member state wrong',
  808: 'request sent',
  809: 'already in team',
  810: 'invitation sent',
  811: 'forced-push list too long',
  812: 'team muted',
  813: 'partial invite success due to team limit',
  814: 'read receipts disabled for teams',
  815: 'admin limit',
  997: 'protocol expired',
  998: 'unpack error',
  999: 'pack error',
  3001: 'load balancer unreachable, default link used',
  9102: 'channel invalid',
  9103: 'call already answered or rejected on another device',
  11001: 'peer offline',
  13002: 'chatroom state abnormal',
  13003: 'in blacklist',
  13004: 'in mute list',
  13006: 'chatroom fully muted, only admins speak',
  // Signalling
  10201: 'peer offline',
  10202: 'peer push offline',
  10404: 'room not exists',
  10405: 'room exists',
  10406: 'member not exists',
  10407: 'member exists',
  10408: 'invite not exists',
  10409: 'invite rejected',
  10410: 'invite accepted',
  10417: 'uid conflict',
  10419: 'member limit exceeded',
  10420: 'member exists on other client',
} as const;

export type Code = keyof typeof CODES;

/** Reply codes that are not errors (406 on team members means "empty", 808/810 "sent"). */
export const NON_ERROR_CODES: ReadonlySet<number> = new Set([200, 406, 808, 810]);

/** Codes worth recording for diagnostics when they happen. */
export const DIAGNOSTIC_CODES: ReadonlySet<number> = new Set([408, 415, 500]);

export const NAMED_ERRORS = [
  'Connect_Failed',
  'Error_Internet_Disconnected',
  'Error_Connection_is_not_Established',
  'Error_Connection_Socket_State_not_Match',
  'Error_Timeout',
  'Param_Error',
  'No_File_Selected',
  'Wrong_File_Type',
  'File_Too_Large',
  'Cross_Origin_Iframe',
  'Not_Support',
  'NO_DB',
  'DB',
  'Still_In_Team',
  'Session_Exist',
  'Session_Not_Exist',
  'Error_Unknown',
  'Operation_Canceled',
  'Not_Allow_Multi_Instance',
] as const;

export type NamedError = (typeof NAMED_ERRORS)[number];

export const SYNC_ERRORS = [
  'SYNC_DATA_ERROR',
  'SYNC_SESSION_ACK_ERROR',
  'SYNC_promiseArray_ERROR',
  'SYNC_TEAM_MEMBERS_ERROR',
  'EVENT_SERVICE_ERROR',
] as const;

/** The message for a code; unknown codes get the generic one, as the spec says. */
export function describeCode(code: number): string {
  return (CODES as Record<number, string>)[code] ?? 'operation failed';
}

/** Why the server ended a login session (spec section 4, login kick reasons). */
export const KICK_REASONS = {
  samePlatformKick: 1,
  serverKick: 2,
  otherPlatformKick: 3,
  silentlyKick: 4,
} as const;
export type KickReason = keyof typeof KICK_REASONS;

export const KICK_MESSAGES: Record<KickReason, string> = {
  samePlatformKick: 'the same account may not log in at several places on the same platform',
  serverKick: 'kicked by the server',
  otherPlatformKick: 'kicked by another device',
  silentlyKick: 'silently kicked; reconnecting',
};

/** An error with a numeric code or a named error, thrown by the SDK and carried in replies. */
export class ImError extends Error {
  readonly code: number | NamedError | (typeof SYNC_ERRORS)[number];
  readonly event?: unknown;

  constructor(code: ImError['code'], message?: string, event?: unknown) {
    super(message ?? (typeof code === 'number' ? describeCode(code) : code));
    this.name = 'ImError';
    this.code = code;
    if (event !== undefined) this.event = event;
  }
}
