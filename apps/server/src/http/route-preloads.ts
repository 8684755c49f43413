// The index.html a page navigation gets, with that route's page chunk announced in its head
// (issue 24, decision 0069). The web build writes route-preloads.json (route path -> the page's
// chunks and stylesheets beyond what index.html loads); with <link rel="modulepreload"> for them
// the browser fetches the page beside the entry script, instead of only once the entry has run
// and asked for it. The document also carries the route's title and its loading skeleton, the
// first frame painted before any script (decision 0074). A path with no entry (unknown,
// login-gated, the not-found page) gets the plain index.html.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { withoutTrailingSlashes } from '../api/index.ts';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface RoutePreload {
  js: string[];
  css: string[];
  /** The route's title and its loading skeleton (decision 0074); absent in older builds. */
  title?: string;
  shell?: string;
}

export interface RouteDocument {
  html: string;
  /** The same, Brotli-compressed once, for browsers that accept it. */
  br: Buffer;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html for one route: its preload links just before `</head>`, its title, and its loading
 * skeleton inside the empty `<div id="root">`, painted before any script has run (React's first
 * commit replaces it with the same skeleton, then the page).
 */
export function withPreloads(indexHtml: string, preload: RoutePreload): string {
  let html = indexHtml;
  if (preload.title !== undefined)
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeText(preload.title!)}</title>`,
    );
  if (preload.shell !== undefined)
    html = html.replace('<div id="root"></div>', () => `<div id="root">${preload.shell}</div>`);
  return withLinks(html, preload);
}

function withLinks(indexHtml: string, preload: RoutePreload): string {
  const links = [
    ...preload.js.map((f) => `<link rel="modulepreload" crossorigin href="${escapeAttr(f)}">`),
    ...preload.css.map(
      (f) => `<link rel="preload" as="style" crossorigin href="${escapeAttr(f)}">`,
    ),
  ];
  if (links.length === 0) return indexHtml;
  return indexHtml.replace(/\n?(\s*)<\/head>/, (_, indent: string) =>
    ['', ...links.map((link) => `${indent}  ${link}`), `${indent}</head>`].join('\n'),
  );
}

/** Whether a route path (`/a/:id`) matches a pathname; a trailing slash is ignored, as the router does. */
export function routeMatches(routePath: string, pathname: string): boolean {
  const want = routePath.split('/');
  const got = withoutTrailingSlashes(pathname).split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) =>
    segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i],
  );
}

/**
 * Reads the build's route-preloads.json next to index.html. Returns the document for a pathname,
 * built and compressed once per route, or undefined when the route has nothing to add (or the
 * build has no such file: an older build still serves its plain index.html).
 */
export function routeDocuments(root: string): (pathname: string) => RouteDocument | undefined {
  const file = path.join(root, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return () => undefined;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RoutePreload>;
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const exact = new Map(Object.entries(preloads).filter(([p]) => !p.includes(':')));
  const withParams = Object.entries(preloads).filter(([p]) => p.includes(':'));
  const built = new Map<string, RouteDocument>();
  return (pathname) => {
    const trimmed = withoutTrailingSlashes(pathname);
    const routePath = exact.has(trimmed)
      ? trimmed
      : withParams.find(([p]) => routeMatches(p, trimmed))?.[0];
    if (routePath === undefined) return undefined;
    let document = built.get(routePath);
    if (!document) {
      const html = withPreloads(indexHtml, preloads[routePath]!);
      document = { html, br: zlib.brotliCompressSync(html) };
      built.set(routePath, document);
    }
    return document;
  };
}
