// A stored message an account may act on (recall, receipts, read marks, extras): it exists, is
// not recalled, belongs to a conversation the account may read and is not from before the
// account could read it (a team member's join). Anything else is 404, so ids do not leak.
import type { Kysely } from 'kysely';
import type { Msg } from '@morsel/protocol';
import type { Database } from '../../store/index.ts';
import { CommandError, type AccountKey } from '../gateway/index.ts';
import { findMessage } from './message-store.ts';
import type { SceneRegistry } from './scenes.ts';
import { peerOf, readableIn, sessionIdOf } from './scenes.ts';

export async function readableMessage(
  db: Kysely<Database>,
  scenes: SceneRegistry,
  account: AccountKey,
  idServer: string,
) {
  const row = await findMessage(db, account.appKey, idServer);
  if (!row || row.deleted_at !== null) throw new CommandError(404, 'message not found');
  const peer = peerOf(row, account.accid);
  const conversation = await scenes
    .get(row.scene as Msg['scene'])
    .forReading(account.appKey, account.accid, peer);
  if (!readableIn(conversation, row)) throw new CommandError(404, 'message not found');
  return { row, conversation, peer, sessionId: sessionIdOf(row.scene as Msg['scene'], peer) };
}
