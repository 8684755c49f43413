// Nonces already used by each app, kept in the store (so every server process shares them)
// until the CurTime they came with leaves the window; a nonce seen again inside it is a replay.
import { isUniqueViolation, type Store } from '../../store/index.ts';

/** How often, at most, one process deletes expired nonces. */
const PRUNE_EVERY_MS = 60_000;

export class RestNonces {
  private lastPrune = 0;

  constructor(private readonly store: Store) {}

  /** Records the nonce; false when the app already used it and it has not expired. */
  async remember(appKey: string, nonce: string, expiresAt: number, now: number): Promise<boolean> {
    await this.pruneNowAndThen(now);
    try {
      await this.store.db
        .insertInto('im_rest_nonces')
        .values({ app_key: appKey, nonce, expires_at: expiresAt })
        .execute();
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // The same nonce may come back legitimately once its earlier use has expired.
    const result = await this.store.db
      .updateTable('im_rest_nonces')
      .set({ expires_at: expiresAt })
      .where('app_key', '=', appKey)
      .where('nonce', '=', nonce)
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private async pruneNowAndThen(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.store.db.deleteFrom('im_rest_nonces').where('expires_at', '<', now).execute();
  }
}
