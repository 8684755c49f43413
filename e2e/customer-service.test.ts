// Customer service through the real server (issue 23, docs/customer-service.md): an operator
// names an agent through the admin API; the agent opens the workspace on a desktop and is
// online; a shopper on a phone taps 客服 in the sign-in page's header, is routed to the agent,
// and writes; the agent finds the conversation in their queue with the customer's orders and
// prizes beside it, answers with a quick reply, and the shopper reads it. Both pages are on the
// IM link ([data-push="live"]) before anything is sent, and a page on the link does not poll
// (decision 0065): what shows after that came by the service team's push. Then a photo goes
// each way, uploaded through the IM files path and shown as a thumbnail.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { openDesktop, settled, type Desktop } from './harness/desktop.ts';
import { collectPageErrors, screenshot } from './harness/browser.ts';
import { openAs, type ShopperPhone } from './campaigns-support.ts';
import { loginThroughApi } from './shell-support.ts';

const ADMIN_KEY = 'e2e-cs-admin-key-0123456789';
const AGENT_MOBILE = '13800009601';
const SHOPPER_MOBILE = '13800009602';
const QUESTION = '你好，我签到得的奖品什么时候发货？';

async function adminCall(base: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-admin-key': ADMIN_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as {
    code: number;
    data: { agents?: { userId: number; online: boolean; name: string }[] };
  };
}

