// A document to page pictures, with Debian's tools (scripts/ensure-system.sh installs them):
// LibreOffice headless turns ppt and pptx into pdf, poppler's pdftoppm turns pdf pages into PNGs.
// Each runs with a time-out and its own LibreOffice profile directory, so two conversions (or a
// desktop LibreOffice of the same user) never share one.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Pages made at most: a longer document is refused rather than filling the disk. */
export const MAX_DOC_PAGES = 300;
/** Page pictures' resolution: 96 dpi makes a 16:9 slide about 1280 px wide. */
const PAGE_DPI = 96;
const CONVERT_TIMEOUT_MS = 180_000;

export class TranscodeError extends Error {}

async function toPdf(input: string, workDir: string): Promise<string> {
  const profile = pathToFileURL(path.join(workDir, 'lo-profile')).href;
  try {
    await run(
      'soffice',
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        path.join(workDir, 'pdf'),
        input,
      ],
      { timeout: CONVERT_TIMEOUT_MS },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new TranscodeError('LibreOffice (soffice) is not installed on this server');
    throw new TranscodeError('LibreOffice could not read the document');
  }
  const pdf = path.join(workDir, 'pdf', `${path.parse(input).name}.pdf`);
  try {
    await fs.access(pdf);
  } catch {
    throw new TranscodeError('LibreOffice could not read the document');
  }
  return pdf;
}

async function pageCount(pdf: string): Promise<number> {
  try {
    const { stdout } = await run('pdfinfo', [pdf], { timeout: 30_000 });
    const match = /^Pages:\s+(\d+)/m.exec(stdout);
    if (!match) throw new Error('no page count');
    return Number(match[1]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new TranscodeError('poppler-utils (pdfinfo, pdftoppm) is not installed on this server');
    throw new TranscodeError('the pdf cannot be read');
  }
}

/**
 * The page pictures of `input` (a .ppt, .pptx or .pdf file), as PNG paths in page order, made
 * in `workDir` (which the caller removes).
 */
export async function transcodeDocument(input: string, workDir: string): Promise<string[]> {
  const ext = path.extname(input).slice(1).toLowerCase();
  const pdf = ext === 'pdf' ? input : await toPdf(input, workDir);
  const pages = await pageCount(pdf);
  if (pages < 1) throw new TranscodeError('the document has no pages');
  if (pages > MAX_DOC_PAGES)
    throw new TranscodeError(`the document has ${pages} pages; at most ${MAX_DOC_PAGES} are taken`);
  const outDir = path.join(workDir, 'pages');
  await fs.mkdir(outDir, { recursive: true });
  try {
    await run('pdftoppm', ['-png', '-r', String(PAGE_DPI), pdf, path.join(outDir, 'page')], {
      timeout: CONVERT_TIMEOUT_MS,
    });
  } catch {
    throw new TranscodeError('the pdf pages could not be drawn');
  }
  // pdftoppm pads page numbers to the width of the last one (page-01.png ... page-12.png).
  const files = (await fs.readdir(outDir)).filter((f) => /^page-\d+\.png$/.test(f));
  files.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  return files.map((f) => path.join(outDir, f));
}
