// Every query of the IM files feature: stored objects, upload grants and their chunk progress,
// the daily usage the quotas read, and what the pruning removes.
import type { Kysely } from 'kysely';
import { inTransaction, type Database } from '../../store/index.ts';
import type { Selectable } from 'kysely';
import type { ImFileAccessTokenTable, ImFileTable, ImUploadGrantTable } from './tables.ts';

export type StoredFile = Selectable<ImFileTable>;
export type NewFile = Omit<StoredFile, 'renditions'>;
export type UploadGrant = ImUploadGrantTable;

export interface Usage {
  bytes: number;
  count: number;
}

export class FileStore {
  constructor(private readonly db: Kysely<Database>) {}

  async addGrants(grants: UploadGrant[]): Promise<void> {
    if (grants.length) await this.db.insertInto('im_upload_grants').values(grants).execute();
  }

  /** Grants of this account not yet spent nor expired. */
  async liveGrantCount(appKey: string, accid: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('im_upload_grants')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async grant(tokenHash: string): Promise<UploadGrant | undefined> {
    return this.db
      .selectFrom('im_upload_grants')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Records that a chunked upload holds `received` bytes; only when it still held `expected`,
   * so two requests racing on one grant cannot both move it on.
   */
  async advanceChunks(
    tokenHash: string,
    context: string,
    expected: number,
    received: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('im_upload_grants')
      .set({ context, received })
      .where('token_hash', '=', tokenHash)
      .where('received', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Turns a grant into a stored file, in one transaction: a token writes one object once. */
  async completeUpload(tokenHash: string, file: NewFile): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const removed = await trx
        .deleteFrom('im_upload_grants')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      await trx.insertInto('im_files').values(file).execute();
      return true;
    });
  }

  /** A file the server made itself (a document's page picture): no grant, no upload. */
  async addFile(file: NewFile): Promise<void> {
    await this.db.insertInto('im_files').values(file).execute();
  }

  async file(objectName: string): Promise<StoredFile | undefined> {
    return this.db
      .selectFrom('im_files')
      .selectAll()
      .where('object_name', '=', objectName)
      .executeTakeFirst();
  }

  /** A live file of this app with this content, for quick transfer. */
  async fileByContent(
    appKey: string,
    md5: string,
    size: number,
    now: number,
  ): Promise<StoredFile | undefined> {
    return this.db
      .selectFrom('im_files')
      .selectAll()
      .where('app_key', '=', appKey)
      .where('md5', '=', md5)
      .where('size', '=', size)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts one more cached rendition if the file has fewer than `max`; false when it is full. */
  async claimRendition(objectName: string, max: number): Promise<boolean> {
    const result = await this.db
      .updateTable('im_files')
      .set((eb) => ({ renditions: eb('renditions', '+', 1) }))
      .where('object_name', '=', objectName)
      .where('renditions', '<', max)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setSafeUrl(objectName: string, safeUrl: string): Promise<void> {
    await this.db
      .updateTable('im_files')
      .set({ safe_url: safeUrl })
      .where('object_name', '=', objectName)
      .execute();
  }

  async accountUsageSince(appKey: string, accid: string, since: number): Promise<Usage> {
    const row = await this.db
      .selectFrom('im_files')
      .select((eb) => [eb.fn.sum<number>('size').as('bytes'), eb.fn.countAll<number>().as('count')])
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { bytes: Number(row.bytes ?? 0), count: Number(row.count) };
  }

  async addressUsageSince(address: string, since: number): Promise<Usage> {
    const row = await this.db
      .selectFrom('im_files')
      .select((eb) => [eb.fn.sum<number>('size').as('bytes'), eb.fn.countAll<number>().as('count')])
      .where('address', '=', address)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { bytes: Number(row.bytes ?? 0), count: Number(row.count) };
  }

  /** Files whose survival time ran out, oldest first, at most `limit`. */
  async expiredFiles(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('im_files')
      .select('object_name')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.object_name);
  }

  async removeFiles(objectNames: string[]): Promise<void> {
    if (!objectNames.length) return;
    await this.db
      .deleteFrom('im_file_access_tokens')
      .where('object_name', 'in', objectNames)
      .execute();
    await this.db.deleteFrom('im_files').where('object_name', 'in', objectNames).execute();
  }

  // Access tokens (getNosAccessToken) -------------------------------------------------------------

  async addAccessToken(row: ImFileAccessTokenTable): Promise<void> {
    await this.db.insertInto('im_file_access_tokens').values(row).execute();
  }

  async accessTokenCount(appKey: string, accid: string): Promise<number> {
    const row = await this.db
      .selectFrom('im_file_access_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The object a token opens, or undefined when it was never issued or was deleted. */
  async accessTokenObject(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('im_file_access_tokens')
      .select('object_name')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.object_name;
  }

  /** Deletes the account's token; false when it has no such token. */
  async removeAccessToken(tokenHash: string, appKey: string, accid: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('im_file_access_tokens')
      .where('token_hash', '=', tokenHash)
      .where('app_key', '=', appKey)
      .where('accid', '=', accid)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Grants past their time; the caller deletes their staged chunks too. */
  async removeExpiredGrants(now: number): Promise<UploadGrant[]> {
    const rows = await this.db
      .selectFrom('im_upload_grants')
      .selectAll()
      .where('expires_at', '<=', now)
      .execute();
    if (rows.length)
      await this.db
        .deleteFrom('im_upload_grants')
        .where(
          'token_hash',
          'in',
          rows.map((r) => r.token_hash),
        )
        .execute();
    return rows;
  }
}