describe('customer service', () => {
  let app: TestServer;
  let agent: Desktop & { errors: string[] };
  let shopper: ShopperPhone;
  let agentUserId: number;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST, adminKey: ADMIN_KEY });
    const agentUt = await loginThroughApi(app.url, AGENT_MOBILE);
    const shopperUt = await loginThroughApi(app.url, SHOPPER_MOBILE);
    const made = await adminCall(app.url, 'POST', '/admin/api/cs/agents', {
      mobile: AGENT_MOBILE,
      name: '小满',
    });
    expect(made.code).toBe(0);
    agentUserId = (made.data as unknown as { userId: number }).userId;
    const desktop = await openDesktop();
    await desktop.page.context().addCookies([{ name: 'ut', value: agentUt, url: app.url }]);
    agent = { ...desktop, errors: collectPageErrors(desktop.page) };
    shopper = await openAs(app.url, shopperUt);
  }, 120_000);
  afterAll(async () => {
    await agent?.close();
    await shopper?.phone.close();
    await app?.stop();
  });

  const queueRow = (page: Page) =>
    page.getByRole('complementary', { name: '会话队列' }).getByRole('button', { name: /用户9602/ });

  it('puts the agent online when the workspace opens', async () => {
    await agent.page.goto(`${app.url}/activity/im/agent`);
    await expect.poll(() => agent.page.title()).toBe('客服工作台');
    await agent.page.getByText('在线', { exact: true }).waitFor();
    await agent.page.getByText('暂无排队的顾客').waitFor();
    await agent.page.locator('[data-push="live"]').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => {
        const team = await adminCall(app.url, 'GET', '/admin/api/cs/agents');
        return team.data.agents?.find((a) => a.userId === agentUserId)?.online;
      })
      .toBe(true);
  }, 60_000);

  it('routes the shopper from a campaign page’s header to the agent', async () => {
    await shopper.page.goto(`${app.url}/activity/sign/index`);
    await expect.poll(() => shopper.page.title()).toBe('每日签到');
    await shopper.page.getByRole('button', { name: '客服', exact: true }).waitFor();
    // The header's pill only: no floating button beside it.
    expect(await shopper.page.getByRole('button', { name: '客服', exact: true }).count()).toBe(1);
    await screenshot(shopper.page, 'cs-entry-in-header');
    await shopper.page.getByRole('button', { name: '客服', exact: true }).click();
    await shopper.page.waitForURL((url) => url.pathname === '/activity/im/service');
    expect(new URL(shopper.page.url()).searchParams.get('from')).toBe('/activity/sign/index');
    await shopper.page.getByRole('status').getByText('客服「小满」为您服务').waitFor();
    await shopper.page.locator('[data-push="live"]').waitFor({ timeout: 20_000 });

    await shopper.page.getByRole('textbox', { name: '消息内容' }).fill(QUESTION);
    await shopper.page.getByRole('button', { name: '发送' }).click();
    await shopper.page.locator('[data-from="shopper"]').getByText(QUESTION).waitFor();
    await screenshot(shopper.page, 'cs-shopper-asks');
  }, 60_000);

  it('shows the agent the conversation with the customer beside it; the answer reaches the phone', async () => {
    const row = queueRow(agent.page);
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const conversation = agent.page.getByRole('region', { name: '会话' });
    await conversation.getByText(QUESTION).waitFor();
    await conversation.getByText('来自 /activity/sign/index').waitFor();
    const customer = agent.page.getByRole('complementary', { name: '顾客信息' });
    await customer.getByText('最近订单').waitFor();
    await customer.getByText('最近奖品').waitFor();
    await customer.getByText('138****9602').waitFor();

    // A quick reply fills the box; the agent sends it.
    const quick = agent.page.getByLabel('快捷回复');
    await quick.getByRole('button', { name: /奖品会在活动结束后/ }).click();
    const box = conversation.getByRole('textbox', { name: '消息内容' });
    await expect.poll(() => box.inputValue()).toMatch(/^奖品会在活动结束后/);
    await conversation.getByRole('button', { name: '发送' }).click();
    await conversation
      .locator('[data-from="agent"]')
      .getByText(/奖品会在活动结束后/)
      .waitFor();
    await settled(agent.page);
    await screenshot(agent.page, 'cs-agent-workspace');

    const answer = shopper.page.locator('[data-from="agent"]');
    await answer.getByText(/奖品会在活动结束后/).waitFor({ timeout: 15_000 });
    await answer.getByText(/客服 小满/).waitFor();
    await screenshot(shopper.page, 'cs-shopper-answered');
    expect(agent.errors).toEqual([]);
    expect(shopper.errors).toEqual([]);
  }, 60_000);

  it('carries a photo from the phone to the agent and one back, as thumbnails', async () => {
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#2a7' },
    })
      .jpeg()
      .toBuffer();
    const file = { name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: photo };
    await shopper.page.locator('input[type="file"]').setInputFiles(file);
    const sent = shopper.page.locator('[data-from="shopper"]').getByRole('img', { name: '图片' });
    await sent.waitFor();
    await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);

    const conversation = agent.page.getByRole('region', { name: '会话' });
    const received = conversation
      .locator('[data-from="shopper"]')
      .getByRole('img', { name: '图片' });
    await received.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(360);

    await conversation.locator('input[type="file"]').setInputFiles(file);
    const answer = shopper.page.locator('[data-from="agent"]').getByRole('img', { name: '图片' });
    await answer.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => answer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(360);
    await settled(agent.page);
    await screenshot(agent.page, 'cs-agent-photo');
    await screenshot(shopper.page, 'cs-shopper-photo');
    expect(agent.errors).toEqual([]);
    expect(shopper.errors).toEqual([]);
  }, 60_000);

  it('offers a floating 客服 button on a page without a campaign header', async () => {
    await shopper.page.goto(`${app.url}/activity/sign/award`);
    await expect.poll(() => shopper.page.title()).toBe('我的奖品');
    const entry = shopper.page.getByRole('button', { name: '客服', exact: true });
    await entry.waitFor();
    expect(await entry.count()).toBe(1);
    const box = (await entry.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await screenshot(shopper.page, 'cs-floating-entry');
    // It steps aside while the shopper types (it would cover a field's right edge at 320 px).
    await shopper.page.goto(`${app.url}/activity/crossBorder/search`);
    await entry.waitFor();
    await shopper.page.getByLabel('搜索商品').focus();
    await entry.waitFor({ state: 'detached' });
    await shopper.page.getByLabel('搜索商品').blur();
    await entry.waitFor();
    await shopper.page.goto(`${app.url}/activity/sign/award`);
    await entry.click();
    await shopper.page.waitForURL((url) => url.pathname === '/activity/im/service');
    expect(new URL(shopper.page.url()).searchParams.get('from')).toBe('/activity/sign/award');
    // The conversation still open is the one it opens; the service page has no floating button.
    await shopper.page.getByRole('status').getByText('客服「小满」为您服务').waitFor();
    expect(await shopper.page.getByRole('button', { name: '客服', exact: true }).count()).toBe(0);
    expect(shopper.errors).toEqual([]);
  }, 60_000);
});
