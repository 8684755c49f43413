// Where client logs and error reports are kept, how much each app, device and client address
// may write a day, and how long rows stay (deleted on a schedule, see index.ts).
import type { Store } from '../../store/index.ts';
import type { ImClientLogTable } from '../../store/index.ts';
import { hitCounter, peekCounter } from '../../product/index.ts';
import { nextChinaMidnight } from '../../product/index.ts';

export type ClientLogEntry = Omit<ImClientLogTable, 'id' | 'created_at'>;

export interface ClientErrorReport {
  app_key: string;
  device_id: string;
  event_count: number;
  body: string;
}

export type QuotaScope = 'app' | 'device' | 'address';

export interface DailyByteQuotas {
  app: number;
  device: number;
  address: number;
}

/** Who is writing, as the ticket and the socket say (never as the caller claims). */
export interface Writer {
  appKey: string;
  deviceId: string;
  address: string;
}

export class ClientLogStore {
  constructor(private readonly store: Store) {}

  async addLog(entry: ClientLogEntry, now: number): Promise<void> {
    await this.store.db
      .insertInto('im_client_logs')
      .values({ ...entry, created_at: now })
      .execute();
  }

  async addErrorReport(report: ClientErrorReport, now: number): Promise<void> {
    await this.store.db
      .insertInto('im_client_error_reports')
      .values({ ...report, created_at: now })
      .execute();
  }

  /**
   * Counts `bytes` against each daily quota (days end at midnight China time, like the SMS
   * limits) and returns the first scope that is over, or undefined when the write may go ahead.
   * A scope already full is refused before counting, so refused requests do not grow the counter.
   */
  async spendQuota(
    writer: Writer,
    bytes: number,
    quotas: DailyByteQuotas,
    now: number,
  ): Promise<QuotaScope | undefined> {
    const day = nextChinaMidnight(now);
    const keys: [QuotaScope, string][] = [
      ['app', `client-log:app:${writer.appKey}`],
      ['device', `client-log:device:${writer.appKey}:${writer.deviceId}`],
      ['address', `client-log:address:${writer.address}`],
    ];
    for (const [scope, key] of keys) {
      if ((await peekCounter(this.store.db, key, now)) >= quotas[scope]) return scope;
    }
    let over: QuotaScope | undefined;
    for (const [scope, key] of keys) {
      const { count } = await hitCounter(this.store.db, key, now, day, bytes);
      if (count > quotas[scope]) over ??= scope;
    }
    return over;
  }

  /** Deletes logs and error reports created before `before` (epoch ms); returns rows deleted. */
  async prune(before: number): Promise<number> {
    const logs = await this.store.db
      .deleteFrom('im_client_logs')
      .where('created_at', '<', before)
      .executeTakeFirst();
    const reports = await this.store.db
      .deleteFrom('im_client_error_reports')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(logs.numDeletedRows) + Number(reports.numDeletedRows);
  }
}
