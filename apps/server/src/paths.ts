// Where the server's own files are (seed campaigns, prize art, the lizard script), found the same
// way whether the server runs from its TypeScript source (tsx, development and tests) or from the
// one-file build in dist/ (`npm start`): a path relative to `import.meta.url` differs between the
// two, so files are named from the package's root instead (decision 0055).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@morsel/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
}

/** The folder of apps/server (its package.json). */
export const SERVER_ROOT = findServerRoot();

/** A path inside apps/server, e.g. `serverPath('seed', 'campaigns')`. */
export const serverPath = (...parts: string[]): string => path.join(SERVER_ROOT, ...parts);
