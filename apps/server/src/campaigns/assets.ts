// The prize pictures the seed campaigns name (/api/campaign/assets/<name>.png). Each kind of prize
// has illustrated SVG art in ./assets/ (no text drawn in it: the prize's name is always written
// beside its picture); when the server starts, sharp renders every one to a 240 px PNG (2x the
// largest size a page shows, and the format WeChat's share thumbnails accept) and a WebP, kept
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

/** Every SVG of ./assets/ as itself, as a PNG and as a WebP (`nuts.svg`, `nuts.png`, `nuts.webp`). */
export async function renderCampaignAssets(): Promise<Map<string, Asset>> {
  const assets = new Map<string, Asset>();
  for (const name of fs.readdirSync(ASSET_DIR)) {
    if (!name.endsWith('.svg')) continue;
    const svg = fs.readFileSync(path.join(ASSET_DIR, name));
    const base = name.slice(0, -'.svg'.length);
    // Rendered at the density that makes the 120-unit art PICTURE_SIZE pixels wide.
    const picture = sharp(svg, { density: (72 * PICTURE_SIZE) / 120 }).resize(
      PICTURE_SIZE,
      PICTURE_SIZE,
    );
    assets.set(name, { type: 'image/svg+xml', body: svg });
    assets.set(`${base}.png`, {
      type: 'image/png',
      body: await picture.clone().png({ compressionLevel: 9 }).toBuffer(),
    });
    assets.set(`${base}.webp`, {
      type: 'image/webp',
      body: await picture.clone().webp({ quality: 90 }).toBuffer(),
    });
  }
  return assets;
}

/**
 * The pictures, rendered once per process: the art ships with the code, so every server of the
 * process (a test run starts hundreds) shares one rendering instead of redoing 38 pictures each.
 */
let shared: Promise<Map<string, Asset>> | undefined;
function campaignAssets(): Promise<Map<string, Asset>> {
  shared ??= renderCampaignAssets().catch((error: unknown) => {
    shared = undefined; // a failed rendering is tried again by the next caller
    throw error;
  });
  return shared;
}

export function registerCampaignAssets(scope: FastifyInstance): void {
  // Rendered before the server answers (onReady), and shared by every request.
  scope.addHook('onReady', async () => {
    await campaignAssets();
  });
  route(scope, 'assets.image', async (request, reply) => {
    const asset = (await campaignAssets()).get(request.params.name);
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
