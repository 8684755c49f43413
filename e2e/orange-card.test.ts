// The orange gift card in the browser at 390 and 320 px: a shopper chooses a city (remembered),
// a face value and a quantity, confirms and pays through the sandbox cashier, sees the cards the
// payment issued, gives one with a blessing and shares its link (the browser's share sheet); a
// friend opens the link, logs in and claims it; the giver and a third person see it claimed; a
// gift left unclaimed expires and returns. Visitors, empty lists and bad links show their states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ManualClock,
  runCommerceJob,
  startTestServer,
  type TestServer,
} from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { openPhone, collectPageErrors, screenshot } from './harness/browser.ts';
import { openAs, openLoggedOut } from './campaigns-support.ts';
import {
  installWechatSdkStandIn,
  loginThroughApi,
  nativeCalls,
  openInApp,
  USER_AGENTS,
} from './shell-support.ts';

/** A JSON call as the shopper of `ut`, answering `data` (failing on any other code). */
async function apiData<T>(base: string, ut: string, method: string, path: string, body?: unknown) {
  const reply = (await fetch(`${base}${path}`, {
    method,
    headers: { ut, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json())) as { code: number; message: string; data: T };
  expect(reply.code, reply.message).toBe(0);
  return reply.data;
}

/** Buys one ¥100 card through the API and the sandbox, gives it: answers the card id and token. */
async function arrangeGift(base: string, ut: string): Promise<{ cardId: number; token: string }> {
  const order = await apiData<{ orderNo: string }>(
    base,
    ut,
    'POST',
    '/api/commerce/orange-card/orders',
    {
      city: 'hangzhou',
      faceId: '100',
      quantity: 1,
      amount: 10000,
    },
  );
  const paid = await apiData<{ start: { notify: unknown } }>(
    base,
    ut,
    'POST',
    `/api/commerce/orders/${order.orderNo}/pay`,
    { method: 'sandbox' },
  );
  await apiData(base, ut, 'POST', '/api/commerce/notify/sandbox', paid.start.notify);
  const mine = await apiData<{ cards: { id: number }[] }>(
    base,
    ut,
    'GET',
    '/api/commerce/orange-card/cards',
  );
  const cardId = mine.cards[0]!.id;
  const given = await apiData<{ gift: { token: string } }>(
    base,
    ut,
    'POST',
    `/api/commerce/orange-card/cards/${cardId}/give`,
    { blessing: '加油打工人，补充能量！' },
  );
  return { cardId, token: given.gift.token };
}

/** Polls for what arrives asynchronously (a lazy chunk, the SDK's signature) on a busy machine. */
const SLOW = { timeout: 20_000 };

const titleIs = (page: Page, title: string) => expect.poll(() => page.title(), SLOW).toBe(title);

async function buyTwo(page: Page, base: string, width: number): Promise<void> {
  await page.goto(`${base}/activity/orangeCard/index`);
  await titleIs(page, '小橙卡');
  await page.getByRole('radio', { name: '¥50.00' }).waitFor();
  await screenshot(page, `orange-index-${width}`);
  await page.getByRole('link', { name: /切换城市/ }).click();
  await page.waitForURL((url) => url.pathname === '/activity/orangeCard/chooseCity');
  await titleIs(page, '选择城市');
  await page.getByRole('button', { name: '南京' }).waitFor();
  await screenshot(page, `orange-choose-city-${width}`);
  await page.getByRole('button', { name: '上海' }).click();
  await page.waitForURL((url) => url.pathname === '/activity/orangeCard/index');
  await page.getByText('上海通用').waitFor();
  await page.getByRole('radio', { name: '¥200.00' }).click();
  await page.getByRole('button', { name: '增加一张' }).click();
  await page.getByText('¥400.00').waitFor();
  await screenshot(page, `orange-index-chosen-${width}`);
  await page.getByRole('button', { name: '立即购买' }).click();

  await page.waitForURL((url) => url.pathname === '/activity/orangeCard/orderSubmit');
  await titleIs(page, '提交订单');
  await page.getByRole('radio', { name: '模拟支付（开发环境）' }).waitFor();
  await screenshot(page, `orange-submit-${width}`);
  await page.getByRole('button', { name: '提交订单并支付 ¥400.00' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('确认支付 ¥400.00').waitFor();
  await dialog.getByRole('button', { name: '确认付款' }).click();

  await page.waitForURL((url) => url.pathname === '/activity/orangeCard/payResult');
  await titleIs(page, '支付结果');
  await page.getByRole('heading', { name: '支付成功' }).waitFor();
  await page.getByText('2 张小橙卡已放入您的账户').waitFor();
  await expect.poll(() => page.getByRole('link', { name: '赠送好友' }).count(), SLOW).toBe(2);
  await screenshot(page, `orange-pay-result-${width}`);
}

describe('orange gift card', () => {
  let app: TestServer;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    // WeChat's JS-SDK is configured from these (the share content of the gift pages).
    app = await startTestServer(
      {
        webDist: WEB_DIST,
        wechatAppId: 'wx0123456789abcdef',
        wechatJsapiTicket: 'e2e-jsapi-ticket-0123456789',
      },
      { clock },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it(
    'buys two cards, gives one, and exactly the friend who claims it gets it (390 px)',
    { timeout: 240_000 },
    async () => {
      const giver = await openAs(app.url, await loginThroughApi(app.url, '13800007101'));
      let link: string;
      try {
        const { page, errors } = giver;
        await buyTwo(page, app.url, 390);
        await page.getByRole('link', { name: '赠送好友' }).first().click();
        await page.waitForURL((url) => url.pathname === '/activity/orangeCard/give');
        await titleIs(page, '赠送好友');
        await page.getByRole('button', { name: '生日快乐，愿你每天都开心～' }).click();
        await screenshot(page, 'orange-give-390');
        await page.getByRole('button', { name: '生成赠送链接' }).click();
        await page.getByRole('heading', { name: '礼物已备好，等待好友领取' }).waitFor();
        link = (
          await page.locator('p', { hasText: '/activity/orangeCard/receive?token=' }).innerText()
        ).trim();
        expect(link).toMatch(/\/activity\/orangeCard\/receive\?token=[A-Za-z0-9_-]{43}$/);
        await screenshot(page, 'orange-give-link-390');
        // In a plain browser the share button opens the sheet that copies the link.
        await page.getByRole('button', { name: '分享给好友' }).click();
        await page.getByRole('dialog').waitFor();
        await screenshot(page, 'orange-give-share-390');
        await page.keyboard.press('Escape');

        await page.goto(`${app.url}/activity/orangeCard/buyRecord`);
        await titleIs(page, '购买记录');
        await page.getByText('上海 ¥200.00 × 2').waitFor();
        await page.getByText('已完成').waitFor();
        await screenshot(page, 'orange-buy-record-390');
        // The city is remembered: the card page opens on 上海.
        await page.goto(`${app.url}/activity/orangeCard/index`);
        await page.getByText('上海通用').waitFor();
        expect(errors).toEqual([]);
      } finally {
        await giver.phone.close();
      }

      // A friend opens the link logged out, logs in through the button and the claim completes.
      const friend = await openLoggedOut();
      try {
        const { page, errors } = friend;
        await page.goto(link);
        await titleIs(page, '领取小橙卡');
        await page.getByText('“生日快乐，愿你每天都开心～”').waitFor();
        await page.getByText(/好友 138\*{4}7101 送你一张小橙卡/).waitFor();
        await screenshot(page, 'orange-receive-390');
        await page.getByRole('button', { name: '登录领取' }).click();
        await page.waitForURL((url) => url.pathname === '/my/login');
        const token = await loginThroughApi(app.url, '13800007102');
        await friend.phone.context.addCookies([{ name: 'ut', value: token, url: app.url }]);
        await page.goto(link);
        await page.getByRole('heading', { name: '领取成功' }).waitFor();
        await screenshot(page, 'orange-receive-claimed-390');
        await page.reload();
        await page.getByRole('heading', { name: '您已领取这份礼物' }).waitFor();
        await page.getByRole('link', { name: '查看我的小橙卡' }).click();
        await page.getByText('好友赠送', { exact: false }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await friend.phone.close();
      }

      // Anyone else finds it claimed; claiming is not offered.
      const late = await openAs(app.url, await loginThroughApi(app.url, '13800007103'));
      try {
        await late.page.goto(link);
        await late.page.getByRole('heading', { name: '礼物已被领取' }).waitFor();
        expect(await late.page.getByRole('button', { name: '立即领取' }).count()).toBe(0);
        await screenshot(late.page, 'orange-receive-taken-390');
        expect(late.errors).toEqual([]);
      } finally {
        await late.phone.close();
      }
    },
  );

  it(
    'shares the gift link, not the order pages, in the native app and in WeChat',
    { timeout: 180_000 },
    async () => {
      const ut = await loginThroughApi(app.url, '13800007105');
      const { cardId, token } = await arrangeGift(app.url, ut);
      const inApp = await openInApp(ut);
      try {
        const { page, errors } = inApp;
        await page.goto(`${app.url}/activity/orangeCard/give?cardId=${cardId}`);
        await page.getByRole('heading', { name: '礼物已备好，等待好友领取' }).waitFor();
        const shareOf = async (method: string) =>
          (await nativeCalls(page)).filter((c) => c.method === method).at(-1)?.params as
            { link: string; title: string; description: string } | undefined;
        await expect.poll(async () => (await shareOf('setShare'))?.link, SLOW).toContain(token);
        const set = (await shareOf('setShare'))!;
        expect(new URL(set.link).pathname).toBe('/activity/orangeCard/receive');
        expect(set).toMatchObject({
          title: '好友送你一张小橙卡',
          description: '加油打工人，补充能量！',
        });
        await page.getByRole('button', { name: '分享给好友' }).click();
        await expect.poll(async () => (await shareOf('share'))?.link, SLOW).toBe(set.link);
        await screenshot(page, 'orange-give-app-390');
        expect(errors).toEqual([]);
      } finally {
        await inApp.phone.close();
      }

      const wechat = await openPhone({ userAgent: USER_AGENTS.wechat });
      await installWechatSdkStandIn(wechat.context);
      try {
        const page = await wechat.newPage();
        const errors = collectPageErrors(page);
        await page.goto(`${app.url}/activity/orangeCard/receive?token=${token}`);
        await page.getByText('“加油打工人，补充能量！”').waitFor();
        const wxShare = () =>
          page.evaluate(
            () =>
              (
                window as unknown as { __wxCalls: [string, { link: string; title: string }][] }
              ).__wxCalls
                ?.filter((c) => c[0] === 'updateAppMessageShareData')
                .at(-1)?.[1],
          );
        await expect.poll(async () => (await wxShare())?.link, SLOW).toContain(token);
        expect((await wxShare())!.title).toBe('好友送你一张小橙卡');
        await screenshot(page, 'orange-receive-wechat-390');
        expect(errors).toEqual([]);
      } finally {
        await wechat.close();
      }
    },
  );

  // Last: it moves the server's clock a day on, past the phone's (signed calls would be stale).
  it(
    'shows visitors, empty lists, bad links and an expired gift at 320 px',
    { timeout: 240_000 },
    async () => {
      const phone = await openPhone({ device: 'iPhone SE' });
      try {
        const page = await phone.newPage();
        const errors = collectPageErrors(page);
        expect(page.viewportSize()?.width).toBe(320);
        await page.goto(`${app.url}/activity/orangeCard/index`);
        await page.getByText('登录后查看我的卡').waitFor();
        await screenshot(page, 'orange-index-visitor-320');
        await page.getByRole('button', { name: '立即购买' }).click();
        await page.getByText('登录后提交订单').waitFor();
        await screenshot(page, 'orange-submit-logged-out-320');
        await page.getByRole('button', { name: '立即登录' }).click();
        await page.waitForURL((url) => url.pathname === '/my/login');
        expect(new URL(page.url()).searchParams.get('loginFrom')).toMatch(
          /^\/activity\/orangeCard\/orderSubmit\?city=hangzhou&faceId=50&quantity=1$/,
        );
        await page.goto(`${app.url}/activity/orangeCard/buyRecord`);
        await page.getByText('登录后查看购买记录').waitFor();
        await page.goto(`${app.url}/activity/orangeCard/give`);
        await page.getByText('登录后赠送小橙卡').waitFor();
        await screenshot(page, 'orange-give-logged-out-320');
        await page.goto(`${app.url}/activity/orangeCard/receive?token=short`);
        await page.getByText('礼物链接不完整，请让好友重新分享').waitFor();
        await page.goto(`${app.url}/activity/orangeCard/receive?token=${'A'.repeat(43)}`);
        await page.getByText('礼物链接无效，请向好友确认').waitFor();
        await screenshot(page, 'orange-receive-unknown-320');

        const token = await loginThroughApi(app.url, '13800007104');
        await phone.context.addCookies([{ name: 'ut', value: token, url: app.url }]);
        await page.goto(`${app.url}/activity/orangeCard/buyRecord`);
        await page.getByText('还没有购买记录').waitFor();
        await screenshot(page, 'orange-buy-record-empty-320');
        await page.goto(`${app.url}/activity/orangeCard/give`);
        await page.getByText('还没有可赠送的小橙卡').waitFor();
        await screenshot(page, 'orange-give-empty-320');
        await page.goto(`${app.url}/activity/orangeCard/payResult?orderNo=123`);
        await page.getByText('订单号不正确').waitFor();

        // A gift nobody claims: past its 24 hours it reads as returned, and the job gives it back.
        await buyTwo(page, app.url, 320);
        await page.getByRole('link', { name: '赠送好友' }).first().click();
        await page.getByRole('button', { name: '生成赠送链接' }).click();
        await page.getByRole('heading', { name: '礼物已备好，等待好友领取' }).waitFor();
        await screenshot(page, 'orange-give-link-320');
        const link = (
          await page.locator('p', { hasText: '/activity/orangeCard/receive?token=' }).innerText()
        ).trim();
        await page.goto(link);
        await page.getByRole('heading', { name: '这是您送出的礼物' }).waitFor();
        await screenshot(page, 'orange-receive-own-320');
        clock.advance(25 * 60 * 60_000);
        await runCommerceJob(app.server, () => clock.now());
        await page.reload();
        await page.getByRole('heading', { name: '礼物已过期' }).waitFor();
        await page.getByText('好友未在有效期内领取，小橙卡已退回到您的账户').waitFor();
        await screenshot(page, 'orange-receive-expired-320');
        await page.goto(`${app.url}/activity/orangeCard/give`);
        await page.getByText('已过期退回').waitFor();
        await expect.poll(() => page.getByRole('button', { name: '选择' }).count(), SLOW).toBe(2);
        await screenshot(page, 'orange-give-returned-320');
        expect(errors).toEqual([]);
      } finally {
        await phone.close();
      }
    },
  );
});
