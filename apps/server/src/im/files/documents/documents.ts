// IM documents (spec section 5; docs/im-files.md "Documents"): a transcoding grant names the
// docId; once its upload finishes the document is transcoded to page pictures in a background
// job, one at a time per process (LibreOffice and pdftoppm are heavy), and the account reads,
// lists and removes its own documents.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_EXTS, DOCUMENT_FORMAT_RULE, type DocFile } from '@morsel/protocol';
import type { Static } from '@sinclair/typebox';
import type { Logger } from '../../../log.ts';
import type { FileService, StoredUpload } from '../file-service.ts';
import { extensionOf, fileUrl, originalKey } from '../file-urls.ts';
import { issueGrants, type IssuedToken } from '../grants.ts';
import type { DocRow, DocStore } from './doc-store.ts';
import { TranscodeError, transcodeDocument } from './transcoder.ts';

export const DEFAULT_LIST_LIMIT = 10;

export class DocumentRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Owner = { appKey: string; accid: string };

export class Documents {
  /** The job queue: one transcoding at a time in this process. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly files: FileService,
    readonly store: DocStore,
    private readonly log: Logger,
  ) {
    files.onStored((upload) => void this.uploaded(upload));
  }

  /** A transcoding grant: an upload token for the document and the docId it will have. */
  async grant(
    owner: Owner,
    type: string,
    name: string | undefined,
  ): Promise<{ nosToken: IssuedToken; docId: string }> {
    const ext = type.toLowerCase();
    if (!(DOCUMENT_EXTS as readonly string[]).includes(ext))
      throw new DocumentRefused(414, DOCUMENT_FORMAT_RULE);
    const [nosToken] = await issueGrants(this.files.store, owner, {
      count: 1,
      ext,
      base: this.files.base(),
      now: this.files.now(),
    });
    const docId = `doc${randomBytes(12).toString('hex')}`;
    const now = this.files.now();
    await this.store.add({
      doc_id: docId,
      app_key: owner.appKey,
      accid: owner.accid,
      name: (name || `document.${ext}`).slice(0, 256),
      ext,
      object_name: nosToken!.objectName,
      state: 'uploading',
      size: null,
      pages: '[]',
      error: null,
      created_at: now,
      updated_at: now,
    });
    return { nosToken: nosToken!, docId };
  }

  /** Starts the transcoding of documents whose job a stopped process left unfinished. */
  async resume(): Promise<void> {
    for (const doc of await this.store.inState('transcoding', 100)) this.enqueue(doc.doc_id);
  }

  private async uploaded(upload: StoredUpload): Promise<void> {
    // Only a document's extension can be a document: other uploads cost no query.
    if (!(DOCUMENT_EXTS as readonly string[]).includes(extensionOf(upload.objectName))) return;
    try {
      const doc = await this.store.docOfObject(upload.objectName);
      if (!doc) return;
      const started = await this.store.transition(doc.doc_id, 'uploading', {
        state: 'transcoding',
        size: upload.size,
        updated_at: this.files.now(),
      });
      if (started) this.enqueue(doc.doc_id);
    } catch (err) {
      this.log.warn({ err }, 'document upload not recorded');
    }
  }

  private enqueue(docId: string): void {
    this.queue = this.queue
      .then(() => this.transcode(docId))
      .catch((err: unknown) => this.log.warn({ err, docId }, 'document transcoding failed'));
  }

  /** Settles when every job queued so far has ended (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async transcode(docId: string): Promise<void> {
    const doc = await this.store.doc(docId);
    if (!doc || doc.state !== 'transcoding') return;
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-doc-'));
    const pages: string[] = [];
    try {
      const input = path.join(work, `document.${doc.ext}`);
      const copied = await this.files.withLocalCopy(originalKey(doc.object_name), (file) =>
        fs.copyFile(file, input).then(() => true),
      );
      if (!copied) throw new TranscodeError('the uploaded document is gone');
      const owner = { appKey: doc.app_key, accid: doc.accid };
      for (const picture of await transcodeDocument(input, work))
        pages.push(await this.files.addMadeFile(owner, picture, 'png'));
      const done = await this.store.transition(docId, 'transcoding', {
        state: 'done',
        pages: JSON.stringify(pages),
        updated_at: this.files.now(),
      });
      // Removed while it was transcoding: its pages go too.
      if (!done) for (const page of pages) await this.files.remove(page);
    } catch (error) {
      for (const page of pages) await this.files.remove(page);
      const message =
        error instanceof TranscodeError ? error.message : 'the document could not be transcoded';
      if (!(error instanceof TranscodeError)) this.log.warn({ err: error, docId }, message);
      await this.store.transition(docId, 'transcoding', {
        state: 'failed',
        error: message.slice(0, 512),
        updated_at: this.files.now(),
      });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** One of the account's documents; 404 for another account's or an unknown one. */
  async fetch(owner: Owner, docId: string): Promise<Static<typeof DocFile>> {
    return this.view(await this.owned(owner, docId));
  }

  async list(
    owner: Owner,
    limit = DEFAULT_LIST_LIMIT,
    fromDocId?: string,
  ): Promise<{ list: Static<typeof DocFile>[]; totalCount: number }> {
    const after = fromDocId ? await this.owned(owner, fromDocId) : undefined;
    const rows = await this.store.list(owner, limit, after);
    return { list: rows.map((row) => this.view(row)), totalCount: await this.store.count(owner) };
  }

  /** Deletes the document, its upload and its pages. */
  async remove(owner: Owner, docId: string): Promise<void> {
    const doc = await this.owned(owner, docId);
    await this.store.remove(docId);
    for (const page of JSON.parse(doc.pages) as string[]) await this.files.remove(page);
    await this.files.remove(doc.object_name);
  }

  private async owned(owner: Owner, docId: string): Promise<DocRow> {
    const doc = await this.store.doc(docId);
    if (!doc || doc.app_key !== owner.appKey || doc.accid !== owner.accid)
      throw new DocumentRefused(404, 'no such document of this account');
    return doc;
  }

  private view(doc: DocRow): Static<typeof DocFile> {
    const base = this.files.base();
    const pages = (JSON.parse(doc.pages) as string[]).map((name) => fileUrl(base, name));
    return {
      docId: doc.doc_id,
      name: doc.name,
      ext: doc.ext,
      state: doc.state,
      ...(doc.state !== 'uploading' && { url: fileUrl(base, doc.object_name) }),
      ...(doc.size !== null && { size: Number(doc.size) }),
      pageCount: pages.length,
      pages,
      ...(doc.error && { error: doc.error }),
      createTime: Number(doc.created_at),
    };
  }
}
