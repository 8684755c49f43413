// Where client logs and error reports are kept, and how long: rows older than the retention
// period are deleted now and then so that chatty clients cannot fill the disk for ever.
import type { Store, ImClientLogTable } from '../../store/index.ts';

export const CLIENT_LOG_RETENTION_MS = 14 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;

export type ClientLogEntry = Omit<ImClientLogTable, 'id' | 'created_at'>;

export interface ClientErrorReport {
  app_key: string;
  device_id: string;
  event_count: number;
  body: string;
}

export class ClientLogStore {
  private lastPrune = 0;

  constructor(private readonly store: Store) {}

  async addLog(entry: ClientLogEntry): Promise<void> {
    const now = Date.now();
    await this.store.db.insertInto('im_client_logs').values({ ...entry, created_at: now }).execute();
    await this.pruneNowAndThen(now);
  }

  async addErrorReport(report: ClientErrorReport): Promise<void> {
    const now = Date.now();
    await this.store.db.insertInto('im_client_error_reports').values({ ...report, created_at: now }).execute();
    await this.pruneNowAndThen(now);
  }

  private async pruneNowAndThen(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const before = now - CLIENT_LOG_RETENTION_MS;
    await this.store.db.deleteFrom('im_client_logs').where('created_at', '<', before).execute();
    await this.store.db.deleteFrom('im_client_error_reports').where('created_at', '<', before).execute();
  }
}
