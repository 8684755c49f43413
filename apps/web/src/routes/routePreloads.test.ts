// The build's route -> preload table (apps/web/build/routePreloads.ts, decision 0069): every
// served page is found from its route, and a route's list leaves out what index.html loads.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { pageSpecifier, routePreloads } from '../../build/routePreloads.ts';
import { loadingShellHtml } from '../shell/loadingShell.ts';
import { servedRoutes } from './table.ts';
import type { RouteDef } from './types.ts';

const webRoot = path.resolve(__dirname, '../..');
const tableDir = path.join(webRoot, 'src/routes');
/** Vite's module runner writes root-relative specifiers: the build's root is apps/web, vitest's the repository. */
const fileOf = (specifier: string) =>
  specifier.startsWith('/')
    ? path.join(
        specifier.startsWith('/apps/') ? path.resolve(webRoot, '../..') : webRoot,
        specifier,
      )
    : path.resolve(tableDir, specifier);

const chunk = (fileName: string, fields: Record<string, unknown> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports: [],
    isEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...fields,
  }) as unknown as Rollup.OutputChunk;

describe('route preloads', () => {
  it("reads every served page's module from its route, and that file exists", () => {
    const pages = servedRoutes().filter((route) => route.page);
    expect(pages.length).toBeGreaterThan(90);
    for (const route of pages) {
      const specifier = pageSpecifier(route.page!);
      expect(specifier, route.path).toBeDefined();
      expect(fs.existsSync(fileOf(specifier!)), `${route.path}: ${specifier}`).toBe(true);
    }
  });

  it("lists a page's chunk and its imports, not the entry's, nor login-gated routes", () => {
    // A page whose text reads like the table's (`() => import('…')`), without importing anything.
    const page = (file: string) =>
      Object.assign(() => Promise.resolve({ default: () => null }), {
        toString: () => `() => import('${file}')`,
      });
    const routes: RouteDef[] = [
      { path: '/a', title: 'a', page: page('../pages/a/A.tsx') },
      { path: '/b', title: 'b', requireLogin: true, page: page('../pages/b/B.tsx') },
    ];
    const css = (file: string) => ({ importedCss: new Set([file]), importedAssets: new Set() });
    const bundle = {
      entry: chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
      react: chunk('assets/react.js', { viteMetadata: css('assets/index.css') }),
      a: chunk('assets/A.js', {
        facadeModuleId: path.join(webRoot, 'src/pages/a/A.tsx'),
        imports: ['assets/react.js', 'assets/ui.js'],
        viteMetadata: css('assets/A.css'),
      }),
      ui: chunk('assets/ui.js', { viteMetadata: css('assets/ui.css') }),
      b: chunk('assets/B.js', { facadeModuleId: path.join(webRoot, 'src/pages/b/B.tsx') }),
    } as unknown as Rollup.OutputBundle;
    expect(routePreloads(routes, webRoot, tableDir, bundle, '/')).toEqual({
      '/a': {
        js: ['/assets/A.js', '/assets/ui.js'],
        css: ['/assets/A.css', '/assets/ui.css'],
        title: 'a',
        shell: loadingShellHtml('a'),
      },
    });
  });
});
