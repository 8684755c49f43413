// The prize pictures the seed campaigns name (/api/campaign/assets/<name>.svg). Operators may
// point prizes at any other image URL through the admin API; these make a fresh install complete.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { route } from '../api/index.ts';

const ASSET_DIR = new URL('./assets/', import.meta.url);

export function registerCampaignAssets(scope: FastifyInstance): void {
  const assets = new Map<string, Buffer>();
  for (const name of fs.readdirSync(fileURLToPath(ASSET_DIR))) {
    if (name.endsWith('.svg')) assets.set(name, fs.readFileSync(new URL(name, ASSET_DIR)));
  }
  route(scope, 'assets.image', async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return reply.code(404).send({ code: 404, message: '图片不存在', data: null });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(asset);
  });
}
