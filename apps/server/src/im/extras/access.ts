// What every extras handler needs: the message a key names, checked against the caller (only
// participants of its conversation may act on it), its wire key, and the accounts to tell.
import { sql, type RawBuilder } from 'kysely';
import type { Msg, PushName, PushParams, RequestOf } from '@morsel/protocol';
import type { Store } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { Session } from '../gateway/index.ts';
import type { Gateway } from '../gateway/index.ts';
import { readableMessage as messageReadableBy } from '../messaging/index.ts';
import type { Conversation, SceneRegistry } from '../messaging/index.ts';
import { checkWrite, type WriteGuard } from '../messaging/index.ts';

export type MsgKey = RequestOf<'deleteMsgPin'>['msg'];

export interface ExtrasDeps {
  store: Store;
  gateway: Gateway;
  scenes: SceneRegistry;
  /** Messaging's checks of writes into a conversation (blacklists), run before an extra is stored. */
  writeGuards: readonly WriteGuard[];
  /** Collects one account may keep (403 beyond). */
  collectsPerAccount: number;
  now: () => number;
}

export interface MessageRow {
  id: number;
  scene: string;
  from_accid: string;
  to_target: string;
  id_client: string;
  time: number;
  conv_key: string;
}

/** The key clients name a stored message by. */
export function keyOfRow(row: MessageRow): MsgKey {
  return {
    scene: row.scene as Msg['scene'],
    from: row.from_accid,
    to: row.to_target,
    idServer: String(row.id),
    idClient: row.id_client,
    time: Number(row.time),
  };
}

/**
 * A message the caller may act on: stored, not recalled, and in a conversation the caller takes
 * part in (messaging's readableMessage). Anything else is "not found", so ids do not leak.
 */
export function readableMessage(deps: ExtrasDeps, session: Session, idServer: string) {
  return messageReadableBy(deps.store.db, deps.scenes, session, idServer);
}

/**
 * A message the caller may add something to that its conversation's other side sees (a quick
 * comment, a pin): readable, and every write guard passes (a blocker hears nothing, 7101).
 */
export async function writableMessage(deps: ExtrasDeps, session: Session, idServer: string) {
  const readable = await readableMessage(deps, session, idServer);
  await checkWrite(deps.writeGuards, session, readable.conversation);
  return readable;
}

/** Like readableMessage, but undefined instead of a refusal (batch reads skip what they may not see). */
export async function readableOrSkip(deps: ExtrasDeps, session: Session, idServer: string) {
  try {
    return await readableMessage(deps, session, idServer);
  } catch (error) {
    if (error instanceof CommandError) return undefined;
    throw error;
  }
}

/** Pushes to every device of the conversation's accounts but the connection that acted. */
export async function pushToConversation<N extends PushName>(
  gateway: Gateway,
  conversation: Conversation,
  connection: { id: string; session: Session },
  name: N,
  params: PushParams<N>,
): Promise<void> {
  for (const account of conversation.audience) {
    const except = account.accid === connection.session.accid ? connection.id : undefined;
    await gateway.pushToAccount(account, name, params, except);
  }
}

/**
 * The message joined as `m` is one the account may still read: a one-to-one conversation it has
 * a session in, or a team or super team it is a valid member of, from its join on. What pin and
 * comment sync covers: leaving a team ends it even though the session row stays. Team
 * memberships are read here in SQL (a join, not a call to the teams feature) because sync reads
 * every conversation of the account in one statement.
 */
export function readableByAccount(appKey: string, accid: string): RawBuilder<boolean> {
  return sql<boolean>`(
    (m.scene = 'p2p' and m.conv_key in (select conv_key from im_sessions where app_key = ${appKey} and accid = ${accid}))
    or exists (
      select 1 from im_team_members tm
      where tm.app_key = ${appKey} and tm.accid = ${accid} and tm.valid = 1
        and m.conv_key = m.scene || ':' || cast(tm.team_id as varchar(20)) and m.time >= tm.join_time
    )
  )`;
}
