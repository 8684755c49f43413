// The content pages of issue 22 in a phone: community videos that really play (a sample made by
// ffmpeg at start: readyState and currentTime advance in Chromium), the shared-video landing,
// the brand film and the server-drawn brand poster, poster-only videos on a server without
// ffmpeg, the wine corner behind its remembered age confirmation, and the version page by
// platform; with their loading, empty and error states. Each page is also checked with axe, for
// 44 px tap targets and for overflow at 320 px. Screenshots at 390 px (and 320 where it matters).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { axeFindings, layoutFindings, smallTapTargets } from './harness/audit.ts';
import { collectPageErrors, openPhone, screenshot, type Phone } from './harness/browser.ts';
import { adminApi } from './campaigns-support.ts';
import { USER_AGENTS } from './shell-support.ts';

const ADMIN_KEY = 'e2e-content-admin-key-0123456789abcdef';

/** axe, tap targets and 320 px overflow of the page as it is now; none expected. */
async function audited(page: Page, base: string, name: string): Promise<void> {
  const findings = [...(await axeFindings(page, base)), ...(await smallTapTargets(page))].map(
    (f) => `${f.rule}: ${f.detail}`,
  );
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 320, height: 640 });
  findings.push(...(await layoutFindings(page)).map((f) => `320: ${f.rule}: ${f.detail}`));
  await screenshot(page, `${name}-320`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(findings, name).toEqual([]);
}

/** Plays the video (muted, as any page may without a tap) and waits for time to advance. */
async function expectPlays(page: Page, id: string, wait = 30_000): Promise<void> {
  const video = page.locator(`video[data-video-id="${id}"]`);
  await video.waitFor({ timeout: wait });
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0.5);
  const state = await video.evaluate((v: HTMLVideoElement) => ({
    readyState: v.readyState,
    error: v.error?.code ?? null,
    src: v.currentSrc,
  }));
  expect(state.readyState).toBeGreaterThanOrEqual(2);
  expect(state.error).toBeNull();
  expect(state.src).toMatch(new RegExp(`/api/campaign/video/media/${id}\\.mp4$`));
}

