// The files feature's core: finishing an upload into storage (digest, row, safe short URL),
// reading stored files back, and caching their renditions under derived keys.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { SafeUrls } from '../safe-urls/index.ts';
import type { FileStore, NewFile, StoredFile, UploadGrant } from './file-store.ts';
import {
  derivedPrefix,
  extensionOf,
  fileUrl,
  newObjectName,
  objectNameOfUrl,
  originalKey,
} from './file-urls.ts';
import { imageInfo, type ImageInfo } from './image-processing.ts';
import { probeMedia } from './media-info.ts';
import { mimeOf } from './mime.ts';
import type { ObjectStorage } from './storage/index.ts';

export interface UploadResult {
  url: string;
  safeUrl: string;
  name: string;
  size: number;
  md5: string;
  ext: string;
  w?: number;
  h?: number;
  dur?: number;
}

/** The address recorded for files the server made (not an upload from a client address). */
export const MADE_BY_SERVER = 'server';

/** Renditions kept per file: distinct operation lists beyond it are made but not stored. */
export const MAX_RENDITIONS = 32;

export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function md5Of(file: string): Promise<{ md5: string; size: number }> {
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { md5: hash.digest('hex'), size };
}

/** A finished upload, for features that act on their own files (documents). */
export interface StoredUpload {
  objectName: string;
  size: number;
}

export class FileService {
  private readonly storedListeners: ((file: StoredUpload) => void)[] = [];

  constructor(
    readonly store: FileStore,
    readonly storage: ObjectStorage,
    private readonly safeUrls: SafeUrls,
    /** This server's public base URL (no trailing slash). */
    readonly base: () => string,
    readonly stagingDir: string,
    readonly now: () => number,
  ) {}

  /** Calls `listener` after each finished upload (not awaited: the upload answers at once). */
  onStored(listener: (file: StoredUpload) => void): void {
    this.storedListeners.push(listener);
  }

  /**
   * Stores a file this server made for an account (a document's page picture): an im_files row
   * like an upload's, kept for ever, counted in the account's usage.
   */
  async addMadeFile(
    owner: { appKey: string; accid: string },
    file: string,
    ext: string,
  ): Promise<string> {
    const { md5, size } = await md5Of(file);
    const objectName = newObjectName(ext);
    const mime = mimeOf(objectName);
    await this.storage.putFile(originalKey(objectName), file, mime);
    await this.store.addFile({
      object_name: objectName,
      app_key: owner.appKey,
      accid: owner.accid,
      address: MADE_BY_SERVER,
      size,
      md5,
      mime,
      safe_url: null,
      created_at: this.now(),
      expires_at: null,
    });
    return objectName;
  }

  stagingPath(grant: UploadGrant): string {
    return path.join(this.stagingDir, `${grant.token_hash}.part`);
  }

  /** Moves a finished upload into storage and records it; spends the grant. */
  async finish(grant: UploadGrant, staged: string, address: string): Promise<UploadResult> {
    const { md5, size } = await md5Of(staged);
    if (size === 0) throw new UploadRefused(400, 'the file is empty');
    const named = mimeOf(grant.object_name);
    // A name without an extension (NIM's SDK asks for grants without one) may still hold a
    // picture: its head tells, and it is then served and measured as one.
    const mime = named === GENERIC_MIME ? ((await pictureMimeOf(staged)) ?? named) : named;
    const now = this.now();
    await this.storage.putFile(originalKey(grant.object_name), staged, mime);
    const url = fileUrl(this.base(), grant.object_name);
    const row: NewFile = {
      object_name: grant.object_name,
      app_key: grant.app_key,
      accid: grant.accid,
      address,
      size,
      md5,
      mime,
      safe_url: null,
      created_at: now,
      expires_at: grant.survival_seconds ? now + grant.survival_seconds * 1000 : null,
    };
    if (!(await this.store.completeUpload(grant.token_hash, row))) {
      // Another request finished this grant first: its object stays, ours was the same bytes
      // or is dropped with the grant.
      throw new UploadRefused(409, 'this upload token was already used');
    }
    const safeUrl = await this.safeUrls.mint({
      appKey: grant.app_key,
      originUrl: url,
      baseUrl: `${this.base()}/im/s`,
    });
    await this.store.setSafeUrl(grant.object_name, safeUrl);
    for (const listener of this.storedListeners) listener({ objectName: grant.object_name, size });
    const result: UploadResult = {
      url,
      safeUrl,
      name: grant.object_name,
      size,
      md5,
      ext: extensionOf(grant.object_name),
    };
    return { ...result, ...(await this.dimensions(staged, mime)) };
  }

