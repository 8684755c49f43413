// The S3 adapter on the wire, against a local S3-protocol server that checks every request's
// SigV4 signature (s3-double.ts): objects in and out, prefixes removed, a wrong secret refused,
// and the whole upload path of the server on S3 storage.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { S3Storage } from '../../src/im/files/storage/index.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { connectClient } from '../im-link/clients.ts';
import { startS3Double, type S3Double } from './s3-double.ts';
import { md5, uploadSimple } from './upload-client.ts';

const credentials = { accessKeyId: 'morsel-test-key', secretAccessKey: 'morsel-test-secret-1234' };
let s3: S3Double;

beforeAll(async () => {
  s3 = await startS3Double('morsel-files', credentials);
});
afterAll(async () => {
  await s3.close();
});

const storage = (secretAccessKey = credentials.secretAccessKey) =>
  new S3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: 'morsel-files',
    accessKeyId: credentials.accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
    prefix: 'deploy/',
  });

describe('S3 storage', () => {
  it('puts, reads, checks and deletes objects under its prefix', async () => {
    const store = storage();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-s3-'));
    try {
      const data = randomBytes(300_000);
      await fs.writeFile(path.join(dir, 'f'), data);
      await store.putFile('objects/a.bin', path.join(dir, 'f'), 'application/octet-stream');
      await store.putBuffer('derived/a.bin/one', Buffer.from('1'), 'text/plain');
      await store.putBuffer('derived/a.bin/two', Buffer.from('2'), 'text/plain');
      expect([...s3.objects.keys()].sort()).toEqual([
        'deploy/derived/a.bin/one',
        'deploy/derived/a.bin/two',
        'deploy/objects/a.bin',
      ]);
      const chunks: Buffer[] = [];
      for await (const c of (await store.get('objects/a.bin'))!) chunks.push(c as Buffer);
      expect(md5(Buffer.concat(chunks))).toBe(md5(data));
      expect(await store.has('objects/a.bin')).toBe(true);
      expect(await store.has('objects/none')).toBe(false);
      expect(await store.get('objects/none')).toBeUndefined();
      await store.deletePrefix('derived/a.bin');
      await store.delete('objects/a.bin');
      expect(s3.objects.size).toBe(0);
      expect(s3.refused).toBe(0);
      await expect(store.has('../escape')).rejects.toThrow(/not a storage key/);
      store.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('is refused with a wrong secret', async () => {
    const wrong = storage('not-the-secret-at-all');
    await expect(
      wrong.putBuffer('objects/x', Buffer.from('x'), 'text/plain'),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    expect(s3.refused).toBeGreaterThan(0);
    wrong.close();
  });

  describe('the server on S3 storage', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        s3Endpoint: s3.endpoint,
        s3Bucket: 'morsel-files',
        s3AccessKeyId: credentials.accessKeyId,
        s3SecretAccessKey: credentials.secretAccessKey,
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('stores uploads in the bucket and serves them back', async () => {
      const { nim } = await connectClient(server, 0);
      try {
        const data = randomBytes(5000);
        const stored = await uploadSimple(server, nim, data, 'bin');
        expect(s3.objects.get(`objects/${stored.url.split('/').pop()}`)?.body.equals(data)).toBe(
          true,
        );
        expect(md5(Buffer.from(await (await fetch(stored.url)).arrayBuffer()))).toBe(md5(data));
      } finally {
        await nim.destroy();
      }
    });
  });
});
