// The page chunk of the address the app opens on, requested while the entry script still runs
// instead of when React first renders that route's Suspense boundary (issue 24): on a first
// visit the page's chunk and its imports then download during the entry's evaluation and the
// first render, which is most of the time before the page can paint (Lighthouse's LCP "render
// delay"). The route's lazy page then awaits the same promise, so nothing loads twice.
import { matchPath } from 'react-router';
import { loadChunk } from './chunk.ts';
import type { PageModule, RouteDef } from './types.ts';

const started = new Map<RouteDef, Promise<PageModule>>();

/** The route's page chunk: the load already under way, or a new one. */
export function pageChunk(route: RouteDef, load: NonNullable<RouteDef['page']>) {
  let chunk = started.get(route);
  if (!chunk) {
    chunk = loadChunk(load);
    started.set(route, chunk);
  }
  return chunk;
}

/**
 * Starts loading the page of `pathname` now. A route that needs login is skipped when the
 * visitor is logged out: the guard sends them elsewhere, and its chunk would only compete for
 * the bandwidth with the page they do see.
 */
export function startFirstPageChunk(
  pathname: string,
  routes: readonly RouteDef[],
  loggedIn: boolean,
): RouteDef | undefined {
  const route = routes.find((r) => r.page && matchPath(r.path, pathname));
  if (!route?.page || (route.requireLogin && !loggedIn)) return undefined;
  // A failure is reported by the route's error boundary when the page renders, not here.
  pageChunk(route, route.page).catch(() => undefined);
  return route;
}
