// Every campaign page hands its share content to the shell's one share interface: inside the
// native app (the recording bridge stand-in of docs/native-bridge.md) each page sets a Chinese
// title and a link to the campaign; the personal pages (my prizes, a coupon) share the campaign,
// never the shopper's own page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCode, startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { adminApi, campaignApi } from './campaigns-support.ts';
import { loginThroughApi, nativeCalls, openInApp } from './shell-support.ts';

const ADMIN_KEY = 'e2e-share-admin-key-0123456789';

describe('sharing from every campaign page', () => {
  let app: TestServer;
  let token: string;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    token = await loginThroughApi(app.url, '13800007001');
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sets each page’s share content through the native bridge', async () => {
    const claimed = await campaignApi<{ id: number }>(app.url, token, 'POST', 'coupon/claim', {
      templateKey: 'all-10-off-99',
    });
    expect(claimed.code).toBe(0);
    const poster = await campaignApi<{ shareCode: string }>(app.url, token, 'GET', 'coupon/poster');
    const won = await campaignApi<{ award: { id: number } }>(
      app.url,
      token,
      'POST',
      'password/redeem',
      {
        password: demoCode(app, 'MORSEL2026'),
      },
    );
    expect(won.code).toBe(0);
    // [page, the path its share link must open]
    const pages: [string, string][] = [
      ['/activity/sign/index', '/activity/sign/index'],
      ['/activity/sign/award', '/activity/sign/index'],
      // One detail page shows every campaign's prizes: it shares the prize's own campaign.
      [
        `/activity/sign/detail?campaign=password&id=${won.data.award.id}`,
        '/activity/password/index',
      ],
      ['/activity/raffle/index', '/activity/raffle/index'],
      ['/activity/raffle/award', '/activity/raffle/index'],
      ['/activity/password/index', '/activity/password/index'],
      ['/activity/password/award', '/activity/password/index'],
      ['/activity/coupon/core', '/activity/coupon/core'],
      [`/activity/coupon/use?id=${claimed.data.id}`, '/activity/coupon/core'],
      [`/activity/coupon/cloudUse?id=${claimed.data.id}`, '/activity/coupon/core'],
      ['/activity/coupon/poster', '/activity/sendCoupon/index'],
      ['/activity/newuser/coupon', '/activity/newuser/coupon'],
      [
        `/activity/sendCoupon/index?shareCode=${poster.data.shareCode}`,
        '/activity/sendCoupon/index',
      ],
    ];
    const { phone, page, errors } = await openInApp(token);
    try {
      for (const [path, opens] of pages) {
        await page.goto(`${app.url}${path}`);
        await expect
          .poll(async () => (await nativeCalls(page)).some((c) => c.method === 'setShare'), {
            message: path,
          })
          .toBe(true);
        const share = (await nativeCalls(page)).filter((c) => c.method === 'setShare').at(-1)!;
        const params = share.params as { link: string; title: string; imgUrl: string };
        expect(new URL(params.link).pathname, path).toBe(opens);
        expect(params.title, path).toMatch(/[\u4e00-\u9fff]/);
        expect(params.imgUrl, path).toMatch(/^http/);
      }
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('shares a campaign under the title an operator configured, on its pages and its prize pages', async () => {
    const won = await campaignApi<{ award: { id: number } }>(
      app.url,
      token,
      'POST',
      'password/redeem',
      { password: demoCode(app, '零食节快乐') },
    );
    expect(won.code).toBe(0);
    // The operator retitles the three campaigns with prize lists through the admin API.
    const titles = {
      sign: '签到有礼 冬日加倍',
      raffle: '年终狂欢 九宫格抽大奖',
      password: '直播口令 限时兑换',
    };
    for (const [id, title] of Object.entries(titles))
      await adminApi(app.url, ADMIN_KEY, 'PATCH', `campaigns/${id}`, { title });
    // [page, the title its share must carry, the path its share link must open]
    const pages: [string, string, string][] = [
      ['/activity/sign/award', titles.sign, '/activity/sign/index'],
      ['/activity/raffle/award', titles.raffle, '/activity/raffle/index'],
      ['/activity/password/award', titles.password, '/activity/password/index'],
      [
        `/activity/sign/detail?campaign=password&id=${won.data.award.id}`,
        titles.password,
        '/activity/password/index',
      ],
      ['/activity/sign/index', titles.sign, '/activity/sign/index'],
      ['/activity/raffle/index', titles.raffle, '/activity/raffle/index'],
      ['/activity/password/index', titles.password, '/activity/password/index'],
    ];
    const { phone, page, errors } = await openInApp(token);
    try {
      const lastShare = async () =>
        (await nativeCalls(page)).filter((c) => c.method === 'setShare').at(-1)?.params as
          { link: string; title: string } | undefined;
      for (const [path, title, opens] of pages) {
        await page.goto(`${app.url}${path}`);
        await expect.poll(async () => (await lastShare())?.title, { message: path }).toBe(title);
        expect(new URL((await lastShare())!.link).pathname, path).toBe(opens);
      }
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
