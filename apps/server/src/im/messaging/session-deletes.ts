// Deleting sessions on the server (deleteSessions 7:9 and deleteServerSessions 7:22 delete the
// same rows: this server keeps one session list per account). The row stays, marked deleted, so a
// new message brings the session back; its ack moves to now, so it comes back with only the new
// message unread, and its messages until now stop roaming (a new device, or NIM's SDK building
// sessions from roamed messages, does not see it again). The account's other devices drop the
// sessions too. A super-team member has a row only once it has read or sent (its sessions are
// computed on read), so a delete makes one.
import type { Session, Gateway } from '../gateway/index.ts';
import { CommandError } from '../gateway/index.ts';
import type { Store } from '../../store/index.ts';
import { parseSessionId, sessionIdOf, type SceneRegistry } from './scenes.ts';
import { existingSessionIds, markSessionsDeleted, openSessionRow } from './session-store.ts';

export async function deleteSessions(
  deps: { store: Store; gateway: Gateway; scenes: SceneRegistry; now: () => number },
  session: Session,
  connectionId: string,
  sessionIds: string[],
): Promise<void> {
  const db = deps.store.db;
  const now = deps.now();
  const existing = await existingSessionIds(db, session.appKey, session.accid, sessionIds);
  const marked = new Set(sessionIds);
  for (const sessionId of sessionIds) {
    if (existing.has(sessionId)) continue;
    const { scene, to } = parseSessionId(sessionId);
    // A conversation the account cannot read has nothing to roam to it: nothing to delete.
    const conversation = await deps.scenes
      .get(scene)
      .forReading(session.appKey, session.accid, to)
      .catch((error: unknown) => {
        if (error instanceof CommandError) return undefined;
        throw error;
      });
    if (!conversation) continue;
    // Stored as the conversation names its target (`p2p-Alice` is the row `p2p-alice`).
    const stored = sessionIdOf(scene, conversation.target);
    marked.add(stored);
    await openSessionRow(
      db,
      {
        appKey: session.appKey,
        accid: session.accid,
        sessionId: stored,
        convKey: conversation.convKey,
        scene,
        peer: conversation.target,
      },
      now,
    );
  }
  await markSessionsDeleted(db, session.appKey, session.accid, [...marked], now);
  await deps.gateway.pushToAccount(session, 'sessionsDeleted', { sessionIds }, connectionId);
}
