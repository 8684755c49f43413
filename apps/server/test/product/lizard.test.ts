// The lizard script is served as a real, cacheable script, and its page-view reports are stored.
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import { startProductServer, type ProductTestServer } from './helpers.ts';

describe('lizard', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer();
  });
  afterAll(() => s?.stop());

  it('serves the script with a 30-day cache header', async () => {
    const response = await fetch(`${s.url}/activity/activity-static/lizard/index.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000');
    const text = await response.text();
    expect(() => new vm.Script(text)).not.toThrow();
    expect(text).toContain('/api/lizard/pv');
  });

  it('records a page view the script reports, and posts it to the server', async () => {
    // Run the served script against a minimal page whose sendBeacon posts to the real server.
    const script = await (await fetch(`${s.url}/activity/activity-static/lizard/index.js`)).text();
    const posts: Promise<Response>[] = [];
    const window: Record<string, unknown> = {};
    const page = {
      window,
      location: { pathname: '/activity/sign/index', search: '?from=app' },
      document: { title: '每日签到', referrer: 'https://m.example.com/', readyState: 'complete' },
      performance: {
        getEntriesByType: () => [
          { startTime: 0, responseStart: 120.4, domContentLoadedEventEnd: 480, loadEventEnd: 900 },
        ],
      },
      navigator: {
        sendBeacon: (path: string, body: string) => {
          posts.push(
            fetch(`${s.url}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'text/plain;charset=UTF-8' },
              body,
            }),
          );
          return true;
        },
      },
      history: { pushState() {}, replaceState() {} },
      setTimeout,
      Date,
      JSON,
      isFinite,
      Math,
    };
    window.addEventListener = () => {};
    vm.runInNewContext(script, { ...page, addEventListener: () => {} });
    expect(window.__lizard).toMatchObject({
      views: [
        {
          path: '/activity/sign/index?from=app',
          title: '每日签到',
          ttfb: 120,
          domReady: 480,
          load: 900,
        },
      ],
    });
    const answer = await (await posts[0]!).json();
    expect(answer).toEqual({ code: 0, message: 'success', data: null });
    const rows = await s.server.store.db.selectFrom('lizard_page_views').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: '/activity/sign/index?from=app',
      title: '每日签到',
      ttfb_ms: 120,
      dom_ready_ms: 480,
      load_ms: 900,
    });
  });

  it('refuses a report without a path, naming the field', async () => {
    const response = await fetch(`${s.url}/api/lizard/pv`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"title":"x"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: CODES.badParameter.code,
      message: '缺少参数 path',
    });
  });

  it("stores the native app's user agent without the session token it carries", async () => {
    const ua =
      'Mozilla/5.0 (iPhone) MorselApp/4.13.0 (os=iOS; ut=9f86d081884c7d659a2feaa0c55ad015; deviceId=d1; sessionId=s1)';
    const response = await fetch(`${s.url}/api/lizard/pv`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': ua },
      body: '{"path":"/activity/raffle/index"}',
    });
    expect((await response.json()).code).toBe(0);
    const row = await s.server.store.db
      .selectFrom('lizard_page_views')
      .select('user_agent')
      .where('path', '=', '/activity/raffle/index')
      .executeTakeFirstOrThrow();
    expect(row.user_agent).toBe(
      'Mozilla/5.0 (iPhone) MorselApp/4.13.0 (os=iOS; ut=[redacted]; deviceId=d1; sessionId=s1)',
    );
  });
});
