// Picks the object storage from configuration: an S3 bucket when MORSEL_S3_BUCKET is set, else
// the local disk under MORSEL_DATA_DIR/files.
import path from 'node:path';
import type { Config } from '../../../config/index.ts';
import { LocalDiskStorage } from './local-disk.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3.ts';

export type { ObjectStorage } from './object-storage.ts';
export { LocalDiskStorage } from './local-disk.ts';
export { S3Storage, type S3Settings } from './s3.ts';

export function createObjectStorage(config: Config): ObjectStorage {
  if (config.s3Bucket) {
    if (!config.s3AccessKeyId || !config.s3SecretAccessKey)
      throw new Error(
        'MORSEL_S3_BUCKET needs MORSEL_S3_ACCESS_KEY_ID and MORSEL_S3_SECRET_ACCESS_KEY',
      );
    return new S3Storage({
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      bucket: config.s3Bucket,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      forcePathStyle: config.s3ForcePathStyle,
      prefix: config.s3Prefix,
    });
  }
  return new LocalDiskStorage(path.join(config.dataDir, 'files'));
}
