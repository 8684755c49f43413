// The first frame the server's document paints (loadingShell.ts, decision 0074) is the markup
// React's first commit renders: if the two parted, the screen would change under the shopper
// (and the skeleton's global classes would miss their styles).
import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Loading } from '../pages/campaign-kit/states.tsx';
import { RouteMeta } from '../routes/RouteMeta.tsx';
import { loadingShellHtml } from './loadingShell.ts';
import { PageLoading } from './PageLoading.tsx';

afterEach(cleanup);

describe('loading skeleton', () => {
  it('is the same HTML from the server as from React, title escaped alike', () => {
    for (const title of ['每日签到', '领券 & <特惠> "今日"', "it's"]) {
      expect(loadingShellHtml(title)).toBe(renderToStaticMarkup(<PageLoading title={title} />));
    }
  });

  it("shows the route's title while a campaign page's first call is in flight", () => {
    const route = { path: '/activity/sign/index', title: '每日签到' };
    render(
      <MemoryRouter initialEntries={[route.path]}>
        <Routes>
          <Route
            path={route.path}
            element={
              <RouteMeta route={route}>
                <Loading />
              </RouteMeta>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    const skeleton = screen.getByRole('status', { name: '加载中' });
    expect(skeleton.textContent).toBe('每日签到');
    expect(skeleton.outerHTML).toBe(loadingShellHtml('每日签到'));
  });
});
