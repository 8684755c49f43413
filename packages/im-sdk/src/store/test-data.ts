// Messages and sessions for the store's tests, shaped as the managers make them, and the visits
// of a page (a memory store with its local database).
import type { ImError } from '@morsel/protocol';
import type { ClientMsg, ClientSession } from '../model.ts';
import { LocalDb } from './local-db.ts';
import { MemoryStore } from './memory-store.ts';

/** One visit of a page: a memory store with its database, for an app key of the test's own. */
export async function visit(appKey: string, extra: { userAgent?: string; enabled?: boolean } = {}) {
  const errors: ImError[] = [];
  const store = new MemoryStore();
  const db = new LocalDb(store, {
    appKey,
    account: 'Me',
    enabled: extra.enabled ?? true,
    hasIndexedDB: true,
    userAgent: extra.userAgent,
    onError: (e) => errors.push(e),
  });
  await db.load();
  return { store, db, errors };
}

let counter = 0;

export function msg(sessionPeer: string, time: number, extra: Partial<ClientMsg> = {}): ClientMsg {
  counter++;
  return {
    scene: 'p2p',
    from: sessionPeer,
    to: 'me',
    type: 0,
    text: `message ${counter}`,
    idClient: `c${counter}-${time}`,
    idServer: `s${counter}`,
    time,
    sessionId: `p2p-${sessionPeer}`,
    target: sessionPeer,
    flow: 'in',
    status: 'success',
    ...extra,
  } as ClientMsg;
}

export function session(
  peer: string,
  updateTime: number,
  extra: Partial<ClientSession> = {},
): ClientSession {
  return {
    id: `p2p-${peer}`,
    scene: 'p2p',
    to: peer,
    updateTime,
    unread: 0,
    ack: 0,
    ...extra,
  } as ClientSession;
}
