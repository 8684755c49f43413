// The IM documents' store module (migration 0027) on both engines: adding and reading documents,
// state transitions that only move from the state expected, the newest-first list with its
// cursor, the client anti-spam lexicon set, replaced and cleared, and files' access tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { DocStore, type DocRow } from '../../src/im/files/documents/doc-store.ts';
import { FileStore } from '../../src/im/files/file-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const owner = { appKey: 'docsApp', accid: 'ann' };
const doc = (id: string, created: number, accid = owner.accid): DocRow => ({
  doc_id: id,
  app_key: owner.appKey,
  accid,
  name: `${id}.pdf`,
  ext: 'pdf',
  object_name: `object-${id}`,
  state: 'uploading',
  size: null,
  pages: '[]',
  error: null,
  created_at: created,
  updated_at: created,
});

await forEachEngine('IM documents store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let docs: DocStore;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    docs = new DocStore(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('documents', () => {
    it('moves a document only from the state expected', async () => {
      await docs.add(doc('d1', 1000));
      expect(await docs.docOfObject('object-d1')).toMatchObject({ doc_id: 'd1' });
      expect(await docs.transition('d1', 'transcoding', { state: 'done', updated_at: 2 })).toBe(
        false,
      );
      expect(
        await docs.transition('d1', 'uploading', {
          state: 'transcoding',
          size: 5_000_000_000,
          updated_at: 2,
        }),
      ).toBe(true);
      expect((await docs.inState('transcoding', 10)).map((d) => d.doc_id)).toEqual(['d1']);
      await docs.transition('d1', 'transcoding', {
        state: 'done',
        pages: '["p1.png"]',
        updated_at: 3,
      });
      expect(await docs.doc('d1')).toMatchObject({ state: 'done', pages: '["p1.png"]' });
      expect(Number((await docs.doc('d1'))!.size)).toBe(5_000_000_000);
    });

    it('lists an account newest first after a cursor, and counts', async () => {
      await docs.add(doc('d2', 2000));
      await docs.add(doc('d3', 2000));
      await docs.add(doc('d4', 3000, 'bob'));
      const all = await docs.list(owner, 10);
      expect(all.map((d) => d.doc_id)).toEqual(['d3', 'd2', 'd1']);
      const after = await docs.list(owner, 10, { created_at: 2000, doc_id: 'd3' });
      expect(after.map((d) => d.doc_id)).toEqual(['d2', 'd1']);
      expect((await docs.list(owner, 1)).map((d) => d.doc_id)).toEqual(['d3']);
      expect(await docs.count(owner)).toBe(3);
      await docs.remove('d2');
      expect(await docs.count(owner)).toBe(2);
    });
  });

  describe('the client anti-spam lexicon', () => {
    it('is set, replaced and cleared per app', async () => {
      expect(await docs.lexicon('docsApp')).toBeUndefined();
      await docs.setLexicon('docsApp', { thesaurus: '{"a":1}', md5: 'm1' }, 1);
      await docs.setLexicon('docsApp', { thesaurus: '{"b":2}', md5: 'm2' }, 2);
      expect(await docs.lexicon('docsApp')).toEqual({ thesaurus: '{"b":2}', md5: 'm2' });
      expect(await docs.lexicon('otherApp')).toBeUndefined();
      await docs.setLexicon('docsApp', undefined, 3);
      expect(await docs.lexicon('docsApp')).toBeUndefined();
    });
  });

  describe('access tokens', () => {
    it('are issued, counted, withdrawn by their owner and go with their file', async () => {
      const files = new FileStore(store.db);
      const token = (hash: string, object: string, accid = 'ann') => ({
        token_hash: hash,
        object_name: object,
        app_key: 'docsApp',
        accid,
        created_at: 1,
      });
      await files.addAccessToken(token('h1', 'o1'));
      await files.addAccessToken(token('h2', 'o1'));
      await files.addAccessToken(token('h3', 'o2', 'bob'));
      expect(await files.accessTokenCount('docsApp', 'ann')).toBe(2);
      expect(await files.accessTokenObject('h1')).toBe('o1');
      expect(await files.removeAccessToken('h3', 'docsApp', 'ann')).toBe(false);
      expect(await files.removeAccessToken('h1', 'docsApp', 'ann')).toBe(true);
      expect(await files.accessTokenObject('h1')).toBeUndefined();
      await files.removeFiles(['o1']);
      expect(await files.accessTokenObject('h2')).toBeUndefined();
      expect(await files.accessTokenObject('h3')).toBe('o2');
    });
  });
});