  /**
   * Stores bytes another part of the server made and checked itself (the product forms' shop
   * photos, re-encoded): no grant and no safe URL, but a row like any upload, so it counts in
   * its owner's daily usage and is served from the same address.
   */
  async storeBytes(
    owner: { appKey: string; accid: string; address: string },
    bytes: Buffer,
    ext: string,
    /** When the file may be pruned (the server API's expireSec); kept for ever without it. */
    expiresAt: number | null = null,
  ): Promise<{ name: string; url: string; size: number }> {
    if (bytes.length === 0) throw new UploadRefused(400, 'the file is empty');
    const objectName = newObjectName(ext);
    const mime = mimeOf(objectName);
    await this.storage.putBuffer(originalKey(objectName), bytes, mime);
    await this.store.addFile({
      object_name: objectName,
      app_key: owner.appKey,
      accid: owner.accid,
      address: owner.address,
      size: bytes.length,
      md5: createHash('md5').update(bytes).digest('hex'),
      mime,
      safe_url: null,
      created_at: this.now(),
      expires_at: expiresAt,
    });
    return { name: objectName, url: this.urlOf(objectName), size: bytes.length };
  }

  /** The object a URL of this server's files names, or undefined for any other URL. */
  objectNameOf(url: string): string | undefined {
    return objectNameOfUrl(this.base(), url);
  }

  /** A stored picture's format and size; undefined when the file is gone or is no picture. */
  async pictureInfo(objectName: string): Promise<ImageInfo | undefined> {
    const bytes = await this.readAll(originalKey(objectName));
    if (!bytes) return undefined;
    try {
      return await imageInfo(bytes);
    } catch {
      return undefined;
    }
  }

  /** Where a stored object is downloaded from. */
  urlOf(objectName: string): string {
    return fileUrl(this.base(), objectName);
  }

  /** w, h and dur of a picture, a recording or a video, for the file message that carries it. */
  private async dimensions(file: string, mime: string): Promise<Partial<UploadResult>> {
    try {
      if (mime.startsWith('image/')) {
        const info = await imageInfo(await fs.readFile(file));
        return { w: info.width, h: info.height };
      }
      if (mime.startsWith('audio/') || mime.startsWith('video/')) {
        const info = await probeMedia(file);
        return {
          dur: info.duration,
          ...(info.width > 0 && { w: info.width, h: info.height }),
        };
      }
    } catch {
      // A file that does not parse as its extension says is still a stored file.
    }
    return {};
  }

  /** A live stored file, or undefined when unknown or expired. */
  async live(objectName: string): Promise<StoredFile | undefined> {
    const file = await this.store.file(objectName);
    if (!file || (file.expires_at !== null && file.expires_at <= this.now())) return undefined;
    return file;
  }

  async readAll(key: string): Promise<Buffer | undefined> {
    const stream = await this.storage.get(key);
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** Runs `work` on a local copy of a stored object (ffprobe and ffmpeg need a seekable file). */
  async withLocalCopy<T>(key: string, work: (file: string) => Promise<T>): Promise<T | undefined> {
    const stream = await this.storage.get(key);
    if (!stream) return undefined;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-media-'));
    try {
      const file = path.join(dir, 'input');
      await fs.writeFile(file, stream as Readable);
      return await work(file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** A rendition kept under `derived/<object>/<name>`, made once by `make`. */
  async derived(
    objectName: string,
    name: string,
    contentType: string,
    make: () => Promise<Buffer | undefined>,
  ): Promise<Buffer | undefined> {
    const key = `${derivedPrefix(objectName)}/${name}`;
    const cached = await this.readAll(key);
    if (cached) return cached;
    const made = await make();
    // Past the cap a rendition is still answered, only not kept.
    if (made && (await this.store.claimRendition(objectName, MAX_RENDITIONS)))
      await this.storage.putBuffer(key, made, contentType);
    return made;
  }

  /** Deletes a stored file with its renditions and its row. */
  async remove(objectName: string): Promise<void> {
    await this.storage.delete(originalKey(objectName));
    await this.storage.deletePrefix(derivedPrefix(objectName));
    await this.store.removeFiles([objectName]);
  }

  newStagingName(): string {
    return path.join(this.stagingDir, `${randomBytes(12).toString('hex')}.part`);
  }
}

const GENERIC_MIME = 'application/octet-stream';
/** How much of a file without an extension is read to tell whether it is a picture. */
const SNIFF_BYTES = 256 * 1024;
/** The picture formats a sniffed file may be served as (never SVG: it can carry script). */
const SNIFFED_PICTURES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The content type of a picture in a safe format, told from the file's first bytes. */
async function pictureMimeOf(file: string): Promise<string | undefined> {
  try {
    const info = await imageInfo(await headOf(file, SNIFF_BYTES));
    return SNIFFED_PICTURES[info.format];
  } catch {
    return undefined;
  }
}

async function headOf(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
