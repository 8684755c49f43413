import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PICTURE_SIZE, renderCampaignAssets } from './assets.ts';

describe('campaign prize pictures', () => {
  it('renders every kind of prize as a PNG and a WebP of its own art, not an empty square', async () => {
    const assets = await renderCampaignAssets();
    for (const kind of ['points', 'coupon', 'nuts', 'mango', 'gift', 'thanks']) {
      const png = assets.get(`${kind}.png`);
      const webp = assets.get(`${kind}.webp`);
      expect(png?.type, kind).toBe('image/png');
      expect(webp?.type, kind).toBe('image/webp');
      expect(assets.get(`${kind}.svg`)?.type).toBe('image/svg+xml');
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
    const pngs = [...assets].filter(([n]) => n.endsWith('.png'));
    const bodies = new Set(pngs.map(([, a]) => a.body.toString('base64')));
    expect(pngs.length).toBeGreaterThanOrEqual(6);
    expect(bodies.size).toBe(pngs.length);
  });
});
