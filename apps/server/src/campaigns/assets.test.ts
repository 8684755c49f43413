import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { listPrizeAssets, PICTURE_SIZE, renderCampaignAsset } from './assets.ts';

describe('campaign prize pictures', () => {
  it('renders every kind of prize as a PNG and a WebP of its own art, not an empty square', async () => {
    for (const kind of ['points', 'coupon', 'nuts', 'mango', 'gift', 'thanks']) {
      const png = await renderCampaignAsset(`${kind}.png`);
      const webp = await renderCampaignAsset(`${kind}.webp`);
      expect(png?.type, kind).toBe('image/png');
      expect(webp?.type, kind).toBe('image/webp');
      expect((await renderCampaignAsset(`${kind}.svg`))?.type).toBe('image/svg+xml');
      const meta = await sharp(png!.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', PICTURE_SIZE, PICTURE_SIZE]);
      expect((await sharp(webp!.body).metadata()).format).toBe('webp');
      // Drawn art: colour in the middle, transparent corners.
      const { channels } = await sharp(png!.body).stats();
      expect(channels[3]!.min, `${kind} has a transparent background`).toBe(0);
      expect(channels[3]!.max, `${kind} has something drawn`).toBe(255);
      expect(channels[0]!.stdev, `${kind} is not one flat colour`).toBeGreaterThan(20);
    }
    // Two pictures are never the same art.
    const pngs = await Promise.all(
      listPrizeAssets().map(({ name }) => renderCampaignAsset(`${name}.png`)),
    );
    const bodies = new Set(pngs.map((a) => a!.body.toString('base64')));
    expect(pngs.length).toBeGreaterThanOrEqual(6);
    expect(bodies.size).toBe(pngs.length);
  });

  it('renders nothing for a name that is not a picture of its art', async () => {
    for (const name of ['nothing.png', 'nuts.gif', '../nuts.png', 'nuts.svg.png'])
      expect(await renderCampaignAsset(name), name).toBeUndefined();
  });
});
