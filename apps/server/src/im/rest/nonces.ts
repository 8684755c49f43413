// Nonces already used by each app, kept in the store (so every server process shares them)
// until the CurTime they came with leaves the window; a nonce seen again inside it is a replay.
import type { Store } from '../../store/index.ts';
import { claimNonce, deleteExpiredNonces } from './nonce-store.ts';

/** How often, at most, one process deletes expired nonces. */
const PRUNE_EVERY_MS = 60_000;

export class RestNonces {
  private lastPrune = 0;

  constructor(private readonly store: Store) {}

  /** Records the nonce; false when the app already used it and it has not expired. */
  async remember(appKey: string, nonce: string, expiresAt: number, now: number): Promise<boolean> {
    await this.pruneNowAndThen(now);
    // The same nonce may come back legitimately once its earlier use has expired.
    return claimNonce(this.store.db, appKey, nonce, expiresAt, now);
  }

  private async pruneNowAndThen(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await deleteExpiredNonces(this.store.db, now);
  }
}
