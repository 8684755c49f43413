// Every route of the route table that has a page, as a screen-reader user and a 320 px phone meet
// it (issue 28): logged out and logged in, with its sheets and dialogs open. On each: axe-core
// (no serious or critical violation), tap targets of at least 44 px, and at 390 and 320 px no
// element past the screen's edge and no button label broken over two lines. One server and one
// browser for the whole pass; every finding is listed at once. Screenshots at 390 and 320 px.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { matchPath } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCode, startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { axeFindings, layoutFindings, smallTapTargets, type Finding } from './harness/audit.ts';
import { adminApi, campaignApi, openAs, openLoggedOut } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';
import { makeCardThroughApi } from './postoffice-support.ts';

const ADMIN_KEY = 'e2e-a11y-admin-key-0123456789abcdef';
const RAFFLE_SEED = new URL('../apps/server/seed/campaigns/raffle.json', import.meta.url);

interface Visit {
  /** Screenshot and report name. */
  name: string;
  url: string;
  /** Opens the sheet or dialog this visit audits, after the page has loaded. */
  open?: (page: Page) => Promise<void>;
}

/** The routes with a page, read from the app's own table (loaded at run time, like the bench). */
async function pageRoutes(): Promise<string[]> {
  const table = new URL('../apps/web/src/routes/table.ts', import.meta.url).href;
  const mod = (await import(table)) as {
    routes: { path: string; page?: unknown; redirectTo?: string }[];
  };
  return mod.routes.filter((r) => r.page && !r.redirectTo).map((r) => r.path);
}

/**
 * Waits until the page shows content: no request in flight, no loading skeleton, and every dialog
 * and mask faded in (antd-mobile animates them in script, past the reduced-motion CSS; a contrast
 * measured mid-fade would be wrong).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.getByRole('status', { name: '加载中' }).count()).toBe(0);
  // A dialog or mask still fading in is audited with washed-out colours. Its ancestors must be
  // fully opaque, and the opacity of everything inside it (antd-mobile animates a wrapper inside
  // the dialog element) the same in two looks in a row: a disabled button may stay at 0.4.
  const look = () =>
    page.evaluate(() => {
      const opacity = (el: Element) => getComputedStyle(el).opacity;
      const open = Array.from(document.querySelectorAll('[role="dialog"], .adm-mask'));
      const shown = open.every((el) => {
        for (let up: Element | null = el; up; up = up.parentElement)
          if (Number(opacity(up)) < 1) return false;
        return true;
      });
      const inside = open.flatMap((el) => Array.from(el.querySelectorAll('*')).map(opacity));
      return shown ? inside.join(',') : undefined;
    });
  let previous: string | undefined;
  await expect
    .poll(async () => {
      const now = await look();
      const same = now !== undefined && now === previous;
      previous = now;
      return same;
    })
    .toBe(true);
}

/**
 * The layout findings at `width`, checked once in a viewport as tall as the page (so all of it can
 * be hit-tested for covered text), then back at a phone's height.
 */
async function layoutAt(page: Page, width: number): Promise<Finding[]> {
  await page.setViewportSize({ width, height: 640 });
  const modal = (await page.locator('[aria-modal="true"], [role="dialog"]').count()) > 0;
  // With a sheet open the page behind does not count; the sheet fits the phone's height.
  if (!modal) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.min(Math.max(height, 640), 4000) });
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const found = await layoutFindings(page);
  await page.setViewportSize({ width, height: width === 390 ? 844 : 640 });
  return found;
}

const clickButton = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog').first().waitFor();
};

