// The IM files store module on both engines: grants spent once, chunk progress moved only from
// the offset it held, content look-up honouring expiry, daily usage sums and the pruning queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { FileStore, type NewFile, type UploadGrant } from '../../src/im/files/file-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const grant = (n: number, extra: Partial<UploadGrant> = {}): UploadGrant => ({
  token_hash: `hash-${n}`,
  app_key: 'app',
  accid: 'alice',
  object_name: `object-${n}`,
  survival_seconds: null,
  expires_at: 10_000,
  context: null,
  received: 0,
  ...extra,
});

const file = (n: number, extra: Partial<NewFile> = {}): NewFile => ({
  object_name: `object-${n}`,
  app_key: 'app',
  accid: 'alice',
  address: '10.0.0.1',
  size: 100,
  md5: 'a'.repeat(32),
  mime: 'application/octet-stream',
  safe_url: null,
  created_at: 1000,
  expires_at: null,
  ...extra,
});

await forEachEngine('IM file store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let files: FileStore;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    files = new FileStore(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('grants and uploads', () => {
    it('moves chunk progress only from the offset it held, and spends a grant once', async () => {
      await files.addGrants([grant(1), grant(2)]);
      expect(await files.grant('hash-1')).toMatchObject({ object_name: 'object-1', received: 0 });
      expect(await files.advanceChunks('hash-1', 'ctx', 0, 4)).toBe(true);
      expect(await files.advanceChunks('hash-1', 'ctx', 0, 8)).toBe(false);
      expect(await files.grant('hash-1')).toMatchObject({ context: 'ctx', received: 4 });
      expect(await files.completeUpload('hash-1', file(1))).toBe(true);
      expect(await files.completeUpload('hash-1', file(1))).toBe(false);
      expect(await files.grant('hash-1')).toBeUndefined();
      expect(await files.file('object-1')).toMatchObject({ size: 100, accid: 'alice' });
      await files.setSafeUrl('object-1', 'http://x/s/1?im_url=1');
      expect(await files.claimRendition('object-1', 2)).toBe(true);
      expect(await files.claimRendition('object-1', 2)).toBe(true);
      expect(await files.claimRendition('object-1', 2)).toBe(false);
      expect((await files.file('object-1'))!.renditions).toBe(2);
      expect((await files.file('object-1'))!.safe_url).toBe('http://x/s/1?im_url=1');
    });

    it('finds live content by md5 and size, and prunes what ran out', async () => {
      await files.addGrants([grant(3), grant(4)]);
      await files.completeUpload('hash-3', file(3, { md5: 'b'.repeat(32), expires_at: 5000 }));
      expect(await files.fileByContent('app', 'b'.repeat(32), 100, 4999)).toMatchObject({
        object_name: 'object-3',
      });
      expect(await files.fileByContent('app', 'b'.repeat(32), 100, 5000)).toBeUndefined();
      expect(await files.fileByContent('other', 'b'.repeat(32), 100, 0)).toBeUndefined();
      expect(await files.expiredFiles(5000, 10)).toEqual(['object-3']);
      await files.removeFiles(['object-3']);
      expect(await files.file('object-3')).toBeUndefined();
      const gone = await files.removeExpiredGrants(10_000);
      expect(gone.map((g) => g.token_hash).sort()).toEqual(['hash-2', 'hash-4']);
    });

    it("sums the day's usage per account and per address", async () => {
      await files.addGrants([grant(5), grant(6)]);
      await files.completeUpload('hash-5', file(5, { size: 300, created_at: 2000 }));
      await files.completeUpload('hash-6', file(6, { size: 50, created_at: 3000, accid: 'bob' }));
      expect(await files.accountUsageSince('app', 'alice', 1500)).toEqual({ bytes: 300, count: 1 });
      expect(await files.accountUsageSince('app', 'alice', 0)).toEqual({ bytes: 400, count: 2 });
      expect(await files.addressUsageSince('10.0.0.1', 1500)).toEqual({ bytes: 350, count: 2 });
      expect(await files.addressUsageSince('10.9.9.9', 0)).toEqual({ bytes: 0, count: 0 });
    });
  });
});
