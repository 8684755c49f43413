// The server's production build: src/main.ts bundled by esbuild into one
// JavaScript file, dist/main.js, with the workspace packages (@morsel/*, TypeScript source)
// compiled in and every npm dependency left to node_modules. `npm start` runs dist/main.js, so a
// restart no longer compiles TypeScript (decision 0055); development and tests keep tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Bare imports stay imports, except our own workspace packages, which are source to compile. */
const npmDependenciesExternal = {
  name: 'npm-dependencies-external',
  setup(build) {
    // Not `#` imports either: a package's own import map (package.json "imports") names a file
    // or package relative to that package, which only resolving here gets right.
    build.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@morsel/') ? undefined : { path: args.path, external: true },
    );
  },
};

await esbuild.build({
  absWorkingDir: here,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [npmDependenciesExternal],
  logLevel: 'warning',
});
process.stdout.write('[server] built dist/main.js\n');
