import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.ts';

/** A browser navigation (not an API call or an asset) gets the app's index.html. */
function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (path.extname(pathname) !== '') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app from `webDist` with history-mode fallback: any page navigation that
 * no route claims gets index.html, and the app's router decides (including its not-found page).
 */
export async function registerWebApp(http: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await http.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // The build leaves .br and .gz siblings of every text asset: sent as the browser accepts.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    http.log.warn({ webDist: root }, 'web app not built: pages answer 503 (run npm run build)');
  }

  http.setNotFoundHandler((request, reply) => {
    if (!isPageNavigation(request)) return sendNotFound(reply);
    if (!built) {
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('web app not built: run npm run build');
      return;
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  });
}