describe('accessibility and 320 px layout of every page', () => {
  let app: TestServer;
  let routes: string[];

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    routes = await pageRoutes();
    // The raffle always gives the goods prize, so its popup offers the address form.
    const seed = JSON.parse(fs.readFileSync(RAFFLE_SEED, 'utf8')) as {
      prizes: { key: string; [field: string]: unknown }[];
    };
    for (const { key, ...prize } of seed.prizes)
      await adminApi(app.url, ADMIN_KEY, 'PUT', `campaigns/raffle/prizes/${key}`, {
        ...prize,
        weight: key === 'nuts-box' ? 1 : 0,
      });
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function audit(page: Page, visits: Visit[], findings: string[]): Promise<void> {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const visit of visits) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.url}${visit.url}`);
      await settled(page);
      if (visit.open) {
        await visit.open(page);
        await settled(page);
      }
      const report = (width: number, list: Finding[]) =>
        findings.push(...list.map((f) => `${visit.name} @${width}: ${f.rule}: ${f.detail}`));
      report(390, await axeFindings(page, app.url));
      report(390, await smallTapTargets(page));
      report(390, await layoutAt(page, 390));
      await screenshot(page, `a11y-${visit.name}-390`);
      report(320, await layoutAt(page, 320));
      report(320, await smallTapTargets(page));
      await screenshot(page, `a11y-${visit.name}-320`);
    }
  }

  it('has no serious axe finding, small tap target or 320 px overflow on any page', async () => {
    const findings: string[] = [];
    const token = await loginThroughApi(app.url, '13800009301');
    // A shopper with something on every page: a signed day, a coupon prize (password), a goods
    // prize (raffle) and a gift link of the coupon poster.
    expect((await campaignApi(app.url, token, 'POST', 'sign/today')).code).toBe(0);
    const won = await campaignApi<{ award: { id: number; couponId: number } }>(
      app.url,
      token,
      'POST',
      'password/redeem',
      { password: demoCode(app, '零食节快乐') },
    );
    expect(won.code).toBe(0);
    const drawn = await campaignApi<{ award: { id: number } }>(
      app.url,
      token,
      'POST',
      'raffle/draw',
    );
    expect(drawn.code, drawn.message).toBe(0);
    const sharer = await loginThroughApi(app.url, '13800009302');
    const { shareCode: giftCode } = (
      await campaignApi<{ shareCode: string }>(app.url, sharer, 'GET', 'coupon/poster')
    ).data;
    const { shareCode: raffleCode } = (
      await campaignApi<{ shareCode: string }>(app.url, sharer, 'GET', 'raffle')
    ).data;
    const couponId = won.data.award.couponId;

    // A card of the shopper's: its page logged out (a visitor) and logged in (its maker).
    const postcard = await makeCardThroughApi(app.url, token);
    const loggedOut: Visit[] = [
      { name: 'out-home', url: '/' },
      { name: 'out-login', url: '/my/login' },
      { name: 'out-agreement', url: '/my/agreement' },
      { name: 'out-privacy', url: '/my/privacy' },
      { name: 'out-sign', url: '/activity/sign/index' },
      { name: 'out-sign-ask-login', url: '/activity/sign/index', open: clickButton(/立即签到/) },
      { name: 'out-raffle', url: '/activity/raffle/index' },
      { name: 'out-xborder', url: '/activity/crossBorder/index' },
      { name: 'out-xborder-category', url: '/activity/crossBorder/categoryPage?category=chips' },
      { name: 'out-xborder-search', url: '/activity/crossBorder/search' },
      { name: 'out-xborder-found', url: '/activity/crossBorder/search?q=%E6%8A%B9%E8%8C%B6' },
      { name: 'out-xborder-none', url: '/activity/crossBorder/search?q=%E6%A6%B4%E8%8E%B2' },
      { name: 'out-xborder-detail', url: '/activity/crossBorder/detail?id=macadamia' },
      { name: 'out-xborder-pass', url: '/activity/wechat_pass/crossborderIndex' },
      {
        name: 'out-xborder-pass-detail',
        url: '/activity/wechat_pass/crossborderDetail?id=dark-chocolate',
      },
      { name: 'out-raffle-invited', url: `/activity/raffle/index?shareCode=${raffleCode}` },
      { name: 'out-password', url: '/activity/password/index' },
      { name: 'out-coupon-core', url: '/activity/coupon/core' },
      { name: 'out-coupon-use', url: '/activity/coupon/use' },
      { name: 'out-coupon-cloud-use', url: `/activity/coupon/cloudUse?id=${couponId}` },
      { name: 'out-coupon-poster', url: '/activity/coupon/poster' },
      { name: 'out-newuser', url: '/activity/newuser/coupon' },
      { name: 'out-send-coupon', url: `/activity/sendCoupon/index?shareCode=${giftCode}` },
      { name: 'out-not-found', url: '/activity/no-such-page' },
      // The campaign waves' public pages.
      { name: 'out-vote', url: '/activity/vote/vote' },
      { name: 'out-free', url: '/activity/free/index' },
      { name: 'out-free-award', url: '/activity/free/award' },
      { name: 'out-rain', url: '/activity/redPacketRain/index' },
      { name: 'out-rain-oauth', url: '/activity/redPacketRain/oauth' },
      { name: 'out-rain-help', url: '/activity/redPacketRain/help' },
      { name: 'out-rain-award', url: '/activity/redPacketRain/award' },
      { name: 'out-rain-help-u', url: `/activity/redPacketRain/helpU?shareCode=${raffleCode}` },
      { name: 'out-fission', url: '/activity/redPacketFission/index' },
      { name: 'out-fission-new', url: '/activity/redPacketFission/newFission' },
      { name: 'out-fission-channel', url: '/activity/redPacketFission/channel?channel=poster' },
      { name: 'out-fission-oauth', url: '/activity/redPacketFission/oauth' },
      {
        name: 'out-fission-bad-link',
        url: '/activity/redPacketFission/index?packet=AAAAAAAAAAAAAAAAAAAA',
      },
      { name: 'out-game', url: '/activity/game/index' },
      { name: 'out-fullshop-types', url: '/activity/fullshop/shoptype' },
      { name: 'out-joinus', url: '/activity/joinus/index' },
      { name: 'out-joinus-merchant', url: '/activity/joinus/merchant' },
      { name: 'out-joinus-supplier', url: '/activity/joinus/supplier' },
      { name: 'out-privacy-list', url: '/activity/userDataCollection/index' },
      { name: 'out-download-outdoor', url: '/activity/download/outdoor' },
      { name: 'out-download-activity', url: '/activity/download/activity' },
      { name: 'out-download-h5', url: '/activity/download/H5JumpWechat' },
      { name: 'out-download-zfb', url: '/activity/download/zfbDownload' },
      { name: 'out-mutual-scheme', url: '/activity/mutual/WeChatScheme' },
      { name: 'out-mutual-h5', url: '/activity/mutual/h5ToWx' },
      // CMS pages and store stations (location is not granted here: the city fallback shows).
      { name: 'out-cms-index', url: '/activity/cmsPage/index' },
      { name: 'out-cms-app-coupon', url: '/activity/cmsPage/appCoupon' },
      { name: 'out-cms-app-coupon-only', url: '/activity/cmsPage/appCouponOnly' },
      { name: 'out-cms-choose-city', url: '/activity/cmsPage/chooseCity' },
      { name: 'out-station', url: '/activity/station/index' },
      { name: 'out-station-share', url: '/activity/station/shareIndex' },
      { name: 'out-station-follow', url: '/activity/station/publicNo' },
      { name: 'out-store-code', url: '/activity/singleStoreAndCode?id=sh-jingan' },
      // Content pages (docs/content-pages.md).
      { name: 'out-video', url: '/activity/communityVideo/index' },
      { name: 'out-video-middle', url: '/activity/communityVideo/middlePage?id=nut-crunch' },
      { name: 'out-video-brand', url: '/activity/communityVideo/brandVideo' },
      { name: 'out-video-poster', url: '/activity/communityVideo/brandPoster' },
      { name: 'out-wine-gate', url: '/activity/wine/index' },
      {
        name: 'out-wine-exit',
        url: '/activity/wine/index',
        open: (page) => page.getByRole('button', { name: '我未满18周岁' }).click(),
      },
      {
        name: 'out-wine',
        url: '/activity/wine/index',
        open: async (page) => {
          await page.getByRole('button', { name: '选错了？重新选择' }).click();
          await page.getByRole('button', { name: '我已年满18周岁' }).click();
        },
      },
      { name: 'out-update', url: '/activity/update/index' },
      { name: 'out-love', url: '/activity/loveAccount/index' },
      { name: 'out-love-project', url: '/activity/loveAccount/detail?id=warm-meal' },
      { name: 'out-gift-story', url: '/activity/giftStory/index' },
      { name: 'out-topic', url: '/activity/topic/detail' },
      { name: 'out-baike', url: '/activity/baike/baike' },
      { name: 'out-chinanet', url: '/activity/external/chinaNet' },
      { name: 'out-nbcb', url: '/activity/nbcb/index' },
      { name: 'out-orange-index', url: '/activity/orangeCard/index' },
      { name: 'out-orange-city', url: '/activity/orangeCard/chooseCity' },
      { name: 'out-orange-records', url: '/activity/orangeCard/buyRecord' },
      { name: 'out-orange-receive', url: `/activity/orangeCard/receive?token=${'A'.repeat(43)}` },
      { name: 'out-postoffice-home', url: '/activity/postoffice/home' },
      { name: 'out-postoffice-template', url: '/activity/postoffice/template/birthday' },
      { name: 'out-postoffice-cover', url: '/activity/postoffice/cover?template=birthday' },
      { name: 'out-postoffice-record', url: '/activity/postoffice/opration' },
      { name: 'out-postoffice-make', url: '/activity/postoffice/make' },
      { name: 'out-postoffice-list', url: '/activity/postoffice/list' },
      { name: 'out-postoffice-card', url: `/activity/postoffice/detail/${postcard}` },
      // The live room: the demo seed's session 1 is on air (docs/live-pages.md).
      { name: 'out-live-index', url: '/activity/live/index' },
      { name: 'out-live-room', url: '/activity/live/live?id=1' },
      { name: 'out-live-awards', url: '/activity/live/awardRecord' },
    ];
    const loggedIn: Visit[] = [
      { name: 'in-home', url: '/' },
      { name: 'in-sign', url: '/activity/sign/index' },
      { name: 'in-sign-rules', url: '/activity/sign/index', open: clickButton('活动规则') },
      { name: 'in-sign-share', url: '/activity/sign/index', open: clickButton('分享') },
      { name: 'in-sign-award', url: '/activity/sign/award' },
      {
        name: 'in-detail-coupon',
        url: `/activity/sign/detail?campaign=password&id=${won.data.award.id}`,
      },
      {
        name: 'in-detail-goods',
        url: `/activity/sign/detail?campaign=raffle&id=${drawn.data.award.id}`,
      },
      {
        name: 'in-detail-address',
        url: `/activity/sign/detail?campaign=raffle&id=${drawn.data.award.id}`,
        open: async (page) => {
          await page
            .getByRole('button', { name: /填写地址/ })
            .first()
            .click();
          await page.getByRole('form', { name: '填写收货地址' }).waitFor();
        },
      },
      { name: 'in-raffle', url: '/activity/raffle/index' },
      {
        name: 'in-raffle-win',
        url: '/activity/raffle/index',
        open: async (page) => {
          await page.getByRole('button', { name: /剩余\d次/ }).click();
          await page.getByRole('dialog', { name: '恭喜获得' }).waitFor();
        },
      },
      { name: 'in-raffle-share', url: '/activity/raffle/index', open: clickButton('邀好友助力') },
      {
        name: 'in-raffle-poster',
        url: '/activity/raffle/index',
        open: async (page) => {
          await clickButton('邀好友助力')(page);
          await page.getByRole('button', { name: '生成分享海报' }).click();
          await page.getByRole('img', { name: '分享海报' }).waitFor();
        },
      },
      { name: 'in-raffle-award', url: '/activity/raffle/award' },
      { name: 'in-password', url: '/activity/password/index' },
      { name: 'in-password-award', url: '/activity/password/award' },
      { name: 'in-coupon-core', url: '/activity/coupon/core' },
      { name: 'in-coupon-use', url: '/activity/coupon/use' },
      { name: 'in-coupon-code', url: `/activity/coupon/use?id=${couponId}` },
      { name: 'in-coupon-cloud-use', url: `/activity/coupon/cloudUse?id=${couponId}` },
      { name: 'in-coupon-poster', url: '/activity/coupon/poster' },
      { name: 'in-newuser', url: '/activity/newuser/coupon' },
      { name: 'in-send-coupon', url: `/activity/sendCoupon/index?shareCode=${giftCode}` },
      { name: 'in-my-prizes', url: '/my/prizes' },
      // The campaign waves' pages that need a shopper (those that need an id show its absence).
      { name: 'in-vote', url: '/activity/vote/vote' },
      { name: 'in-free', url: '/activity/free/index' },
      { name: 'in-rain', url: '/activity/redPacketRain/index' },
      { name: 'in-rain-help', url: '/activity/redPacketRain/help' },
      { name: 'in-rain-award', url: '/activity/redPacketRain/award' },
      { name: 'in-rain-help-u', url: `/activity/redPacketRain/helpU?shareCode=${raffleCode}` },
      { name: 'in-fission', url: '/activity/redPacketFission/index' },
      { name: 'in-fission-new', url: '/activity/redPacketFission/newFission' },
      { name: 'in-game', url: '/activity/game/index' },
      { name: 'in-bag', url: '/activity/openBagPrize/index' },
      { name: 'in-bag-list', url: '/activity/openBagPrize/list' },
      { name: 'in-bag-user-info', url: '/activity/openBagPrize/userInfo' },
      { name: 'in-bag-confirm', url: '/activity/openBagPrize/confirmOrder' },
      { name: 'in-bank-recharge', url: '/activity/bank/recharge' },
      { name: 'in-bank-recharge2', url: '/activity/bank/recharge2' },
      { name: 'in-bank-pay', url: '/activity/bank/pay' },
      { name: 'in-bank-success', url: '/activity/bank/success' },
      {
        name: 'in-xborder-buy',
        url: '/activity/crossBorder/detail?id=macadamia',
        open: async (page) => {
          await page.getByRole('button', { name: '立即购买' }).click();
          await page.getByRole('dialog', { name: '立即购买' }).waitFor();
        },
      },
      { name: 'in-orange-index', url: '/activity/orangeCard/index' },
      {
        name: 'in-orange-submit',
        url: '/activity/orangeCard/orderSubmit?city=hangzhou&faceId=100&quantity=2',
      },
      { name: 'in-orange-result', url: '/activity/orangeCard/payResult' },
      { name: 'in-orange-give', url: '/activity/orangeCard/give' },
      { name: 'in-orange-records', url: '/activity/orangeCard/buyRecord' },
      { name: 'in-fullshop-form', url: '/activity/fullshop/form?type=community' },
      { name: 'in-fullshop-list', url: '/activity/fullshop/list' },
      { name: 'in-fullshop-result', url: '/activity/fullshop/result' },
      { name: 'in-joinus-form', url: '/activity/joinus/form?track=merchant' },
      { name: 'in-joinus-success', url: '/activity/joinus/success?track=merchant' },
      { name: 'in-apply', url: '/activity/apply/index' },
      { name: 'in-privacy-detail', url: '/activity/userDataCollection/detail?key=mobile' },
      { name: 'in-love-mine', url: '/activity/loveAccount/index?tab=mine' },
      { name: 'in-love-project', url: '/activity/loveAccount/detail?id=rural-books' },
      { name: 'in-nbcb', url: '/activity/nbcb/index' },
      { name: 'in-im-index', url: '/activity/im/index' },
      { name: 'in-im-chat', url: '/activity/im/chat?scene=p2p&to=demo2' },
      { name: 'in-im-join', url: '/activity/im/join?token=not-a-link' },
      { name: 'in-im-join-ok', url: '/activity/im/joinOk' },
      { name: 'in-im-service', url: '/activity/im/service?from=/activity/sign/index' },
      // A shopper who is no agent: the workspace says so (agents' own view: customer-service e2e).
      { name: 'in-im-agent', url: '/activity/im/agent' },
      {
        name: 'in-postoffice-record',
        url: '/activity/postoffice/cover?template=birthday',
        open: async (page) => {
          await page.getByRole('button', { name: '下一步 录制声音' }).click();
          await page.getByRole('button', { name: '开始录音' }).waitFor();
        },
      },
      { name: 'in-postoffice-list', url: '/activity/postoffice/list' },
      { name: 'in-postoffice-card', url: `/activity/postoffice/detail/${postcard}` },
      {
        name: 'in-postoffice-share',
        url: `/activity/postoffice/detail/${postcard}`,
        open: clickButton('分享给TA'),
      },
      { name: 'in-live-room', url: '/activity/live/live?id=1' },
      { name: 'in-live-awards', url: '/activity/live/awardRecord' },
    ];

    // No route with a page escapes the pass: each is visited logged out or logged in (a route
    // with a parameter, such as a card's page, by a path it matches).
    const visited = [...loggedOut, ...loggedIn].map((v) => new URL(v.url, 'http://x').pathname);
    expect(routes.filter((route) => !visited.some((path) => matchPath(route, path)))).toEqual([]);

    const out = await openLoggedOut();
    try {
      await audit(out.page, loggedOut, findings);
    } finally {
      await out.phone.close();
    }
    const shopper = await openAs(app.url, token);
    try {
      await audit(shopper.page, loggedIn, findings);
    } finally {
      await shopper.phone.close();
    }
    // The whole list in a file as well: the assertion's diff is long to read.
    const results = new URL('../test-results/', import.meta.url);
    fs.mkdirSync(results, { recursive: true });
    fs.writeFileSync(new URL('a11y-findings.txt', results), findings.join('\n') + '\n');
    expect(findings).toEqual([]);
    expect([...out.errors, ...shopper.errors]).toEqual([]);
  }, 900_000);

  it('catches what it looks for: overflow, a wrapped label, a small target, a nameless field', async () => {
    const { phone, page } = await openLoggedOut();
    try {
      await page.setViewportSize({ width: 320, height: 640 });
      // A page of the app's origin (its CSP applies), its content replaced by known faults.
      await page.goto(`${app.url}/my/agreement`);
      await settled(page);
      await page.evaluate(() => {
        document.body.innerHTML =
          '<div style="width:400px;height:20px">宽</div>' +
          '<p style="margin:0">被盖住的字</p><div style="position:relative;margin-top:-20px;height:30px;background:#fff"></div>' +
          '<button style="width:40px;height:48px">立即领取</button>' +
          '<input type="text">';
      });
      const layout = (await layoutFindings(page)).map((f) => f.rule);
      expect(layout).toContain('overflows the screen');
      expect(layout).toContain('horizontal scroll');
      expect(layout).toContain('button label wraps');
      expect(layout).toContain('text covered');
      const targets = (await smallTapTargets(page)).map((f) => f.detail);
      expect(targets.some((d) => d.includes('立即领取'))).toBe(true);
      const axe = (await axeFindings(page, app.url)).map((f) => f.rule);
      expect(axe).toContain('axe label (critical)');
    } finally {
      await phone.close();
    }
  });
});
