// Every signalling query: channels, members and invitations (tables.ts). Expired channels are
// removed when their name or id is next asked for, and in bulk when an account creates one, so a
// name frees itself without a scheduled job; the rules live in signalling.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type {
  ImSignalChannelTable,
  ImSignalInviteTable,
  ImSignalMemberTable,
  SignalInviteState,
} from './tables.ts';

type Db = Kysely<Database>;

export interface InviteKey {
  appKey: string;
  channelId: string;
  inviter: string;
  invitee: string;
  requestId: string;
}

/** Ends a channel: its row and members go, its open invitations become `closed`. */
export async function deleteChannel(db: Db, appKey: string, channelId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('im_signal_members')
      .where('app_key', '=', appKey)
      .where('channel_id', '=', channelId)
      .execute();
    await trx
      .updateTable('im_signal_invites')
      .set({ state: 'closed' })
      .where('app_key', '=', appKey)
      .where('channel_id', '=', channelId)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .deleteFrom('im_signal_channels')
      .where('app_key', '=', appKey)
      .where('channel_id', '=', channelId)
      .execute();
  });
}

/** The live channel with this id; an expired one is deleted on the way and not returned. */
export async function liveChannelById(
  db: Db,
  appKey: string,
  channelId: string,
  now: number,
): Promise<ImSignalChannelTable | undefined> {
  const row = await db
    .selectFrom('im_signal_channels')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  if (row && Number(row.expires_at) <= now) {
    await deleteChannel(db, appKey, channelId);
    return undefined;
  }
  return row && normaliseChannel(row);
}

/** The live channel with this name (see liveChannelById). */
export async function liveChannelByName(
  db: Db,
  appKey: string,
  channelName: string,
  now: number,
): Promise<ImSignalChannelTable | undefined> {
  const row = await db
    .selectFrom('im_signal_channels')
    .select('channel_id')
    .where('app_key', '=', appKey)
    .where('channel_name', '=', channelName)
    .executeTakeFirst();
  return row && liveChannelById(db, appKey, row.channel_id, now);
}

/** Removes the account's expired channels; returns how many live ones it still created. */
export async function pruneAndCountCreated(
  db: Db,
  appKey: string,
  creator: string,
  now: number,
): Promise<number> {
  const expired = await db
    .selectFrom('im_signal_channels')
    .select('channel_id')
    .where('app_key', '=', appKey)
    .where('creator', '=', creator)
    .where('expires_at', '<=', now)
    .execute();
  for (const { channel_id } of expired) await deleteChannel(db, appKey, channel_id);
  const live = await db
    .selectFrom('im_signal_channels')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('app_key', '=', appKey)
    .where('creator', '=', creator)
    .executeTakeFirstOrThrow();
  return Number(live.n);
}

/**
 * Inserts a channel; false when its name is taken (a concurrent create of the same name loses
 * on the unique constraint and is told 10405, like any other).
 */
export async function insertChannel(db: Db, row: ImSignalChannelTable): Promise<boolean> {
  const inserted = await db
    .insertInto('im_signal_channels')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Moves a channel's expiry, and its open invitations' with it. */
export async function extendChannel(
  db: Db,
  appKey: string,
  channelId: string,
  expiresAt: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('im_signal_channels')
      .set({ expires_at: expiresAt })
      .where('app_key', '=', appKey)
      .where('channel_id', '=', channelId)
      .execute();
    await trx
      .updateTable('im_signal_invites')
      .set({ expires_at: expiresAt })
      .where('app_key', '=', appKey)
      .where('channel_id', '=', channelId)
      .where('state', '=', 'pending')
      .execute();
  });
}

export async function channelMembers(
  db: Db,
  appKey: string,
  channelId: string,
): Promise<ImSignalMemberTable[]> {
  const rows = await db
    .selectFrom('im_signal_members')
    .selectAll()
    .where('app_key', '=', appKey)
    .where('channel_id', '=', channelId)
    .orderBy('created_at')
    .orderBy('accid')
    .execute();
  return rows.map((r) => ({ ...r, uid: Number(r.uid), created_at: Number(r.created_at) }));
}

/** Adds a member; false when the account is already in the channel. */
export async function insertMember(db: Db, row: ImSignalMemberTable): Promise<boolean> {
  const inserted = await db
    .insertInto('im_signal_members')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a member; false when the account was not in the channel. */
export async function deleteMember(
  db: Db,
  appKey: string,
  channelId: string,
  accid: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('im_signal_members')
    .where('app_key', '=', appKey)
    .where('channel_id', '=', channelId)
    .where('accid', '=', accid)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The live channels the account is in, with their expiry (channels sync at login). */
export async function channelsOfMember(
  db: Db,
  appKey: string,
  accid: string,
  now: number,
): Promise<ImSignalChannelTable[]> {
  const rows = await channelsOfMemberQuery(db, appKey, accid, now)
    .orderBy('c.created_at')
    .execute();
  return rows.map(normaliseChannel);
}

/** The rows channelsOfMember reads (the sync's probe is their EXISTS). */
export function channelsOfMemberQuery(db: Db, appKey: string, accid: string, now: number) {
  return db
    .selectFrom('im_signal_members as m')
    .innerJoin('im_signal_channels as c', (join) =>
      join.onRef('c.app_key', '=', 'm.app_key').onRef('c.channel_id', '=', 'm.channel_id'),
    )
    .selectAll('c')
    .where('m.app_key', '=', appKey)
    .where('m.accid', '=', accid)
    .where('c.expires_at', '>', now);
}

export async function findInvite(db: Db, key: InviteKey): Promise<ImSignalInviteTable | undefined> {
  const row = await db
    .selectFrom('im_signal_invites')
    .selectAll()
    .where('app_key', '=', key.appKey)
    .where('channel_id', '=', key.channelId)
    .where('inviter', '=', key.inviter)
    .where('invitee', '=', key.invitee)
    .where('request_id', '=', key.requestId)
    .executeTakeFirst();
  return row && normaliseInvite(row);
}

/** Stores a pending invitation, replacing an earlier one with the same key (a re-ring). */
export async function upsertInvite(db: Db, row: ImSignalInviteTable): Promise<void> {
  const { app_key: _a, channel_id: _c, inviter: _i, invitee: _e, request_id: _r, ...rest } = row;
  await db
    .insertInto('im_signal_invites')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['app_key', 'channel_id', 'inviter', 'invitee', 'request_id']).doUpdateSet(rest),
    )
    .execute();
}

