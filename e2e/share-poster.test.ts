// The share sheet's poster in a plain phone browser (issue 28): 生成分享海报 draws the campaign's
// picture, title and a QR code of the share link into a PNG image the shopper can long-press to
// save; 返回 goes back to the QR code. Screenshots at 390 and 320 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/harness/index.ts';
import { WEB_DIST } from './harness/app.ts';
import { screenshot } from './harness/browser.ts';
import { openLoggedIn } from './campaigns-support.ts';

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 568 });
  await screenshot(page, `${name}-320`);
  await page.setViewportSize(size);
}

describe('share poster', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer({ webDist: WEB_DIST });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('draws a poster of the campaign with the QR code of the share link, to long-press and save', async () => {
    const shopper = await openLoggedIn(app.url, '13800009401');
    const { page, errors } = shopper;
    try {
      await page.goto(`${app.url}/activity/raffle/index`);
      await page.getByRole('button', { name: '邀好友助力' }).click();
      const sheet = page.getByRole('dialog', { name: '分享给好友' });
      await sheet.getByRole('button', { name: '生成分享海报' }).click();
      const poster = sheet.getByRole('img', { name: '分享海报' });
      await poster.waitFor();
      // A PNG drawn at 2x, its own pixels (not a link to an image elsewhere): what a long press saves.
      const drawn = await poster.evaluate((img: HTMLImageElement) => ({
        src: img.src.slice(0, 22),
        width: img.naturalWidth,
        height: img.naturalHeight,
      }));
      expect(drawn).toEqual({ src: 'data:image/png;base64,', width: 600, height: 900 });
      // Drawn, not blank: the QR code's area holds both dark and light modules.
      const colours = await poster.evaluate(async (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(190, 520, 220, 220).data;
        let dark = 0;
        let light = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i]! < 60 && data[i + 1]! < 60 && data[i + 2]! < 60) dark++;
          else if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) light++;
        }
        return { dark, light };
      });
      expect(colours.dark).toBeGreaterThan(1000);
      expect(colours.light).toBeGreaterThan(1000);
      await sheet.getByText('长按图片保存到相册').waitFor();
      await bothWidths(page, 'share-poster');
      await sheet.getByRole('button', { name: '返回' }).click();
      await sheet.getByRole('img', { name: '活动二维码' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await shopper.phone.close();
    }
  });
});
