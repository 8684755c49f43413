// The post office's scheduled job (the server's pruning pattern: one interval, unref'd, stopped
// on close): recordings no card plays a day after their upload go, file and row. That covers
// drafts never finished and recordings whose cards were deleted in the database; the delete route
// already removes a recording with the last card that plays it.
import type { Kysely } from 'kysely';
import type { FileService } from '../im/files/index.ts';
import type { Logger } from '../log.ts';
import type { Database } from '../store/index.ts';
import { deleteVoice, unusedVoices } from './store/postcards.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How long a recording waits for its card before it is pruned. */
export const UNUSED_VOICE_KEPT_MS = 24 * HOUR_MS;
/**
 * How old a recording may be to go on a new card: an hour short of the pruning age, so a card
 * saved while the job runs never names a recording the job is removing.
 */
export const VOICE_USABLE_MS = UNUSED_VOICE_KEPT_MS - HOUR_MS;
export const PRUNE_VOICES_EVERY_MS = HOUR_MS;
const BATCH = 200;

export interface PruneDeps {
  db: Kysely<Database>;
  files: FileService;
  now: () => number;
}

/** Removes every recording no card plays that is past its day; answers how many went. */
export async function pruneUnusedVoices({ db, files, now }: PruneDeps): Promise<number> {
  const before = now() - UNUSED_VOICE_KEPT_MS;
  let removed = 0;
  for (;;) {
    const names = await unusedVoices(db, before, BATCH);
    for (const name of names) {
      // The file first: a row left by a failed removal is found again on the next pass.
      await files.remove(name);
      await deleteVoice(db, name);
    }
    removed += names.length;
    if (names.length < BATCH) return removed;
  }
}

export function scheduleVoicePruning(deps: PruneDeps, log: Logger, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    // A slow storage must not stack passes on top of each other.
    if (running) return;
    running = true;
    pruneUnusedVoices(deps)
      .then((removed) => {
        if (removed > 0) log.info({ removed }, 'unused post office recordings pruned');
      })
      .catch((err: unknown) => log.warn({ err }, 'post office recording pruning failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
