// Stored system messages (friend requests, later team requests): written once, pushed to the
// recipient's devices, read-marked by the recipient, synced to devices that were offline.
import type { Kysely } from 'kysely';
import type { SysMsg, SysMsgType } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import type { Gateway, AccountKey } from '../gateway/index.ts';
import { insertSysMsg, setSysMsgsRead, storePendingRequest } from './sysmsg-store.ts';
import type { ImSysMsgTable } from './tables.ts';

export { PENDING_SYSMSGS_MAX } from './sysmsg-store.ts';

const CATEGORY: Record<SysMsgType, SysMsg['category']> = {
  applyTeam: 'team',
  rejectTeamApply: 'team',
  teamInvite: 'team',
  rejectTeamInvite: 'team',
  applySuperTeam: 'superTeam',
  rejectSuperTeamApply: 'superTeam',
  superTeamInvite: 'superTeam',
  rejectSuperTeamInvite: 'superTeam',
  addFriend: 'friend',
  applyFriend: 'friend',
  passFriendApply: 'friend',
  rejectFriendApply: 'friend',
  deleteFriend: 'friend',
  deleteMsg: 'msg',
  deleteMsgP2pOneWay: 'msg',
  deleteMsgTeamOneWay: 'msg',
  deleteMsgSuperTeam: 'msg',
  customP2p: 'msg',
  customTeam: 'msg',
  customSuperTeam: 'msg',
};

/** The id of a custom system message that reaches online devices only (it is never stored). */
export const onlineOnlyId = (time: number) => `c${time}${Math.floor(Math.random() * 1e6)}`;

const CUSTOM_TYPES: ReadonlySet<SysMsgType> = new Set([
  'customP2p',
  'customTeam',
  'customSuperTeam',
]);

/**
 * The row as it travels. A custom system message's content is kept in the attach column and goes
 * out as `content` (document 2: custom types need content); the sender is the acting account.
 */
export function toSysMsg(row: Omit<ImSysMsgTable, 'id'> & { id: number }): SysMsg {
  const type = row.type as SysMsgType;
  const custom = CUSTOM_TYPES.has(type);
  return {
    idServer: String(row.id),
    type,
    category: row.category as SysMsg['category'],
    from: row.from_accid,
    to: row.target ?? row.to_accid,
    time: Number(row.time),
    opeAccount: row.from_accid,
    ...(row.ps !== null && { ps: row.ps }),
    ...(row.attach !== null && (custom ? { content: row.attach } : { attach: row.attach })),
    read: row.read === 1,
    state: row.state as SysMsg['state'],
  };
}

export interface NewSysMsg {
  appKey: string;
  type: SysMsgType;
  from: string;
  to: string;
  ps?: string;
  /** A request's details (JSON), or a custom system message's content. */
  attach?: string;
  /** Addressed to this (a team id) rather than to the recipient `to`. */
  target?: string;
  state?: SysMsg['state'];
}

/**
 * Stores a system message and pushes it to the recipient's devices. A request that repeats one
 * still pending (same type, sender, recipient, target and details) replaces it: same id, the new
 * ps and time, unread again; so one sender can never pile up copies in someone's inbox. Past
 * PENDING_SYSMSGS_MAX unhandled requests for a recipient, the oldest are dropped.
 */
export async function sendSysMsg(
  db: Kysely<Database>,
  gateway: Gateway,
  input: NewSysMsg,
  now: number,
): Promise<SysMsg> {
  const row = {
    app_key: input.appKey,
    to_accid: input.to,
    from_accid: input.from,
    type: input.type,
    category: CATEGORY[input.type],
    ps: input.ps ?? null,
    attach: input.attach ?? null,
    target: input.target ?? null,
    state: input.state ?? 'init',
    read: 0,
    time: now,
    updated_at: now,
  };
  const id =
    row.state === 'init' ? await storePendingRequest(db, row) : await insertSysMsg(db, row);
  const sysMsg = toSysMsg({ ...row, id });
  await gateway.pushToAccount({ appKey: input.appKey, accid: input.to }, 'sysMsg', { sysMsg });
  return sysMsg;
}

/** Marks system messages sent to the account read; its other devices learn which (sysMsgsRead). */
export async function markSysMsgsRead(
  db: Kysely<Database>,
  gateway: Gateway,
  account: AccountKey,
  connectionId: string,
  ids: string[],
  now: number,
): Promise<void> {
  const numeric = ids.filter((id) => /^\d+$/.test(id)).map(Number);
  if (numeric.length === 0) return;
  await setSysMsgsRead(db, account.appKey, account.accid, numeric, now);
  await gateway.pushToAccount(account, 'sysMsgsRead', { ids: numeric.map(String) }, connectionId);
}
