// The engine when no local database is used: Node, a browser without IndexedDB, one where
// document 2 disables it (IE, legacy Edge, Safari), or the `db: false` option. The SDK works
// from memory alone; calls that read the database return empty results and calls that need it
// fail with NO_DB 'no db' (document 2, section 8).
import { ImError } from '@morsel/protocol';
import type { StoreSnapshot } from './memory-store.ts';
import type { Persistence } from './persistence.ts';

export class NoDbPersistence implements Persistence {
  readonly kind = 'none' as const;

  /** Why no database is used, for the logs. */
  constructor(readonly reason: string) {}

  async load(): Promise<StoreSnapshot> {
    return { timetags: {}, sessions: [], msgs: [] };
  }

  async write(): Promise<void> {
    // Nothing is kept beyond memory.
  }

  async readMsgs(): Promise<never[]> {
    return [];
  }

  async clear(): Promise<void> {
    throw new ImError('NO_DB', 'no db');
  }

  close(): void {}
}
