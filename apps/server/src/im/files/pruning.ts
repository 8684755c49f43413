// Scheduled removal of what has run out: files past their nosSurvivalTime (bytes, renditions and
// row) and upload grants past their time with the chunks they staged.
import fs from 'node:fs/promises';
import type { Logger } from '../../log.ts';
import type { FileService } from './file-service.ts';

const BATCH = 200;

export async function pruneFiles(service: FileService): Promise<number> {
  let removed = 0;
  for (;;) {
    const names = await service.store.expiredFiles(service.now(), BATCH);
    for (const name of names) await service.remove(name);
    removed += names.length;
    if (names.length < BATCH) break;
  }
  for (const grant of await service.store.removeExpiredGrants(service.now()))
    await fs.rm(service.stagingPath(grant), { force: true });
  return removed;
}

export function schedulePruning(service: FileService, log: Logger, everyMs: number): () => void {
  const timer = setInterval(() => {
    pruneFiles(service).catch((err: unknown) => log.warn({ err }, 'file pruning failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
