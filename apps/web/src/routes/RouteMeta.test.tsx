// What every route change does (spec section 2): page title, body background (light grey by
// default), the route's share content, the native header inside the app, scroll to top.
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { nativeBridge } from '../native/bridge.ts';
import { currentShareContent } from '../share/share.ts';
import { RouteMeta } from './RouteMeta.tsx';
import type { RouteDef } from './types.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

const SIGN: RouteDef = { path: '/activity/sign/index', title: '每日签到' };
const LOGIN: RouteDef = { path: '/my/login', title: '登录', background: '#ffffff' };
const HOME: RouteDef = {
  path: '/',
  title: '活动中心',
  share: {
    link: '/?from=share',
    title: '活动中心',
    description: '签到、抽奖、领券',
    imgUrl: '/favicon.svg',
  },
};

function useUserAgent(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  resetEnvironment();
}

function renderRoutes(initial: string) {
  const router = createMemoryRouter(
    [SIGN, LOGIN, HOME].map((route) => ({
      path: route.path,
      element: (
        <RouteMeta route={route}>
          <p>{route.title}</p>
        </RouteMeta>
      ),
    })),
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrolls: number;
beforeEach(() => {
  useUserAgent(IPHONE);
  scrolls = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {
    scrolls += 1;
  });
  document.title = '';
  document.body.style.background = '';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route metadata on every navigation', () => {
  it('sets the title and the body background, light grey unless the route says otherwise, and scrolls to the top', async () => {
    const router = renderRoutes('/activity/sign/index');
    expect(document.title).toBe('每日签到');
    expect(document.body.style.background).toBe('#f5f5f5');
    expect(scrolls).toBe(1);

    await act(() => router.navigate('/my/login'));
    expect(document.title).toBe('登录');
    expect(document.body.style.background).toBe('#ffffff');
    expect(scrolls).toBe(2);

    await act(() => router.navigate(-1));
    expect(document.title).toBe('每日签到');
    expect(scrolls).toBe(3);
  });

  it("applies the route's share content with absolute links", () => {
    renderRoutes('/');
    expect(currentShareContent()).toEqual({
      link: `${location.origin}/?from=share`,
      title: '活动中心',
      description: '签到、抽奖、领券',
      imgUrl: `${location.origin}/favicon.svg`,
    });
  });

  it('shows the native header inside the app only, with the share button when the route shares', async () => {
    const setHeader = vi.spyOn(nativeBridge, 'setHeader').mockImplementation(() => undefined);
    renderRoutes('/activity/sign/index');
    expect(setHeader).not.toHaveBeenCalled();
    cleanup();

    useUserAgent(`${IPHONE} MorselApp/4.13.0 (os=iOS; ut=; deviceId=d; sessionId=s)`);
    vi.spyOn(nativeBridge, 'setShare').mockImplementation(() => undefined);
    const router = renderRoutes('/activity/sign/index');
    expect(setHeader).toHaveBeenLastCalledWith({
      visible: true,
      title: '每日签到',
      background: '#f5f5f5',
      shareMenu: false,
    });
    await act(() => router.navigate('/'));
    expect(setHeader).toHaveBeenLastCalledWith({
      visible: true,
      title: '活动中心',
      background: '#f5f5f5',
      shareMenu: true,
    });
  });
});
