// The content pages in a phone browser (issue 22): the gift story, the featured topic, the snack
// encyclopedia (an entry opened), the China Telecom zone, a topic id that is no page, and the
// Ningbo Bank zone's coupons — claiming asks for login logged out; logged in a claim shows the
// reward and turns the coupon to 已领取. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { expectLoginAsked, openLoggedIn, openLoggedOut } from './campaigns-support.ts';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: size.height });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

describe('content pages', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows the gift story, the topic, the encyclopedia and the telecom zone', async () => {
    const { phone, page, errors } = await openLoggedOut();
    try {
      await page.goto(`${app.url}/activity/giftStory/index`);
      await expect.poll(() => page.title()).toBe('礼品故事');
      await page.getByRole('heading', { name: '一盒坚果的旅程' }).waitFor();
      await page.getByText('上海的顾客 林女士', { exact: false }).waitFor();
      await page.getByRole('region', { name: '本季热门礼盒' }).getByText('¥168.00').waitFor();
      await bothWidths(page, 'content-gift-story');

      await page.goto(`${app.url}/activity/topic/detail`);
      await page.getByRole('heading', { name: '新春年货专题' }).waitFor();
      await page.getByRole('region', { name: '专题专享券' }).getByText('年货满129减15元').waitFor();
      await bothWidths(page, 'content-topic');

      await page.goto(`${app.url}/activity/baike/baike`);
      await page.getByRole('heading', { name: '零食百科' }).waitFor();
      const entries = page.getByRole('region', { name: '常见零食' });
      await entries.getByText('芒果干').click();
      await entries.getByText('保留约18%的水分', { exact: false }).waitFor();
      await bothWidths(page, 'content-baike');

      await page.goto(`${app.url}/activity/external/chinaNet`);
      await page.getByRole('heading', { name: '中国电信用户专区' }).waitFor();
      await page.getByText('电信专享满58减8元').waitFor();
      await bothWidths(page, 'content-chinanet');

      await page.goto(`${app.url}/activity/topic/detail?id=no-such-topic`);
      await page.getByText('页面不存在或已下线').waitFor();
      await screenshot(page, 'content-topic-missing-390');
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('asks for login to claim a zone coupon, and claims it logged in', async () => {
    const out = await openLoggedOut();
    try {
      await out.page.goto(`${app.url}/activity/nbcb/index`);
      await expect.poll(() => out.page.title()).toBe('宁波银行专区');
      const zone = out.page.getByRole('region', { name: '专区优惠券' });
      await zone.getByText('宁波银行专享满69减10元').waitFor();
      await bothWidths(out.page, 'content-nbcb-logged-out');
      await zone.getByRole('button', { name: '登录领取' }).first().click();
      await expectLoginAsked(out.page, '/activity/nbcb/index');
      expect(out.errors).toEqual([]);
    } finally {
      await out.phone.close();
    }

    const shopper = await openLoggedIn(app.url, '13800009201');
    try {
      const { page } = shopper;
      await page.goto(`${app.url}/activity/nbcb/index`);
      const card = page.getByRole('article', { name: '宁波银行专享满69减10元' });
      await card.getByRole('button', { name: '立即领取' }).click();
      await page.getByText('领取成功').first().waitFor();
      await screenshot(page, 'content-nbcb-claimed-popup-390');
      await page.keyboard.press('Escape');
      await card.getByText('已领取').waitFor();
      await page.reload();
      await page
        .getByRole('article', { name: '宁波银行专享满69减10元' })
        .getByText('已领取')
        .waitFor();
      await bothWidths(page, 'content-nbcb-claimed');
      expect(shopper.errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
