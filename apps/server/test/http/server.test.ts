import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, startTestServer, type TestServer } from '../harness/index.ts';

describe('server skeleton over real HTTP', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await makeDataDir();
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><head><title>app</title></head><div id="root"></div>',
    );
    await fs.writeFile(
      path.join(webDist, 'route-preloads.json'),
      JSON.stringify({
        '/activity/sign/index': {
          js: ['/assets/SignPage-1.js'],
          css: ['/assets/SignPage-1.css'],
          title: '每日签到',
          shell: '<div class="morsel-loading"><p>每日签到</p></div>',
        },
        '/activity/postoffice/detail/:id': { js: ['/assets/DetailPage-1.js'], css: [] },
      }),
    );
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await fs.writeFile(
      path.join(webDist, 'assets', 'app-abc123.js.gz'),
      gzipSync('console.log(1)'),
    );
    const adminDist = path.join(webDist, 'console');
    await fs.mkdir(path.join(adminDist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(adminDist, 'index.html'), '<!doctype html><div id="console">');
    await fs.writeFile(path.join(adminDist, 'assets', 'console-1.js'), 'console.log(2)');
    server = await startTestServer({ webDist, adminDist });
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers /healthz with the engines in use', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', store: 'sqlite', bus: 'memory' });
  });

  it('gives every response a request id, echoing one the caller sent', async () => {
    const generated = await fetch(`${server.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${server.url}/healthz`, {
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('serves the web app for page navigations on any path (history mode)', async () => {
    for (const pathname of ['/', '/activity/sign/index', '/no/such/page?x=1']) {
      const response = await fetch(`${server.url}${pathname}`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
    // The site's root is a folder of the build: asked for without any accepted encoding (curl,
    // some crawlers) it used to answer 403.
    const root = await fetch(`${server.url}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    const api = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(api.status).toBe(404);
  });

  it("announces a route's page chunk in the index.html of that route only", async () => {
    const page = (pathname: string, encoding = 'identity') =>
      fetch(`${server.url}${pathname}`, {
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
    const sign = await page('/activity/sign/index?campaign=2');
    const html = await sign.text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/SignPage-1.js">');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/SignPage-1.css">',
    );
    expect(html.indexOf('SignPage-1.js')).toBeLessThan(html.indexOf('</head>'));
    // The route's title and loading skeleton, painted before any script (decision 0074).
    expect(html).toContain('<title>每日签到</title>');
    expect(html).toContain(
      '<div id="root"><div class="morsel-loading"><p>每日签到</p></div></div>',
    );
    expect(sign.headers.get('cache-control')).toBe('no-cache');
    const compressed = await page('/activity/sign/index', 'br');
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(html); // fetch decodes it
    expect(await (await page('/activity/postoffice/detail/42')).text()).toContain(
      'DetailPage-1.js',
    );
    for (const other of ['/', '/activity/postoffice/detail', '/no/such/page']) {
      const plain = await (await page(other)).text();
      expect(plain, other).not.toContain('modulepreload');
      expect(plain, other).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the precompressed copy of an asset when the browser accepts it', async () => {
    const response = await fetch(`${server.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe('console.log(1)'); // fetch decodes it
    const plain = await fetch(`${server.url}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('answers unknown API calls and missing assets with a JSON 404, not the page', async () => {
    for (const pathname of ['/api/nothing', '/assets/missing.js']) {
      const response = await fetch(`${server.url}${pathname}`, {
        headers: { accept: 'application/json' },
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 404, message: 'not found' });
    }
  });

  it('serves the console under /admin: its pages, its assets and JSON 404s for the rest', async () => {
    const get = (pathname: string, accept = 'text/html') =>
      fetch(`${server.url}${pathname}`, { headers: { accept } });
    for (const pathname of ['/admin', '/admin/campaigns/sign']) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(await page.text()).toContain('id="console"');
    }
    expect(await (await get('/admin/assets/console-1.js', '*/*')).text()).toBe('console.log(2)');
    for (const pathname of ['/admin/assets/missing.js', '/admin/api/nothing']) {
      const response = await get(pathname, 'application/json');
      expect(response.status, pathname).toBe(404);
      expect(await response.json()).toEqual({ code: 404, message: 'not found' });
    }
  });

  it('never serves a file from outside the build, however the path is spelled', async () => {
    for (const pathname of [
      '/assets/..%2f..%2fpackage.json',
      '/..%2fconsole/index.html',
      '/.env',
    ]) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { accept: '*/*' } });
      expect(response.status, pathname).toBeGreaterThanOrEqual(400);
      expect(response.status, pathname).toBeLessThan(500);
    }
  });

  it('seeds the default IM app and demo accounts', async () => {
    const { seeded } = server.server;
    expect(seeded.appKey).toMatch(/^[0-9a-f]{32}$/);
    expect(seeded.demoAccounts.map((a) => a.accid)).toEqual(['demo1', 'demo2', 'demo3']);
  });
});

describe('restarts and configuration', () => {
  it('keeps data across a restart on the same data directory', async () => {
    const first = await startTestServer();
    const before = first.server.seeded;
    await first.server.store.db
      .insertInto('meta')
      .values({ key: 'probe', value: 'kept' })
      .execute();
    await first.stop({ keepData: true });

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      // The generated app secret and the development console account are told on the first start
      // only (the banner shows them once).
      const { generatedSecret, generatedConsoleAccount, ...kept } = before;
      expect(generatedConsoleAccount?.name).toBe('operator');
      const stored = await second.server.store.db
        .selectFrom('im_apps')
        .select('secret')
        .where('app_key', '=', before.appKey)
        .executeTakeFirstOrThrow();
      expect(generatedSecret).toBe(stored.secret);
      expect(second.server.seeded).toEqual(kept);
      const row = await second.server.store.db
        .selectFrom('meta')
        .select('value')
        .where('key', '=', 'probe')
        .executeTakeFirst();
      expect(row?.value).toBe('kept');
    } finally {
      await second.stop();
    }
  });

  it('uses the configured IM app key and secret, and config wins on restart', async () => {
    const appKey = 'morselTestKey01';
    const first = await startTestServer({ imAppKey: appKey, imAppSecret: 'first-secret-123' });
    await first.stop({ keepData: true });
    const second = await startTestServer({
      dataDir: first.dataDir,
      imAppKey: appKey,
      imAppSecret: 'second-secret-456',
    });
    try {
      expect(second.server.seeded.appKey).toBe(appKey);
      const app = await second.server.store.db
        .selectFrom('im_apps')
        .selectAll()
        .where('app_key', '=', appKey)
        .executeTakeFirstOrThrow();
      expect(app.secret).toBe('second-secret-456');
    } finally {
      await second.stop();
    }
  });

  it('answers 503 for pages when the web app is not built', async () => {
    const server = await startTestServer({ webDist: '/nonexistent/dist' });
    try {
      const response = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await server.stop();
    }
  });
});
