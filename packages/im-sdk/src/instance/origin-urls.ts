// The original URL behind a safe short URL (getOriginUrl 6:22), counted while in flight: the
// processing after a sync waits for pending lookups (see SyncRunner), so messages the sync
// delivered show their original URLs by onsyncdone.
import { ImError, isSafeShortUrl, SAFE_URL_RULE } from '@morsel/protocol';
import type { Send } from '../context.ts';

export class OriginUrls {
  private inFlight = 0;

  constructor(private readonly context: { send: Send }) {}

  /** Lookups not settled yet. */
  pending(): number {
    return this.inFlight;
  }

  /** Resolves the original URL; Param_Error for anything that is not a safe short URL. */
  lookup(safeShortUrl: string): Promise<string> {
    if (!isSafeShortUrl(safeShortUrl))
      return Promise.reject(new ImError('Param_Error', SAFE_URL_RULE));
    this.inFlight++;
    return this.context
      .send('getOriginUrl', { safeUrl: safeShortUrl })
      .then((reply) => reply.url)
      .finally(() => {
        this.inFlight--;
      });
  }
}
