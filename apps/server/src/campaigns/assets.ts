// The prize pictures the seed campaigns name (/api/campaign/assets/<name>.png). Each kind of prize
// has illustrated SVG art in ./assets/ (no text drawn in it: the prize's name is always written
// beside its picture); sharp renders each, on its first request, to a 240 px PNG (2x the
// largest size a page shows, and the format WeChat's share thumbnails accept) or a WebP, kept
// in memory. The SVG stays served under its own name for prizes an earlier install saved with it.
// Operators may point prizes at any other image URL through the admin API.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { route } from '../api/index.ts';
import { serverPath } from '../paths.ts';

const ASSET_DIR = serverPath('src', 'campaigns', 'assets');
/** Pixels per side of the rendered pictures. */
export const PICTURE_SIZE = 240;

interface Asset {
  type: string;
  body: Buffer;
}

/**
 * One picture by its file name (`nuts.svg`, `nuts.png`, `nuts.webp`), rendered from its SVG;
 * undefined when there is no such art.
 */
export async function renderCampaignAsset(name: string): Promise<Asset | undefined> {
  const match = /^([a-z0-9-]+)\.(svg|png|webp)$/.exec(name);
  if (!match) return undefined;
  const [, base, ext] = match;
  const file = path.join(ASSET_DIR, `${base}.svg`);
  if (!fs.existsSync(file)) return undefined;
  const svg = await fs.promises.readFile(file);
  if (ext === 'svg') return { type: 'image/svg+xml', body: svg };
  // Rendered at the density that makes the 120-unit art PICTURE_SIZE pixels wide.
  const picture = sharp(svg, { density: (72 * PICTURE_SIZE) / 120 }).resize(
    PICTURE_SIZE,
    PICTURE_SIZE,
  );
  return ext === 'png'
    ? { type: 'image/png', body: await picture.png({ compressionLevel: 9 }).toBuffer() }
    : { type: 'image/webp', body: await picture.webp({ quality: 90 }).toBuffer() };
}

/**
 * The pictures, each rendered on its first request and kept for the process (every server of
 * the process shares them: a test run starts hundreds). They used to be rendered before the
 * server answered: about 1 s of a restart's wall time spent waiting for sharp (docs/benchmarks.md,
 * issue 24, sixth pass), for pictures that a restart's reconnecting clients never ask for.
 */
const rendered = new Map<string, Promise<Asset | undefined>>();
function campaignAsset(name: string): Promise<Asset | undefined> {
  let asset = rendered.get(name);
  if (!asset) {
    asset = renderCampaignAsset(name).then(
      (found) => {
        // Only art that exists is kept: a name anyone can type must not grow the map.
        if (!found) rendered.delete(name);
        return found;
      },
      (error: unknown) => {
        rendered.delete(name); // a failed rendering is tried again by the next request
        throw error;
      },
    );
    rendered.set(name, asset);
  }
  return asset;
}

export function registerCampaignAssets(scope: FastifyInstance): void {
  route(scope, 'assets.image', async (request, reply) => {
    const asset = await campaignAsset(request.params.name);
    if (!asset) return reply.code(404).send({ code: 404, message: '图片不存在', data: null });
    return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.body);
  });
}

/** The built-in prize pictures an operator may pick (admin API), by name, in name order. */
export function listPrizeAssets(): { name: string; png: string; webp: string; svg: string }[] {
  return fs
    .readdirSync(ASSET_DIR)
    .filter((name) => name.endsWith('.svg'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.svg'.length);
      const url = (ext: string) => `/api/campaign/assets/${name}.${ext}`;
      return { name, png: url('png'), webp: url('webp'), svg: url('svg') };
    });
}
