// Uploads and image processing of the IM files (docs/im-files.md): a 50 MB file through the SDK's
// facade (previewFile) in 4 MB chunks (grant, chunks, md5, storage, row, safe URL) against a bare Fastify
// server taking the same bytes as one @fastify/multipart upload to disk, in the same run; then
// pictures processed per second (distinct thumbnails of a 1600x1200 JPEG, so no cache hit).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastify from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { connectClient, startTestServer } from '../../apps/server/test/harness/index.ts';
import { rowMaker, type ScenarioResult } from '../lib/report.ts';
import { intOption, type Scenario } from './types.ts';

interface Side {
  mbPerSecond: number;
  imagesPerSecond?: number;
}

async function plainMultipart(data: Buffer): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-bench-multipart-'));
  const app = fastify();
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024 } });
  app.post('/upload', async (request) => {
    const file = await request.file();
    await pipeline(file!.file, createWriteStream(path.join(dir, 'upload')));
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address() as { port: number };
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(data)]), 'file.bin');
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${address.port}/upload`, {
      method: 'POST',
      body: form,
    });
    if (!response.ok) throw new Error(`plain multipart answered ${response.status}`);
    return data.length / 1e6 / ((performance.now() - started) / 1000);
  } finally {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export const upload: Scenario = {
  name: 'upload',
  summary:
    'MB/s of a chunked 50 MB upload through the SDK vs a plain @fastify/multipart upload; images processed per second',
  options: { mb: '50', images: '40' },
  async run(options, log): Promise<ScenarioResult> {
    const mb = intOption(options, 'mb', 50);
    const images = intOption(options, 'images', 40);
    const data = randomBytes(mb * 1024 * 1024);
    const server = await startTestServer({ imCommandsPerSecond: 10_000 });
    let ours: Side;
    try {
      const { nim } = await connectClient(server, 0);
      try {
        // The NIM facade's previewFile, on the upload address of the load balancer's answer.
        const files = nim;
        log(`uploading ${mb} MB in chunks through the SDK`);
        let started = performance.now();
        await files.previewFile({ blob: new Blob([new Uint8Array(data)]) });
        const mbPerSecond = data.length / 1e6 / ((performance.now() - started) / 1000);

        const picture = await sharp({
          create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' },
        })
          .jpeg({ quality: 90 })
          .toBuffer();
        const { url } = await files.previewFile({
          type: 'image',
          blob: new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }),
        });
        log(`processing ${images} distinct thumbnails`);
        started = performance.now();
        for (let i = 0; i < images; i++) {
          const response = await fetch(
            `${url}?imageView&thumbnail=contain_${200 + i}_0&quality=80`,
          );
          if (!response.ok) throw new Error(`image operation answered ${response.status}`);
          await response.arrayBuffer();
        }
        const imagesPerSecond = images / ((performance.now() - started) / 1000);
        ours = { mbPerSecond, imagesPerSecond };
      } finally {
        await nim.destroy();
      }
    } finally {
      await server.stop();
    }
    log(`uploading ${mb} MB as one plain multipart request`);
    const plain: Side = { mbPerSecond: await plainMultipart(data) };
    const row = rowMaker<Side>(ours, { 'plain @fastify/multipart': plain });
    return {
      scenario: 'upload',
      title: `IM file upload (${mb} MB) and image processing`,
      peers: ['plain @fastify/multipart'],
      rows: [
        row('upload throughput', 'MB/s', 'higher', (s) => s.mbPerSecond),
        row('thumbnails processed', 'images/s', 'higher', (s) => s.imagesPerSecond ?? NaN),
      ],
      notes: [
        'Ours: grant over the IM link, 4 MB chunks each acknowledged before the next, md5 of the whole file, copy into storage, file row and safe URL. The peer writes one multipart body to disk and nothing else.',
        'Both servers run inside the bench process, on loopback; the machine has 2 cores (shared with other work during this run).',
      ],
      details: { ours, plain },
    };
  },
};
