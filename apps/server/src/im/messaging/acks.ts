// Read acknowledgements: an account's ack of a session moves forward only, and its other devices
// learn of each move (sessionAck), so unread counts agree everywhere.
import type { Msg } from '@morsel/protocol';
import { CommandError, type Session, type Gateway } from '../gateway/index.ts';
import type { Store } from '../../store/index.ts';
import type { SceneRegistry } from './scenes.ts';
import { sessionIdOf } from './scenes.ts';
import { advanceAck, getSessionRow, openSessionRow } from './session-store.ts';

export interface AckDeps {
  store: Store;
  gateway: Gateway;
  scenes: SceneRegistry;
  now: () => number;
}

/** Moves the session's ack to `timetag` if that is newer; false when it was not. */
export async function ackSession(
  deps: AckDeps,
  session: Session,
  connectionId: string,
  scene: Msg['scene'],
  to: string,
  timetag: number,
): Promise<boolean> {
  const db = deps.store.db;
  // Account ids are stored in lower case: `p2p-Alice` is the session `p2p-alice` (docs/im-messaging.md).
  const sessionId = sessionIdOf(scene, scene === 'p2p' ? to.toLowerCase() : to);
  if (!(await getSessionRow(db, session.appKey, session.accid, sessionId))) {
    // Super-team members have no session row until they first read: it is made here.
    const conversation = await deps.scenes
      .get(scene)
      .forReading(session.appKey, session.accid, to)
      .catch(() => undefined);
    if (!conversation?.group) throw new CommandError(404, 'session not found');
    const place = { appKey: session.appKey, accid: session.accid, sessionId, scene, peer: to };
    await openSessionRow(db, { ...place, convKey: conversation.convKey }, deps.now());
  }
  if (!(await advanceAck(db, session.appKey, session.accid, sessionId, timetag, deps.now())))
    return false;
  await deps.gateway.pushToAccount(
    session,
    'sessionAck',
    { ack: { sessionId, ack: timetag } },
    connectionId,
  );
  return true;
}
