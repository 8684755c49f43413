// Image operations on a stored picture, through URL parameters and processImage, each checked on
// the output pixels (sharp metadata and channel statistics); every wrong parameter answers 414
// with the rule it broke.
import { describe, expect, it, beforeAll } from 'vitest';
import sharp from 'sharp';
import type { NIM } from '@morsel/im-sdk';
import { IMAGE_OP_RULES } from '@morsel/protocol';
import { imSuite } from '../im-link/suite.ts';
import { uploadSimple } from './upload-client.ts';

const suite = imSuite({ fresh: 'all' });
let url: string;

/** 200x100 JPEG: left half red, right half blue, with EXIF data. */
async function twoColours(): Promise<Buffer> {
  const red = await sharp({
    create: { width: 100, height: 100, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({ IFD0: { Copyright: 'morsel test' } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function view(query: string): Promise<Buffer> {
  const response = await fetch(`${url}?imageView&${query}`);
  expect(response.status, query).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function colour(data: Buffer): Promise<'red' | 'blue' | 'mixed'> {
  const { channels } = await sharp(data).stats();
  const [r, , b] = channels.map((c) => c.mean);
  if (r! > 200 && b! < 60) return 'red';
  if (b! > 200 && r! < 60) return 'blue';
  return 'mixed';
}

beforeAll(async () => {
  const { nim } = await suite.client(0);
  ({ url } = await uploadSimple(suite.server, nim, await twoColours(), 'jpg'));
});

/** A logged-in SDK for the commands (clients close after each test). */
const client = async (): Promise<NIM> => (await suite.client(0)).nim;

describe('image operations by url', () => {
  it('keeps metadata unless stripmeta', async () => {
    expect((await sharp(await view('quality=90')).metadata()).exif).toBeDefined();
    expect((await sharp(await view('stripmeta=1')).metadata()).exif).toBeUndefined();
  });

  it('blurs: the sharp edge between the halves spreads', async () => {
    const edge = async (data: Buffer) => {
      const { data: row } = await sharp(data)
        .extract({ left: 90, top: 50, width: 20, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return row[3 * 8]!; // red channel 2 px left of the edge
    };
    const sharpEdge = await edge(await view('quality=100'));
    const blurred = await edge(await view('blur=20_5'));
    expect(sharpEdge).toBeGreaterThan(220);
    expect(blurred).toBeLessThan(sharpEdge - 20);
  });

  it('quality lowers the bytes', async () => {
    expect((await view('quality=10')).length).toBeLessThan((await view('quality=95')).length);
  });

  it('crops by x, y, width and height (0 meaning to the edge)', async () => {
    const left = await view('crop=10_20_50_30');
    expect(await sharp(left).metadata()).toMatchObject({ width: 50, height: 30 });
    expect(await colour(left)).toBe('red');
    const right = await view('crop=120_0_0_0');
    expect(await sharp(right).metadata()).toMatchObject({ width: 80, height: 100 });
    expect(await colour(right)).toBe('blue');
  });

  it('rotates, normalising the angle', async () => {
    const turned = await view('rotate=90');
    expect(await sharp(turned).metadata()).toMatchObject({ width: 100, height: 200 });
    // A quarter turn clockwise puts the red left half on top.
    expect(
      await colour(
        await sharp(turned).extract({ left: 0, top: 0, width: 100, height: 90 }).toBuffer(),
      ),
    ).toBe('red');
    const nim = await client();
    const { url: processed } = await nim.sendCmd('processImage', {
      url,
      imageOps: [{ type: 'rotate', angle: -90 }],
    });
    expect(processed).toBe(`${url}?imageView&rotate=270`);
    const back = Buffer.from(await (await fetch(processed)).arrayBuffer());
    expect(
      await colour(
        await sharp(back).extract({ left: 0, top: 110, width: 100, height: 90 }).toBuffer(),
      ),
    ).toBe('red');
  });

  it('makes thumbnails: contain, cover and crop at the axis', async () => {
    expect(await sharp(await view('thumbnail=contain_50_50')).metadata()).toMatchObject({
      width: 50,
      height: 25,
    });
    expect(await sharp(await view('thumbnail=contain_0_20')).metadata()).toMatchObject({
      width: 40,
      height: 20,
    });
    expect(await sharp(await view('thumbnail=cover_50_50')).metadata()).toMatchObject({
      width: 100,
      height: 50,
    });
    const atStart = await view('thumbnail=crop_50_50_0_5');
    expect(await sharp(atStart).metadata()).toMatchObject({ width: 50, height: 50 });
    expect(await colour(atStart)).toBe('red');
    expect(await colour(await view('thumbnail=crop_50_50_10_5'))).toBe('blue');
    expect(await colour(await view('thumbnail=crop_50_50'))).toBe('mixed');
  });

  it('interlaces', async () => {
    expect((await sharp(await view('quality=80')).metadata()).isProgressive).toBe(false);
    expect((await sharp(await view('interlace=1')).metadata()).isProgressive).toBe(true);
  });

  it('answers 414 with the rule for every wrong parameter', async () => {
    const cases: [string, string][] = [
      ['quality=101', IMAGE_OP_RULES.quality],
      ['quality=-1', IMAGE_OP_RULES.quality],
      ['blur=0_1', IMAGE_OP_RULES.blurRadius],
      ['blur=51_1', IMAGE_OP_RULES.blurRadius],
      ['blur=5_-1', IMAGE_OP_RULES.blurSigma],
      ['crop=-1_0_10_10', IMAGE_OP_RULES.crop],
      ['crop=1_2_3', IMAGE_OP_RULES.crop],
      ['rotate=1.5', IMAGE_OP_RULES.rotate],
      ['thumbnail=fill_10_10', IMAGE_OP_RULES.thumbnailMode],
      ['thumbnail=cover_4096_10', IMAGE_OP_RULES.thumbnailSize],
      ['thumbnail=contain_0_0', IMAGE_OP_RULES.thumbnailContain],
      ['thumbnail=cover_0_10', IMAGE_OP_RULES.thumbnailCover],
      ['thumbnail=crop_10_10_11_5', IMAGE_OP_RULES.axis],
      ['stripmeta=maybe', IMAGE_OP_RULES.flag],
      ['sepia=1', IMAGE_OP_RULES.type],
    ];
    for (const [query, rule] of cases) {
      const response = await fetch(`${url}?imageView&${query}`);
      expect(response.status, query).toBe(414);
      expect(await response.json(), query).toEqual({ code: 414, message: rule });
    }
    const nim = await client();
    await expect(
      nim.sendCmd('processImage', { url, imageOps: [{ type: 'quality', quality: 200 }] }),
    ).rejects.toMatchObject({ code: 414, message: IMAGE_OP_RULES.quality });
    await expect(
      nim.sendCmd('processImage', {
        url: 'https://elsewhere.example.com/a.jpg',
        imageOps: [{ type: 'stripmeta' }],
      }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('caches a rendition by its operations', async () => {
    const first = await view('thumbnail=contain_30_30&quality=50');
    const cached = await view('thumbnail=contain_30_30&quality=50');
    expect(cached.equals(first)).toBe(true);
  });
});
