import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from './chunk.ts';
import { pageChunk, startFirstPageChunk } from './firstChunk.ts';
import type { RouteDef } from './types.ts';

const Page = () => null;

function route(path: string, extra: Partial<RouteDef> = {}) {
  const page = vi.fn(async () => ({ default: Page }));
  return { path, title: path, page, ...extra } satisfies RouteDef;
}

describe("the first address's page chunk", () => {
  it('starts the matching route once; the page later gets the same load', async () => {
    const sign = route('/activity/sign/index');
    const other = route('/activity/raffle/index');
    expect(startFirstPageChunk('/activity/sign/index', [other, sign], false)).toBe(sign);
    expect(sign.page).toHaveBeenCalledTimes(1);
    expect(other.page).not.toHaveBeenCalled();
    await expect(pageChunk(sign, sign.page)).resolves.toEqual({ default: Page });
    expect(sign.page).toHaveBeenCalledTimes(1);
  });

  it('matches a path with a parameter', () => {
    const detail = route('/activity/postoffice/detail/:id');
    expect(startFirstPageChunk('/activity/postoffice/detail/42', [detail], false)).toBe(detail);
    expect(detail.page).toHaveBeenCalledTimes(1);
  });

  it('leaves a login route alone for a visitor, who is sent to the login page', () => {
    const award = route('/activity/sign/award', { requireLogin: true });
    expect(startFirstPageChunk('/activity/sign/award', [award], false)).toBeUndefined();
    expect(award.page).not.toHaveBeenCalled();
    expect(startFirstPageChunk('/activity/sign/award', [award], true)).toBe(award);
    expect(award.page).toHaveBeenCalledTimes(1);
  });

  it('starts nothing for an unknown address or a redirect', () => {
    const mall = { path: '/activity/abc/index', title: '农行商城', redirectTo: '/thirdmall/abc' };
    expect(startFirstPageChunk('/activity/abc/index', [mall], true)).toBeUndefined();
    expect(startFirstPageChunk('/nowhere', [route('/activity/sign/index')], true)).toBeUndefined();
  });

  it('hands a failed early load to the page (its error boundary reports it)', async () => {
    const broken: RouteDef = {
      path: '/activity/vote/vote',
      title: '投票',
      page: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    startFirstPageChunk('/activity/vote/vote', [broken], false);
    await expect(pageChunk(broken, broken.page!)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