/**
 * Moves a pending invitation to its answer; false when it was no longer pending (a concurrent
 * answer from another device won).
 */
export async function settleInvite(
  db: Db,
  key: InviteKey,
  state: Exclude<SignalInviteState, 'pending'>,
  answeredBy: string | null,
): Promise<boolean> {
  const updated = await db
    .updateTable('im_signal_invites')
    .set({ state, answered_by: answeredBy })
    .where('app_key', '=', key.appKey)
    .where('channel_id', '=', key.channelId)
    .where('inviter', '=', key.inviter)
    .where('invitee', '=', key.invitee)
    .where('request_id', '=', key.requestId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Marks the invitations to `invitee` with these notification ids received (signalingMarkMsgRead);
 * ids of other accounts' invitations, or of notifications that are not invitations, change nothing.
 */
export async function markInvitesRead(
  db: Db,
  appKey: string,
  invitee: string,
  msgids: string[],
  now: number,
): Promise<void> {
  if (msgids.length === 0) return;
  await db
    .updateTable('im_signal_invites')
    .set({ read_at: now })
    .where('app_key', '=', appKey)
    .where('invitee', '=', invitee)
    .where('msgid', 'in', msgids)
    .where('read_at', 'is', null)
    .execute();
}

/** Pending invitations the inviter holds now (the per-account cap). */
export async function countPendingInvitesBy(
  db: Db,
  appKey: string,
  inviter: string,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('im_signal_invites')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('app_key', '=', appKey)
    .where('inviter', '=', inviter)
    .where('state', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The offline-enabled invitations still waiting for the account, with their live channel
 * (unread sync at login), oldest first.
 */
export async function pendingOfflineInvitesFor(
  db: Db,
  appKey: string,
  invitee: string,
  now: number,
): Promise<{ invite: ImSignalInviteTable; channel: ImSignalChannelTable }[]> {
  const rows = await pendingOfflineInvitesQuery(db, appKey, invitee, now)
    .orderBy('i.created_at')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    invite: normaliseInvite(r),
    channel: normaliseChannel({
      app_key: r.app_key,
      channel_id: r.channel_id,
      channel_name: r.channel_name,
      type: r.type,
      ext: r.ext,
      creator: r.creator,
      created_at: r.channel_created_at,
      expires_at: r.channel_expires_at,
    }),
  }));
}

/** The rows pendingOfflineInvitesFor reads (the sync's probe is their EXISTS). */
export function pendingOfflineInvitesQuery(db: Db, appKey: string, invitee: string, now: number) {
  return db
    .selectFrom('im_signal_invites as i')
    .innerJoin('im_signal_channels as c', (join) =>
      join.onRef('c.app_key', '=', 'i.app_key').onRef('c.channel_id', '=', 'i.channel_id'),
    )
    .select([
      'i.app_key',
      'i.channel_id',
      'i.inviter',
      'i.invitee',
      'i.request_id',
      'i.state',
      'i.answered_by',
      'i.offline_enabled',
      'i.attach_ext',
      'i.push_info',
      'i.msgid',
      'i.read_at',
      'i.created_at',
      'i.expires_at',
      'c.channel_name',
      'c.type',
      'c.ext',
      'c.creator',
      'c.created_at as channel_created_at',
      'c.expires_at as channel_expires_at',
    ])
    .where('i.app_key', '=', appKey)
    .where('i.invitee', '=', invitee)
    .where('i.state', '=', 'pending')
    .where('i.offline_enabled', '=', 1)
    .where('i.read_at', 'is', null)
    .where('c.expires_at', '>', now);
}

/**
 * The pruning schedule: ends expired channels (a few hundred at a time) and deletes invitations
 * whose channel time is over.
 */
export async function pruneExpired(db: Db, now: number): Promise<void> {
  const expired = await db
    .selectFrom('im_signal_channels')
    .select(['app_key', 'channel_id'])
    .where('expires_at', '<=', now)
    .limit(500)
    .execute();
  for (const row of expired) await deleteChannel(db, row.app_key, row.channel_id);
  await db.deleteFrom('im_signal_invites').where('expires_at', '<=', now).execute();
}

// PostgreSQL answers bigint columns as strings.
const normaliseChannel = (row: ImSignalChannelTable): ImSignalChannelTable => ({
  ...row,
  type: Number(row.type),
  created_at: Number(row.created_at),
  expires_at: Number(row.expires_at),
});

const normaliseInvite = (row: ImSignalInviteTable): ImSignalInviteTable => ({
  app_key: row.app_key,
  channel_id: row.channel_id,
  inviter: row.inviter,
  invitee: row.invitee,
  request_id: row.request_id,
  state: row.state,
  answered_by: row.answered_by,
  offline_enabled: Number(row.offline_enabled),
  attach_ext: row.attach_ext,
  push_info: row.push_info,
  msgid: row.msgid,
  read_at: row.read_at === null ? null : Number(row.read_at),
  created_at: Number(row.created_at),
  expires_at: Number(row.expires_at),
});
