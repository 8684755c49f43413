// Loading a page's chunk (spec section 8): a failed or stalled load (120 s) becomes a
// ChunkLoadError, which the route's error screen offers to retry.
import { LIMITS } from '../config/product.ts';
import type { PageModule } from './types.ts';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function loadChunk(
  load: () => Promise<PageModule>,
  timeoutMs: number = LIMITS.chunkLoadTimeoutMs,
): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`page chunk did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}
