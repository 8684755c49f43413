// Deleting sessions on the server (deleteSessions 7:9 and deleteServerSessions 7:22 delete the
// same rows: this server keeps one session list per account). The row stays, marked deleted, so a
// new message brings the session back; its ack moves to now, so it comes back with only the new
// message unread. The account's other devices drop the sessions too.
import { sql } from 'kysely';
import type { Session, Gateway } from '../gateway/index.ts';
import type { Store } from '../../store/index.ts';

export async function deleteSessions(
  deps: { store: Store; gateway: Gateway; now: () => number },
  session: Session,
  connectionId: string,
  sessionIds: string[],
): Promise<void> {
  const now = deps.now();
  await deps.store.db
    .updateTable('im_sessions')
    .set({
      deleted: 1,
      updated_at: now,
      ack: sql`case when ack > cast(${now} as bigint) then ack else cast(${now} as bigint) end`,
    })
    .where('app_key', '=', session.appKey)
    .where('accid', '=', session.accid)
    .where('session_id', 'in', sessionIds)
    .execute();
  await deps.gateway.pushToAccount(session, 'sessionsDeleted', { sessionIds }, connectionId);
}
