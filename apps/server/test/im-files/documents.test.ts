// Documents through the real SDK: a pptx (made by LibreOffice in the test from a two-slide
// presentation) and a three-page pdf (written here) are uploaded with transDoc, transcoded to
// page pictures in the background and read back with fetchFile; fetchFileList pages through the
// account's documents; removeFile deletes the pages; another account sees none of them; a file
// of another format answers the spec's message. Needs LibreOffice and poppler-utils
// (scripts/ensure-system.sh): without them the suite says so and skips, and fails on CI.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NIM } from '@morsel/im-sdk';
import { DOCUMENT_FORMAT_RULE } from '@morsel/protocol';
import { imSuite } from '../im-link/suite.ts';

const run = promisify(execFile);

const missingTools = ['soffice', 'pdftoppm', 'pdfinfo'].filter((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
if (missingTools.length) {
  const message = `documents tests need ${missingTools.join(', ')}: run scripts/ensure-system.sh as root (Debian packages libreoffice-impress-nogui, poppler-utils)`;
  if (process.env.CI) throw new Error(message);
  console.warn(`SKIPPED: ${message}`);
}

const suite = imSuite({ fresh: 'all' });
let dir: string;

const SLIDES = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
 office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.presentation">
 <office:body><office:presentation>
  <draw:page draw:name="p1"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>Spring snacks</text:p></draw:text-box></draw:frame></draw:page>
  <draw:page draw:name="p2"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>Prices</text:p></draw:text-box></draw:frame></draw:page>
 </office:presentation></office:body></office:document>`;

/** A valid pdf of `pages` empty A6 pages, with its cross-reference table. */
function pdfOf(pages: number): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let i = 0; i < pages; i++)
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << >> >>');
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

async function pptx(): Promise<Buffer> {
  await fs.writeFile(path.join(dir, 'deck.fodp'), SLIDES);
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--headless',
      '--convert-to',
      'pptx',
      '--outdir',
      dir,
      path.join(dir, 'deck.fodp'),
    ],
    { timeout: 120_000 },
  );
  return fs.readFile(path.join(dir, 'deck.pptx'));
}

async function transcoded(nim: NIM, docId: string) {
  for (let i = 0; i < 600; i++) {
    const { file } = await nim.fetchFile({ docId });
    if (file.state === 'done' || file.state === 'failed') return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`document ${docId} still transcoding`);
}

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-docs-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(missingTools.length > 0)('documents', () => {
  it('transcodes a pptx and a pdf to pages, lists, and removes them', async () => {
    const { nim } = await suite.client(0);
    const other = await suite.client(1);

    const deck = await pptx();
    const progress: number[] = [];
    const { docId: deckId } = await nim.transDoc({
      fileObject: new File([new Uint8Array(deck)], 'spring.pptx'),
      uploadprogress: (p) => progress.push(p.percentage),
    });
    expect(progress.at(-1)).toBe(100);
    const { docId: pdfId } = await nim.transDoc({
      blob: new Blob([new Uint8Array(pdfOf(3))], { type: 'application/pdf' }),
      name: 'price list.pdf',
    });

    const deckFile = await transcoded(nim, deckId);
    expect(deckFile).toMatchObject({
      docId: deckId,
      name: 'spring.pptx',
      ext: 'pptx',
      state: 'done',
      size: deck.length,
      pageCount: 2,
    });
    // Each page is a picture: a 16:9-ish slide, wider than high.
    for (const page of deckFile.pages) {
      const meta = await sharp(await bytesOf(page)).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width!).toBeGreaterThan(meta.height!);
    }
    const pdfFile = await transcoded(nim, pdfId);
    expect(pdfFile).toMatchObject({ name: 'price list.pdf', state: 'done', pageCount: 3 });
    const firstPage = await sharp(await bytesOf(pdfFile.pages[0]!)).metadata();
    // 298 x 420 points at 96 dpi, rounded up by pdftoppm: 398 x 560.
    expect(firstPage).toMatchObject({ width: 398, height: 560 });

    // Newest first, a page at a time.
    const all = await nim.fetchFileList();
    expect(all.totalCount).toBe(2);
    expect(all.list.map((d) => d.docId)).toEqual([pdfId, deckId]);
    const firstOne = await nim.fetchFileList({ limit: 1 });
    expect(firstOne.list.map((d) => d.docId)).toEqual([pdfId]);
    const next = await nim.fetchFileList({ limit: 1, fromDocId: pdfId });
    expect(next.list.map((d) => d.docId)).toEqual([deckId]);

    // Another account can neither see nor remove them.
    await expect(other.nim.fetchFile({ docId: deckId })).rejects.toMatchObject({ code: 404 });
    await expect(other.nim.removeFile({ docId: deckId })).rejects.toMatchObject({ code: 404 });
    expect((await other.nim.fetchFileList()).totalCount).toBe(0);

    await nim.removeFile({ docId: deckId });
    await expect(nim.fetchFile({ docId: deckId })).rejects.toMatchObject({ code: 404 });
    expect((await fetch(deckFile.pages[0]!)).status).toBe(404);
    expect((await fetch(deckFile.url!)).status).toBe(404);
    expect((await nim.fetchFileList()).totalCount).toBe(1);
  }, 180_000);

  it('marks a document that cannot be read as failed', async () => {
    const { nim } = await suite.client(0);
    const { docId } = await nim.transDoc({
      fileObject: new File(['not a pdf at all'], 'broken.pdf'),
    });
    expect(await transcoded(nim, docId)).toMatchObject({
      state: 'failed',
      pageCount: 0,
      error: 'the pdf cannot be read',
    });
  }, 60_000);
});

describe('document refusals', () => {
  it('takes only ppt, pptx and pdf, and checks the list bounds', async () => {
    const { nim } = await suite.client(0);
    await expect(
      nim.transDoc({ fileObject: new File(['words'], 'notes.docx') }),
    ).rejects.toMatchObject({ code: 'Wrong_File_Type', message: DOCUMENT_FORMAT_RULE });
    await expect(nim.transDoc({})).rejects.toMatchObject({
      code: 'No_File_Selected',
      message: 'please choose file file',
    });
    // The server says the same to a client that skips the SDK's check.
    await expect(nim.sendCmd('getNosTokenTrans', { type: 'docx' })).rejects.toMatchObject({
      code: 414,
      message: DOCUMENT_FORMAT_RULE,
    });
    await expect(nim.fetchFileList({ limit: 31 })).rejects.toMatchObject({ code: 414 });
    await expect(nim.fetchFile({ docId: 'doc-unknown' })).rejects.toMatchObject({ code: 404 });
  });
});
