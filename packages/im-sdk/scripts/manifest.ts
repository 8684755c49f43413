// The package.json of the published SDK (dist/package.json). The workspace's own package.json
// points at the TypeScript source for the monorepo; the published one points at the built
// files, and takes over the dependencies of the protocol package, which the build inlines.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface WorkspaceManifest {
  name: string;
  version: string;
  description: string;
  dependencies: Record<string, string>;
}

/** The runtime packages the ESM and CommonJS builds leave to the installer. */
export function externalDependencies(
  sdk: WorkspaceManifest,
  protocol: WorkspaceManifest,
): Record<string, string> {
  const all = { ...protocol.dependencies, ...sdk.dependencies };
  return Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => !name.startsWith('@morsel/'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function publishedManifest(sdk: WorkspaceManifest, protocol: WorkspaceManifest) {
  return {
    name: sdk.name,
    version: sdk.version,
    description: sdk.description,
    license: 'UNLICENSED',
    type: 'module',
    main: './cjs/index.cjs',
    module: './esm/index.js',
    types: './index.d.ts',
    browser: './esm/index.js',
    unpkg: './browser/morsel-im.min.js',
    exports: {
      '.': {
        types: './index.d.ts',
        import: './esm/index.js',
        require: './cjs/index.cjs',
      },
      './browser': './browser/morsel-im.min.js',
      './package.json': './package.json',
    },
    files: ['esm', 'cjs', 'browser', 'index.d.ts', 'README.md'],
    sideEffects: false,
    engines: { node: '>=20.19' },
    dependencies: externalDependencies(sdk, protocol),
  };
}

export async function readManifest(dir: string): Promise<WorkspaceManifest> {
  return JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as WorkspaceManifest;
}
