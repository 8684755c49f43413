// Where uploaded file bytes live. The feature sees only this interface: local disk by default,
// an S3-compatible bucket for deployments (MORSEL_S3_*). Keys are the server's own object names
// (and derived keys for cached renditions), never a client path.
import type { Readable } from 'node:stream';

export interface ObjectStorage {
  /** Stores the file at `sourcePath` (a finished upload on local disk) under `key`. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<Readable | undefined>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix/` (a file's cached renditions). */
  deletePrefix(prefix: string): Promise<void>;
}

/** Keys are made by the server: letters, digits, `_`, `-`, `.` and `/` between segments. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key))
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
