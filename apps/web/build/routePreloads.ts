// A Vite plugin that writes dist/route-preloads.json: for each route with a page, the files its
// page chunk needs beyond what index.html already loads (the chunk, the shared chunks it imports,
// their stylesheets), its title and its loading skeleton as HTML. The server puts them into the
// index.html it sends for that address as <link rel="modulepreload"> / <link rel="preload"
// as="style">, so a first visit downloads the page beside the entry script instead of after the
// entry has run (issue 24, decision 0069), and paints the skeleton with the route's title before
// any script has run (decision 0074).
import path from 'node:path';
import { runnerImport, type Plugin, type Rollup } from 'vite';
import type { RouteDef } from '../src/routes/types.ts';
import { loadingShellHtml } from '../src/shell/loadingShell.ts';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * What one route's document carries: the files it preloads (script chunks first, the page's own
 * first, then CSS), its title and the loading skeleton it paints before any script runs
 * (decision 0074).
 */
export interface RoutePreload {
  js: string[];
  css: string[];
  title: string;
  /** HTML for inside <div id="root">: the skeleton PageLoading renders, with the route's title. */
  shell: string;
}

/**
 * The module a route's `page` imports, read from the function's text: `import('../pages/x.tsx')`,
 * or as Vite's module runner rewrites it, `__vite_ssr_dynamic_import__("/src/pages/x.tsx")`.
 */
export function pageSpecifier(page: () => unknown): string | undefined {
  return /import_*\(\s*["'`]([^"'`]+)["'`]/.exec(String(page))?.[1];
}

/** The file a specifier names: root-relative (the module runner's form) or relative to the table. */
const resolveSpecifier = (specifier: string, root: string, tableDir: string) =>
  specifier.startsWith('/') ? path.join(root, specifier) : path.resolve(tableDir, specifier);

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk and every chunk it imports statically, the chunk itself first. */
function staticClosure(start: OutputChunk, byFile: Map<string, OutputChunk>): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

const cssOf = (chunk: OutputChunk): string[] => [...(chunk.viteMetadata?.importedCss ?? [])];

/**
 * Route path -> preloads, for the routes a first (logged-out) visit shows: a route that needs
 * login sends a visitor to the login page, so its own chunk would only take bandwidth from it.
 */
export function routePreloads(
  routes: readonly RouteDef[],
  root: string,
  tableDir: string,
  bundle: OutputBundle,
  base: string,
): Record<string, RoutePreload> {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(
    chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]),
  );
  const entryFiles = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) {
    for (const chunk of staticClosure(entry, byFile)) {
      entryFiles.add(chunk.fileName);
      for (const css of cssOf(chunk)) entryFiles.add(css);
    }
  }
  const out: Record<string, RoutePreload> = {};
  for (const route of routes) {
    if (!route.page || route.requireLogin) continue;
    const specifier = pageSpecifier(route.page);
    const chunk = specifier && byModule.get(resolveSpecifier(specifier, root, tableDir));
    if (!chunk) throw new Error(`route ${route.path}: no chunk for its page (${specifier})`);
    const needed = staticClosure(chunk, byFile).filter((c) => !entryFiles.has(c.fileName));
    out[route.path] = {
      js: needed.map((c) => base + c.fileName),
      css: [...new Set(needed.flatMap(cssOf))]
        .filter((f) => !entryFiles.has(f))
        .map((f) => base + f),
      title: route.title,
      shell: loadingShellHtml(route.title),
    };
  }
  return out;
}

/** The plugin: loads the route table itself (Vite's module runner) and emits the JSON file. */
export function routePreloadsPlugin(): Plugin {
  let base = '/';
  let root = process.cwd();
  return {
    name: 'morsel-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const table = path.join(root, 'src/routes/table.ts');
      const { module } = await runnerImport<{ servedRoutes: () => RouteDef[] }>(table, {
        configFile: false,
        root,
        logLevel: 'error',
      });
      const preloads = routePreloads(
        module.servedRoutes(),
        root,
        path.dirname(table),
        bundle,
        base,
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads),
      });
    },
  };
}
