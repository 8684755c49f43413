// The product as a shopper meets it: the real server serving the built web app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { startTestServer, type TestServer } from '../../apps/server/test/harness/index.ts';

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/dist',
);

export async function startApp(): Promise<TestServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `the web app is not built at ${WEB_DIST}: run npm run build (npm test does it)`,
    );
  }
  return startTestServer({ webDist: WEB_DIST });
}

/** The operator console's build (apps/admin), served by the server under /admin. */
export const ADMIN_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/admin/dist',
);
