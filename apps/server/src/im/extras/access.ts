// What every extras handler needs: the message a key names, checked against the caller (only
// participants of its conversation may act on it), its wire key, and the accounts to tell.
import type { Msg, PushName, PushParams, RequestOf } from '@morsel/protocol';
import type { Store } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { Session } from '../gateway/index.ts';
import type { Gateway } from '../gateway/index.ts';
import { readableMessage as messageReadableBy } from '../messaging/index.ts';
import type { Conversation, SceneRegistry } from '../messaging/index.ts';
import { checkWrite, type WriteGuard } from '../messaging/index.ts';

// The SQL condition lives in the extras store; pins and comments import it from here.
export { readableByAccount } from './store/readable-by-account.ts';

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
