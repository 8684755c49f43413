// Deleting sessions on the server (deleteSessions 7:9 and deleteServerSessions 7:22 delete the
// same rows: this server keeps one session list per account). The row stays, marked deleted, so a
// new message brings the session back; its ack moves to now, so it comes back with only the new
// message unread. The account's other devices drop the sessions too.
import type { Session, Gateway } from '../gateway/index.ts';
import type { Store } from '../../store/index.ts';
import { markSessionsDeleted } from './session-store.ts';

export async function deleteSessions(
  deps: { store: Store; gateway: Gateway; now: () => number },
  session: Session,
  connectionId: string,
  sessionIds: string[],
): Promise<void> {
  await markSessionsDeleted(deps.store.db, session.appKey, session.accid, sessionIds, deps.now());
  await deps.gateway.pushToAccount(session, 'sessionsDeleted', { sessionIds }, connectionId);
}
