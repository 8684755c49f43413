// The blacklist is enforced by the server: a one-to-one message (or a quick comment, pin or
// receipt) to an account that blacklisted the sender is refused with 7101 (the sender's SDK treats
// a message as sent). The lists themselves live in relation-store.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { WriteGuard } from '../messaging/index.ts';
import { hasRelation } from './relation-store.ts';

/**
 * Refuses a write into a one-to-one conversation whose other side has blacklisted the writer: a
 * message, a quick comment, a pin or a read receipt alike (all reach the blocker's devices).
 */
export function blacklistGuard(db: Kysely<Database>): WriteGuard {
  return async ({ session, conversation }) => {
    if (conversation.scene !== 'p2p' || conversation.target === session.accid) return;
    if (await hasRelation(db, session.appKey, conversation.target, session.accid, 'blacklist')) {
      throw new CommandError(7101, 'the recipient has blacklisted the sender');
    }
  };
}