describe('content pages', () => {
  let app: TestServer;
  let phone: Phone;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    phone = await openPhone();
    page = await phone.newPage();
    errors = collectPageErrors(page);
  });
  afterAll(async () => {
    await phone?.close();
    await app?.stop();
  });

  it('plays community videos made by ffmpeg, one after another from the list', async () => {
    await page.goto(`${app.url}/activity/communityVideo/index`);
    await page.getByRole('heading', { name: '每日坚果的正确打开方式' }).waitFor();
    // The samples are encoded after start (one at a time, behind the requests): the page shows
    // the poster with 视频准备中 and polls until the player appears. On two shared cores that can
    // take a while, hence the long wait here and the test's own time limit.
    await expectPlays(page, 'nut-crunch', 170_000);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await audited(page, app.url, 'video-index');

    await page.getByRole('link', { name: /芒果干配冰沙/ }).click();
    await expect.poll(() => page.url()).toMatch(/\?id=mango-sunrise$/);
    await expectPlays(page, 'mango-sunrise');
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    expect(
      await page.getByRole('link', { name: /芒果干配冰沙/ }).getAttribute('aria-current'),
    ).toBe('true');
    // The brand film is not among the community cards; it has its own page.
    expect(await page.getByRole('link', { name: /一颗零食的旅程/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 240_000);

  it('lands a shared video with the way to more videos and the app; a removed one says so', async () => {
    await page.goto(`${app.url}/activity/communityVideo/middlePage?id=cookie-break`);
    await page.getByRole('heading', { name: '下午茶饼干测评：哪款最配咖啡' }).waitFor();
    await expectPlays(page, 'cookie-break');
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await page.getByRole('link', { name: '下载 App' }).waitFor();
    await audited(page, app.url, 'video-middle');
    await page.getByRole('link', { name: '更多社区视频' }).click();
    await expect.poll(() => page.url()).toMatch(/communityVideo\/index\?id=cookie-break$/);

    await page.goto(`${app.url}/activity/communityVideo/middlePage?id=no-such-video`);
    await page.getByText('视频不存在或已下架').waitFor();
    await page.getByRole('link', { name: '看看其他视频' }).waitFor();
    await screenshot(page, 'video-middle-unknown-390');
    expect(errors).toEqual([]);
  });

  it('plays the brand film and shows the brand poster drawn by the server, to save or download', async () => {
    await page.goto(`${app.url}/activity/communityVideo/brandVideo`);
    await page.getByRole('heading', { name: '好零食，有态度' }).waitFor();
    await expectPlays(page, 'brand-film');
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    await audited(page, app.url, 'video-brand');

    await page.getByRole('link', { name: '保存品牌海报' }).click();
    const poster = page.getByRole('img', { name: /^品牌海报/ });
    await poster.waitFor();
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([750, 1334]);
    await page.getByText('长按图片保存到相册，分享给好友').waitFor();
    const download = page.getByRole('link', { name: '下载海报' });
    expect(await download.getAttribute('href')).toMatch(/brand-poster\.png\?v=\d+&download=1$/);
    // The floating 客服 button stays at the right edge; the page ends with room for it, so the
    // poster's last row scrolls clear of it on a 390 px phone.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const service = await page.getByRole('button', { name: '客服' }).boundingBox();
    const link = await download.boundingBox();
    expect(service && link).toBeTruthy();
    expect(link!.y + link!.height <= service!.y || link!.x + link!.width <= service!.x).toBe(true);
    await audited(page, app.url, 'video-poster');
    expect(errors).toEqual([]);

    // Inside WeChat a long press is the way to save: no download link.
    const wechat = await openPhone({ userAgent: USER_AGENTS.wechat });
    try {
      const inWechat = await wechat.newPage();
      await inWechat.goto(`${app.url}/activity/communityVideo/brandPoster`);
      await inWechat.getByText('长按图片保存到相册，分享给好友').waitFor();
      expect(await inWechat.getByRole('link', { name: '下载海报' }).count()).toBe(0);
      await screenshot(inWechat, 'video-poster-wechat-390');
    } finally {
      await wechat.close();
    }
  });

  it('asks the age first, keeps a decline for the visit, and remembers a confirmation', async () => {
    const visitor = await openPhone();
    try {
      const wine = await visitor.newPage();
      const wineErrors = collectPageErrors(wine);
      await wine.goto(`${app.url}/activity/wine/index`);
      const gate = wine.getByRole('dialog', { name: '请确认您的年龄' });
      await gate.waitFor();
      // Nothing of the wines before the answer.
      expect(await wine.getByText('智利赤霞珠干红葡萄酒').count()).toBe(0);
      await audited(wine, app.url, 'wine-gate');

      await wine.getByRole('button', { name: '我未满18周岁' }).click();
      await wine.getByRole('heading', { name: '感谢您的诚实' }).waitFor();
      await wine.getByRole('link', { name: '去逛逛零食' }).waitFor();
      await audited(wine, app.url, 'wine-exit');
      await wine.reload();
      await wine.getByRole('heading', { name: '感谢您的诚实' }).waitFor();

      await wine.getByRole('button', { name: '选错了？重新选择' }).click();
      await wine.getByRole('button', { name: '我已年满18周岁' }).click();
      await wine.getByText('智利赤霞珠干红葡萄酒').waitFor();
      await wine.getByText('未成年人禁止饮酒 · 理性饮酒，饮酒不开车').waitFor();
      await wine.getByText('89.00').waitFor();
      await audited(wine, app.url, 'wine-index');
      await wine.reload();
      await wine.getByText('智利赤霞珠干红葡萄酒').waitFor();
      expect(await wine.getByRole('dialog', { name: '请确认您的年龄' }).count()).toBe(0);
      expect(wineErrors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('shows the latest version of the visitor’s platform, the other a tab away, and the app’s own state', async () => {
    await page.goto(`${app.url}/activity/update/index`);
    await page.getByText('V5.8.0').waitFor();
    expect(await page.getByRole('tab', { name: 'iPhone' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.getByText('新增社区视频：看吃货达人分享零食新吃法').waitFor();
    await page.getByRole('link', { name: '前往 App Store 更新' }).waitFor();
    await audited(page, app.url, 'update-ios');
    await page.getByRole('tab', { name: 'Android' }).click();
    await page.getByText('V5.8.1').waitFor();
    await page.getByRole('link', { name: '下载最新安装包' }).waitFor();

    const android = await openPhone({ device: 'Pixel 5' });
    try {
      const onAndroid = await android.newPage();
      await onAndroid.goto(`${app.url}/activity/update/index`);
      await onAndroid.getByText('V5.8.1').waitFor();
      expect(
        await onAndroid.getByRole('tab', { name: 'Android' }).getAttribute('aria-selected'),
      ).toBe('true');
      await screenshot(onAndroid, 'update-android-390');
    } finally {
      await android.close();
    }
    const inApp = await openPhone({ userAgent: USER_AGENTS.app() });
    try {
      const appPage = await inApp.newPage();
      await appPage.goto(`${app.url}/activity/update/index`);
      await appPage.getByText('当前版本 4.13.0，发现新版本，建议更新').waitFor();
      await screenshot(appPage, 'update-in-app-390');
    } finally {
      await inApp.close();
    }
    expect(errors).toEqual([]);
  });

  it('shows a skeleton while loading and a retry when the call fails', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isUpdate = (url: URL) => url.pathname === '/api/campaign/update';
    await page.route(isUpdate, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/activity/update/index`);
    await page.getByRole('status', { name: '加载中' }).waitFor();
    await screenshot(page, 'update-loading-390');
    release();
    await page.getByText('V5.8.0').waitFor();
    await page.unroute(isUpdate);

    const isWine = (url: URL) => url.pathname === '/api/campaign/wine';
    await page.route(isWine, (route) => route.abort());
    await page.goto(`${app.url}/activity/wine/index`);
    await page.getByText('加载失败').waitFor();
    // The aborted call's console line is the failure this step makes on purpose.
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('net::ERR_FAILED')));
    await screenshot(page, 'wine-failed-390');
    await page.unroute(isWine);
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByRole('dialog', { name: '请确认您的年龄' }).waitFor();
  });

  it('says so when an operator has emptied the lists', async () => {
    const seed = async (id: string) =>
      (
        (await (
          await fetch(`${app.url}/admin/api/campaigns/${id}`, {
            headers: { 'x-admin-key': ADMIN_KEY },
          })
        ).json()) as { data: { settings: Record<string, unknown> } }
      ).data.settings;
    const video = await seed('video');
    const brandOnly = (video.videos as { id: string }[]).filter((v) => v.id === 'brand-film');
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/video', {
      settings: { ...video, videos: brandOnly },
    });
    await page.goto(`${app.url}/activity/communityVideo/index`);
    await page.getByText('还没有社区视频').waitFor();
    await screenshot(page, 'video-empty-390');

    const wine = await seed('wine');
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/wine', {
      settings: { ...wine, products: [] },
    });
    await page.goto(`${app.url}/activity/wine/index`);
    await page.getByRole('button', { name: '我已年满18周岁' }).click();
    await page.getByText('酒水商品即将上架').waitFor();
    await screenshot(page, 'wine-empty-390');

    const update = await seed('update');
    const ios = update.ios as Record<string, unknown>;
    await adminApi(app.url, ADMIN_KEY, 'PATCH', 'campaigns/update', {
      settings: { ...update, ios: { ...ios, releases: [] } },
    });
    await page.goto(`${app.url}/activity/update/index`);
    await page.getByText('暂无版本信息').waitFor();
    await screenshot(page, 'update-empty-390');
    expect(errors).toEqual([]);
  });
});

describe('community videos on a server without ffmpeg', () => {
  let app: TestServer;
  beforeAll(async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      app = await startTestServer({ webDist: WEB_DIST });
      // The server looks for ffmpeg when a video page first asks: ask while it cannot be found.
      await fetch(`${app.url}/api/campaign/video`);
    } finally {
      process.env.PATH = path;
    }
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows each poster and says the video cannot play, instead of breaking', async () => {
    const phone = await openPhone();
    try {
      const page = await phone.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}/activity/communityVideo/index`);
      await page.getByText('视频暂时无法播放，先看看封面吧').waitFor();
      const poster = page.getByRole('img', { name: '每日坚果的正确打开方式（封面）' });
      await expect
        .poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.locator('video').count()).toBe(0);
      await screenshot(page, 'video-no-ffmpeg-390');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
