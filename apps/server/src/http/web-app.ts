import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.ts';
import { routeDocuments } from './route-preloads.ts';

/** A browser navigation (not an API call or an asset) gets the app's index.html. */
function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (path.extname(pathname) !== '') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

const ADMIN_PREFIX = '/admin';
const isAdminPage = (request: FastifyRequest) => {
  const pathname = request.url.split('?')[0] ?? '/';
  return (
    (pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`)) &&
    !pathname.startsWith(`${ADMIN_PREFIX}/api/`)
  );
};

/**
 * The operator console's build (apps/admin, docs/operator-console.md) under /admin: its files
 * at /admin/…, and its index.html for page navigations below /admin (not /admin/api). A separate
 * bundle from the shopper's app, so the console never ships to shoppers.
 */
async function registerAdminApp(
  http: FastifyInstance,
  adminDist: string,
): Promise<string | undefined> {
  const root = path.resolve(adminDist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    http.log.warn({ adminDist: root }, 'operator console not built: /admin answers 503');
    return undefined;
  }
  await http.register(fastifyStatic, {
    root,
    prefix: `${ADMIN_PREFIX}/`,
    decorateReply: false,
    index: false,
    // One wildcard route, not one route per file: 800 routes cost half a second of every start.
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return root;
}

/**
 * Serves the built web app from `webDist` with history-mode fallback: any page navigation that
 * no route claims gets index.html, and the app's router decides (including its not-found page).
 * Navigations below /admin get the operator console's index.html from `adminDist` instead.
 */
export async function registerWebApp(
  http: FastifyInstance,
  webDist: string,
  adminDist?: string,
): Promise<void> {
  const adminRoot = adminDist === undefined ? undefined : await registerAdminApp(http, adminDist);
  const root = path.resolve(webDist);
  const indexFile = path.join(root, 'index.html');
  const built = fs.existsSync(indexFile);
  // The route's own index.html: its page chunk preloaded beside the entry (decision 0069).
  const documentFor = built ? routeDocuments(root) : () => undefined;
  if (built) {
    await http.register(fastifyStatic, {
      root,
      index: false,
      // One wildcard route, not one route per file: 800 routes cost half a second of every start.
      wildcard: true,
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
  // A build's own folder is no file: asked without an accepted encoding, @fastify/static answers
  // 403 for it. The site's root (the home page) and the console's get the fallback's answer.
  // Hidden, as @fastify/static's own routes are: web files, not API (the route table's test).
  for (const folder of adminRoot ? ['/', `${ADMIN_PREFIX}/`] : ['/'])
    http.get(folder, { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

  http.setNotFoundHandler((request, reply) => {
    if (!isPageNavigation(request)) return sendNotFound(reply);
    if (adminDist !== undefined && isAdminPage(request)) {
      if (!adminRoot) {
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('console not built: run npm run build');
        return;
      }
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      return reply.send(fs.createReadStream(path.join(adminRoot, 'index.html')));
    }
    if (!built) {
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('web app not built: run npm run build');
      return;
    }
    reply.header('cache-control', 'no-cache');
    const document = documentFor(request.url.split('?')[0] ?? '/');
    if (!document) return reply.sendFile('index.html', root);
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'br').send(document.br);
    }
    return reply.send(document.html);
  });
}
