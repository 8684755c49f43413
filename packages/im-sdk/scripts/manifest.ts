// The package.json of the published SDK (dist/package.json). The workspace's own package.json
// points at the TypeScript source for the monorepo; the published one points at the built
// files, and takes over the dependencies of the protocol package, which the build inlines, as
// far as the built files and declarations import them (decision 0054).
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

/**
 * `imported` names the npm packages the built ES module and CommonJS files import (rolldown's
 * `imports` of their chunks) and those the declarations name; a dependency of the workspaces
 * that neither uses is not installed by integrators.
 */
export function publishedManifest(
  sdk: WorkspaceManifest,
  protocol: WorkspaceManifest,
  imported: readonly string[],
) {
  const dependencies = Object.fromEntries(
    Object.entries(externalDependencies(sdk, protocol)).filter(([name]) =>
      imported.some((id) => id === name || id.startsWith(`${name}/`)),
    ),
  );
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
      './browser/nim': './browser/morsel-nim.min.js',
      './browser/chatroom': './browser/morsel-chatroom.min.js',
      './package.json': './package.json',
    },
    files: ['esm', 'cjs', 'browser', 'index.d.ts', 'README.md'],
    sideEffects: false,
    engines: { node: '>=20.19' },
    dependencies,
  };
}

export async function readManifest(dir: string): Promise<WorkspaceManifest> {
  return JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as WorkspaceManifest;
}
