import { describe, expect, it } from 'vitest';
import { routeMatches, withPreloads } from './route-preloads.ts';
import { withoutTrailingSlashes } from '../api/index.ts';

describe('route preloads', () => {
  it('matches a route path segment by segment, a :param taking any one segment', () => {
    expect(routeMatches('/activity/sign/index', '/activity/sign/index')).toBe(true);
    expect(routeMatches('/activity/sign/index', '/activity/sign/index/')).toBe(true);
    expect(routeMatches('/activity/sign/index', '/activity/sign')).toBe(false);
    expect(routeMatches('/p/detail/:id', '/p/detail/7')).toBe(true);
    expect(routeMatches('/p/detail/:id', '/p/detail/')).toBe(false);
    expect(routeMatches('/p/detail/:id', '/p/detail/7/x')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
  });

  it('drops trailing slashes, keeping the root, also from a long run of them', () => {
    expect(withoutTrailingSlashes('/activity/sign/index//')).toBe('/activity/sign/index');
    expect(withoutTrailingSlashes('/')).toBe('/');
    expect(withoutTrailingSlashes('//')).toBe('/');
    expect(withoutTrailingSlashes(`${'/'.repeat(16_000)}a`)).toBe(`${'/'.repeat(16_000)}a`);
    expect(routeMatches('/', '/'.repeat(16_000))).toBe(true);
  });

  it('puts the links before </head>, scripts first, and leaves a page without any alone', () => {
    const index = '<html><head><title>t</title></head><body></body></html>';
    const html = withPreloads(index, {
      js: ['/assets/a.js', '/assets/b.js'],
      css: ['/assets/a.css'],
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('/assets/a.js')).toBeLessThan(head.indexOf('/assets/b.js'));
    expect(head.indexOf('/assets/b.js')).toBeLessThan(head.indexOf('/assets/a.css'));
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/a.css">');
    expect(withPreloads(index, { js: [], css: [] })).toBe(index);
  });

  it("writes the route's title and its skeleton into the empty root, escaping the title", () => {
    const index =
      '<html><head><title>活动中心</title></head><body><div id="root"></div></body></html>';
    const html = withPreloads(index, {
      js: [],
      css: [],
      title: 'A & <B>',
      shell: '<div class="morsel-loading">$& $1</div>',
    });
    expect(html).toContain('<title>A &amp; &lt;B&gt;</title>');
    // A replacement pattern in the shell ($&) is written as it is, not expanded.
    expect(html).toContain('<div id="root"><div class="morsel-loading">$& $1</div></div>');
    // A build from before the skeleton (no title, no shell) keeps index.html's own.
    expect(withPreloads(index, { js: [], css: [] })).toBe(index);
  });
});
