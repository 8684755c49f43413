// The live room in phone browsers through the real server (issue 23, docs/live-pages.md): an
// operator makes a session through the admin API; a guest (not logged in) and a member watch the
// sample HLS stream (natively, and through hls.js on a phone without native HLS) and share the session's chatroom — the member speaks, the guest reads and is
// asked to log in; both tap the heart and see the total the room announces; the host draws the
// lottery from a third phone and the member wins (the only logged-in viewer), reads it in the
// award record; the host mutes and then kicks the member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { collectPageErrors, openPhone, screenshot, type Phone } from './harness/browser.ts';
import { openAs, type ShopperPhone } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';
import { devices, type Page } from 'playwright-core';

const ADMIN_KEY = 'e2e-live-admin-key-0123456789';
const TITLE = '端到端直播：坚果试吃';

/** Waits for the sheets' slide-in (CSS animations) to end, so a screenshot shows them whole. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

/** The player's time, once it has data (the stream is made by ffmpeg when first asked for). */
const playedSeconds = (page: Page) =>
  page
    .getByLabel('直播画面')
    .evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? v.currentTime : 0));

describe('the live room', () => {
  let app: TestServer;
  let guest: { phone: Phone; page: Page; errors: string[] };
  let member: ShopperPhone;
  let host: ShopperPhone;
  let roomPath: string;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    const [hostUt, memberUt] = [
      await loginThroughApi(app.url, '13800009501'),
      await loginThroughApi(app.url, '13800009502'),
    ];
    const now = Date.now();
    const made = await fetch(`${app.url}/admin/api/live/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-key': ADMIN_KEY },
      body: JSON.stringify({
        title: TITLE,
        hostMobile: '13800009501',
        startsAt: now - 60_000,
        endsAt: now + 3_600_000,
        stream: 'sample:snack-studio',
      }),
    });
    const session = (await made.json()) as { code: number; data: { id: number } };
    expect(session.code).toBe(0);
    roomPath = `/activity/live/live?id=${session.data.id}`;
    const guestPhone = await openPhone();
    const guestPage = await guestPhone.newPage();
    guest = { phone: guestPhone, page: guestPage, errors: collectPageErrors(guestPage) };
    member = await openAs(app.url, memberUt);
    host = await openAs(app.url, hostUt);
  }, 120_000);
  afterAll(async () => {
    await guest?.phone.close();
    await member?.phone.close();
    await host?.phone.close();
    await app?.stop();
  });

  it('lists the sessions and plays the HLS stream to a guest', async () => {
    await guest.page.goto(`${app.url}/activity/live/index`);
    await expect.poll(() => guest.page.title()).toBe('直播');
    const onAir = guest.page.getByRole('region', { name: '正在直播' });
    await onAir.getByText(TITLE).waitFor();
    // The demo sessions fill the other sections.
    await guest.page.getByRole('region', { name: '直播预告' }).waitFor();
    await guest.page.getByRole('region', { name: '精彩回放' }).waitFor();
    await screenshot(guest.page, 'live-index');

    await onAir.getByText(TITLE).click();
    await guest.page.waitForURL((url) => url.pathname === '/activity/live/live');
    await expect.poll(() => guest.page.title()).toBe('直播间');
    // The stream plays and advances (ffmpeg makes it on first demand: the page waits for it).
    await expect.poll(() => playedSeconds(guest.page), { timeout: 90_000 }).toBeGreaterThan(0.5);
    // Debian's Chromium has HLS of its own (as Safari): the native player plays it.
    expect(await guest.page.getByLabel('直播画面').getAttribute('data-engine')).toBe('native');
    await guest.page
      .getByRole('status', { name: '直播间状态' })
      .getByText(/人在看/)
      .waitFor();
    // A guest reads, and is asked to log in to speak.
    await guest.page.getByRole('button', { name: '登录后参与互动' }).waitFor();
    expect(await guest.page.getByRole('textbox', { name: '说点什么' }).count()).toBe(0);
    await screenshot(guest.page, 'live-room-guest');
  }, 120_000);

  it('fills the screen with the dark room on tall and short phones', async () => {
    const page = guest.page;
    for (const [width, height] of [
      [390, 844],
      [320, 568],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByRole('button', { name: '登录后参与互动' }).waitFor();
      // The page's own box reaches the bottom of the screen, and what shows below it (if the
      // page is scrolled) is the room's dark colour, not the app's light one.
      const fit = await page.evaluate(() => {
        const main = document.querySelector('main')!.getBoundingClientRect();
        return {
          bottom: Math.round(main.bottom),
          height: window.innerHeight,
          width: Math.round(main.width),
          body: getComputedStyle(document.body).backgroundColor,
        };
      });
      expect(fit.bottom).toBeGreaterThanOrEqual(fit.height);
      expect(fit.width).toBe(width);
      expect(fit.body).toBe('rgb(28, 28, 30)');
      await screenshot(page, `live-room-guest-${width}x${height}`);
    }
    await page.setViewportSize(devices['iPhone 13'].viewport);
  });

  it('carries the member’s words to the guest, and likes from both to everyone', async () => {
    // Debian's Chromium plays HLS itself (canPlayType 'maybe'); the member's phone is made a
    // browser without native HLS, so the stream plays through hls.js (Media Source Extensions).
    await member.page.addInitScript(() => {
      const own = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return type.includes('mpegurl') ? '' : own.call(this, type);
      };
    });
    await member.page.goto(`${app.url}${roomPath}`);
    await expect.poll(() => playedSeconds(member.page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    expect(await member.page.getByLabel('直播画面').getAttribute('data-engine')).toBe('hls.js');
    const input = member.page.getByRole('textbox', { name: '说点什么' });
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await input.fill('主播好，坚果新鲜吗？');
    await member.page.getByRole('button', { name: '发送' }).click();
    const guestLog = guest.page.getByRole('log', { name: '直播间消息' });
    await guestLog.getByText('主播好，坚果新鲜吗？').waitFor();
    await member.page
      .getByRole('log', { name: '直播间消息' })
      .getByText('主播好，坚果新鲜吗？')
      .waitFor();

    for (let i = 0; i < 5; i++) await guest.page.getByRole('button', { name: '点赞' }).click();
    for (let i = 0; i < 3; i++) await member.page.getByRole('button', { name: '点赞' }).click();
    // Each page learns the other's taps from the room's batched announcement.
    const likesOf = (page: Page) =>
      page
        .getByLabel('点赞数')
        .textContent()
        .then((text) => Number(text));
    await expect.poll(() => likesOf(member.page), { timeout: 15_000 }).toBe(8);
    await expect.poll(() => likesOf(guest.page), { timeout: 15_000 }).toBe(8);
    await screenshot(member.page, 'live-room-member');
    await screenshot(guest.page, 'live-room-guest-likes');
  }, 60_000);

  it('lets the host draw: the member wins and finds the prize in the award record', async () => {
    await host.page.goto(`${app.url}${roomPath}`);
    await host.page.getByText('（你是本场主播）').waitFor();
    await host.page
      .getByRole('status', { name: '直播间状态' })
      .getByText(/人在看/)
      .waitFor();
    await host.page.getByRole('button', { name: '发起抽奖' }).click();
    const sheet = host.page.getByRole('dialog', { name: '发起抽奖' });
    await sheet.getByRole('radio', { name: /芒果干 1袋/ }).check();
    await sheet.getByRole('radio', { name: '1 人' }).check();
    await settled(host.page);
    await screenshot(host.page, 'live-room-host-lottery');
    await sheet.getByRole('button', { name: '开始抽奖' }).click();

    const won = member.page.getByRole('dialog', { name: '开奖结果' });
    await won.getByText('恭喜你中奖啦！').waitFor();
    await won.getByText('奖品：芒果干 1袋').waitFor();
    await settled(member.page);
    await screenshot(member.page, 'live-room-member-won');
    const told = guest.page.getByRole('dialog', { name: '开奖结果' });
    await told.getByText('开奖啦').waitFor();
    await told.getByRole('list', { name: '中奖名单' }).getByText('138****9502').waitFor();
    await settled(guest.page);
    await screenshot(guest.page, 'live-room-guest-result');
    // The host's page shows the result too.
    const hostSees = host.page.getByRole('dialog', { name: '开奖结果' });
    await hostSees.getByText('开奖啦').waitFor();
    await hostSees.getByRole('button', { name: '关闭' }).click();
    await told.getByRole('button', { name: '关闭' }).click();
    await guest.page
      .getByRole('log', { name: '直播间消息' })
      .getByText(/抽中「芒果干 1袋」/)
      .waitFor();

    await won.getByRole('link', { name: '去中奖记录领奖' }).click();
    await member.page.waitForURL((url) => url.pathname === '/activity/live/awardRecord');
    await member.page.getByText('芒果干 1袋').first().waitFor();
    await member.page.getByText('直播间抽奖').first().waitFor();
    await member.page.getByText('待填写地址').waitFor();
    await screenshot(member.page, 'live-award-record');
  }, 60_000);

  it('lets the host mute and then kick a member', async () => {
    await member.page.goto(`${app.url}${roomPath}`);
    const input = member.page.getByRole('textbox', { name: '说点什么' });
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await input.fill('能再抽一次吗');
    await member.page.getByRole('button', { name: '发送' }).click();

    const hostLog = host.page.getByRole('log', { name: '直播间消息' });
    await hostLog.getByRole('button', { name: /能再抽一次吗/ }).click();
    const manage = host.page.getByRole('dialog', { name: '管理观众' });
    await manage.waitFor();
    await settled(host.page);
    await screenshot(host.page, 'live-room-host-manage');
    await manage.getByRole('button', { name: '禁言' }).click();
    await host.page.getByText(/已禁言/).waitFor();

    await input.fill('我还能说话吗');
    await member.page.getByRole('button', { name: '发送' }).click();
    await member.page.getByText('你已被主播禁言').waitFor();

    await hostLog.getByRole('button', { name: /能再抽一次吗/ }).click();
    await manage.getByRole('button', { name: '踢出直播间' }).click();
    await member.page
      .getByRole('status', { name: '直播间状态' })
      .getByText('你已被主播移出直播间')
      .waitFor();
    await screenshot(member.page, 'live-room-member-kicked');
    expect(guest.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    expect(host.errors).toEqual([]);
  }, 60_000);
});
