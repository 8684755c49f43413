// IM files and media (docs/im-files.md, issue #18): object storage, upload grants, simple and
// chunked uploads on the load balancer's upload address, downloads with image and media info,
// image operations, quick transfer, safe short URLs, pruning of expired files, documents
// transcoded to page pictures, and the client anti-spam lexicon.
import path from 'node:path';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { ImGateway } from '../gateway/index.ts';
import type { SafeUrls } from '../safe-urls/index.ts';
import { registerDownloadRoutes } from './download-routes.ts';
import { FileService } from './file-service.ts';
import { FileStore } from './file-store.ts';
import { registerFileHandlers } from './handlers.ts';
import { DocStore } from './documents/doc-store.ts';
import { Documents } from './documents/documents.ts';
import { registerDocumentHandlers } from './documents/handlers.ts';
import { schedulePruning } from './pruning.ts';
import { createObjectStorage, type ObjectStorage } from './storage/index.ts';
import { registerUploadRoutes } from './upload-routes.ts';

export { pruneFiles } from './pruning.ts';
export { antispamRestActions } from './antispam-rest.ts';
export { uploadRestActions } from './upload-rest.ts';
export type { FileService } from './file-service.ts';
export { MediaError, probeMedia, type MediaInfo } from './media-info.ts';

const PRUNE_EVERY_MS = 3600_000;

export interface FilesOptions {
  http: FastifyInstance;
  im: ImGateway;
  store: Store;
  safeUrls: SafeUrls;
  config: Config;
  log: Logger;
  storage?: ObjectStorage;
}

/**
 * This server's base URL for file links: MORSEL_PUBLIC_URL, else the address it listens on
 * (development and tests; a wildcard bind is reached on loopback).
 */
function baseUrlOf(http: FastifyInstance, publicUrl?: string): () => string {
  return () => {
    if (publicUrl) return publicUrl.replace(/\/+$/, '');
    const address = http.server.address();
    if (!address || typeof address === 'string') throw new Error('the server is not listening yet');
    let host = address.address;
    if (host === '0.0.0.0' || host === '::') host = '127.0.0.1';
    if (isIP(host) === 6) host = `[${host}]`;
    return `http://${host}:${address.port}`;
  };
}

export async function registerFiles(options: FilesOptions): Promise<FileService> {
  const service = new FileService(
    new FileStore(options.store.db),
    options.storage ?? createObjectStorage(options.config),
    options.safeUrls,
    baseUrlOf(options.http, options.config.publicUrl),
    path.join(options.config.dataDir, 'upload-staging'),
    options.im.gateway.now,
  );
  await registerUploadRoutes(options.http, service, {
    bytesPerAccount: options.config.imUploadBytesPerDayPerAccount,
    filesPerAccount: options.config.imUploadFilesPerDayPerAccount,
    bytesPerAddress: options.config.imUploadBytesPerDayPerAddress,
    filesPerAddress: options.config.imUploadFilesPerDayPerAddress,
  });
  registerDownloadRoutes(options.http, service);
  registerFileHandlers(options.im, service);
  const documents = new Documents(service, new DocStore(options.store.db), options.log);
  registerDocumentHandlers(options.im, documents);
  void documents
    .resume()
    .catch((err: unknown) =>
      options.log.warn({ err }, 'documents left transcoding were not resumed'),
    );
  const stop = schedulePruning(service, options.log, PRUNE_EVERY_MS);
  options.http.addHook('onClose', async () => stop());
  return service;
}
