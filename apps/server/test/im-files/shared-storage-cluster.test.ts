// Uploads on shared storage across processes (issue 25): two server processes on one PostgreSQL
// database, one Redis and one S3 bucket (the local S3-protocol server that checks signatures). A
// file uploaded through one process is served by the other, and a client of the other resolves
// its safe URL (getOriginUrl).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { checkPostgres, checkRedis, startServerPair, type ServerPair } from '../harness/index.ts';
import { connectClient } from '../im-link/clients.ts';
import { startS3Double, type S3Double } from './s3-double.ts';
import { md5, uploadSimple } from './upload-client.ts';

const ready = (await checkPostgres()) && (await checkRedis());
const credentials = { accessKeyId: 'morsel-test-key', secretAccessKey: 'morsel-test-secret-1234' };

describe.runIf(ready)('uploads on shared storage, two processes', () => {
  let s3: S3Double;
  let pair: ServerPair | undefined;
  beforeAll(async () => {
    s3 = await startS3Double('morsel-shared', credentials);
    pair = await startServerPair({
      s3Endpoint: s3.endpoint,
      s3Bucket: 'morsel-shared',
      s3AccessKeyId: credentials.accessKeyId,
      s3SecretAccessKey: credentials.secretAccessKey,
    });
  });
  afterAll(async () => {
    await pair?.stop();
    await s3?.close();
  });

  it('serves a file uploaded through one process from the other, whose clients resolve its safe URL', async () => {
    const { one, two } = pair!;
    const { nim } = await connectClient(one, 0);
    try {
      const data = randomBytes(8000);
      const stored = await uploadSimple(one, nim, data, 'bin');
      const onTwo = (address: string) => {
        const url = new URL(address);
        return `${two.url}${url.pathname}${url.search}`;
      };
      const direct = await fetch(onTwo(stored.url));
      expect(direct.status).toBe(200);
      expect(md5(Buffer.from(await direct.arrayBuffer()))).toBe(md5(data));
      const other = await connectClient(two, 1);
      try {
        const { url } = await other.nim.sendCmd('getOriginUrl', { safeUrl: stored.safeUrl });
        expect(url).toBe(stored.url);
      } finally {
        await other.nim.destroy();
      }
      expect(s3.refused).toBe(0);
    } finally {
      await nim.destroy();
    }
  });
});
