import { describe, expect, it } from 'vitest';
import { backgroundOf, routes, servedRoutes } from './table.ts';

describe('route table', () => {
  it('holds every route of spec section 2, each once', () => {
    const activity = routes.filter((r) => r.path.startsWith('/activity/'));
    // The spec's 100, chat's session list and chat screen (docs/chat-pages.md), and customer
    // service's conversation and workspace (docs/customer-service.md).
    expect(activity).toHaveLength(104);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/', '/my/login', '/activity/postoffice/detail/:id']),
    );
  });

  it('marks requireLogin exactly where the spec does', () => {
    expect(
      routes
        .filter((r) => r.requireLogin)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/activity/bank/recharge',
        '/activity/bank/recharge2',
        '/activity/bank/pay',
        '/activity/bank/success',
        '/activity/sign/award',
        '/activity/sign/detail',
        '/activity/openBagPrize/index',
        '/activity/openBagPrize/list',
        '/activity/openBagPrize/userInfo',
        '/activity/openBagPrize/confirmOrder',
        '/activity/raffle/award',
        '/activity/password/award',
      ].sort(),
    );
  });

  it('gives every route a Chinese title and a light grey background by default', () => {
    for (const route of routes) expect(route.title).toMatch(/[\u4e00-\u9fff]/);
    expect(backgroundOf({ path: '/x', title: '标题' })).toBe('#f5f5f5');
  });

  it('redirects the third-party mall entries and serves only routes with a page or a redirect', () => {
    expect(routes.find((r) => r.path === '/activity/abc/index')?.redirectTo).toBe(
      '/thirdmall/abc/index',
    );
    expect(routes.find((r) => r.path === '/activity/boc/index')?.redirectTo).toBe(
      '/thirdmall/boc/index',
    );
    const served = servedRoutes().map((r) => r.path);
    expect(served).toContain('/activity/sign/award');
    expect(served).toContain('/activity/raffle/index');
    expect(served).toContain('/activity/postoffice/home');
  });
});
