// The content pages of issue 22 over real HTTP: community videos made by ffmpeg at start and
// served with Range support, the brand poster drawn on the server, the wine corner and the
// version page, and operators changing them through the admin API.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { admin, call, data, startCampaignServer } from './helpers.ts';

const run = promisify(execFile);
const hasFfmpeg = await run('ffmpeg', ['-version']).then(
  () => true,
  () => false,
);

describe('content pages', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startCampaignServer();
  });
  afterAll(() => s?.stop());

  /** The video page once no sample is still being encoded (encoding runs after start). */
  async function settledVideos() {
    for (;;) {
      const view = data(await call(s.url, 'GET', '/api/campaign/video'));
      if (view.videos.every((v: { state: string }) => v.state !== 'preparing')) return view;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('lists the seeded videos, each with a poster frame that is a real JPEG', async () => {
    const view = await settledVideos();
    expect(view.videos.map((v: { id: string }) => v.id)).toEqual([
      'nut-crunch',
      'mango-sunrise',
      'cookie-break',
      'brand-film',
    ]);
    expect(view.encoder).toBe(hasFfmpeg);
    expect(view.brand.video.id).toBe('brand-film');
    expect(view.brand.video.aspect).toBeCloseTo(16 / 9);
    for (const video of view.videos) {
      const poster = await fetch(`${s.url}${video.poster}`);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(video.state).toBe(hasFfmpeg ? 'ready' : 'unavailable');
    }
  });

  it.runIf(hasFfmpeg)(
    'serves an H.264 + AAC MP4 with its index first, and answers byte ranges',
    async () => {
      const view = await settledVideos();
      const [source] = view.videos[0].sources;
      expect(source.type).toMatch(/^video\/mp4; codecs="avc1\./);
      const whole = await fetch(`${s.url}${source.src}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('content-type')).toMatch(/^video\/mp4/);
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(10_000);
      expect(bytes.length).toBeLessThan(1_000_000);
      // faststart: the moov atom (the index) comes before the media data.
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'morsel-video-'));
      await fs.writeFile(path.join(dir, 'v.mp4'), bytes);
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name,pix_fmt', '-of', 'csv=p=0'],
        path.join(dir, 'v.mp4'),
      ]);
      expect(stdout).toMatch(/h264,yuv420p/);
      expect(stdout).toMatch(/aac/);
      await fs.rm(dir, { recursive: true });

      const part = await fetch(`${s.url}${source.src}`, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
      const tail = await fetch(`${s.url}${source.src}`, { headers: { range: 'bytes=-10' } });
      expect(tail.status).toBe(206);
      expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
      const beyond = await fetch(`${s.url}${source.src}`, {
        headers: { range: `bytes=${bytes.length + 10}-` },
      });
      expect(beyond.status).toBe(416);
    },
  );

  it('refuses media names it does not have, and paths out of its folder', async () => {
    const unknown = await call(s.url, 'GET', '/api/campaign/video/media/nope.mp4');
    expect([unknown.status, unknown.body.code]).toEqual([404, 64300]);
    const poster = await call(s.url, 'GET', '/api/campaign/video/media/nope.jpg');
    expect(poster.body.code).toBe(64300);
    for (const name of ['..%2Fvideo.sqlite.mp4', 'nut-crunch.mp4.tmp', 'NUT.mp4', 'x.webm']) {
      const answer = await call(s.url, 'GET', `/api/campaign/video/media/${name}`);
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
      expect(answer.status, name).toBeLessThan(500);
    }
  });

  it('draws the brand poster as a PNG to save or download', async () => {
    const view = data(await call(s.url, 'GET', '/api/campaign/video'));
    const shown = await fetch(`${s.url}${view.brand.posterImage}`);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toBeNull();
    const meta = await sharp(Buffer.from(await shown.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 750, 1334]);
    const download = await fetch(`${s.url}${view.brand.posterDownload}`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const bad = await call(s.url, 'GET', '/api/campaign/video/brand-poster.png?download=yes');
    expect(bad.body.code).toBe(10001);
  });

  it('takes an operator’s videos and copy, and refuses a brand film not among them', async () => {
    const current = data(await admin(s.url, 'GET', '/admin/api/campaigns/video'));
    const cdn = {
      id: 'cdn-clip',
      title: '门店开箱',
      description: '新店开业，一起开箱',
      author: '门店小助手',
      src: 'https://cdn.morsel.example.com/v/open.mp4',
      poster: 'https://cdn.morsel.example.com/v/open.jpg',
      duration: 32,
    };
    const settings = { ...current.settings, videos: [...current.settings.videos, cdn] };
    expect(
      (await admin(s.url, 'PATCH', '/admin/api/campaigns/video', { settings })).body.code,
    ).toBe(0);
    const view = data(await call(s.url, 'GET', '/api/campaign/video'));
    expect(view.videos.at(-1)).toMatchObject({
      id: 'cdn-clip',
      state: 'ready',
      poster: cdn.poster,
      sources: [{ src: cdn.src, type: 'video/mp4' }],
      duration: 32,
    });
    for (const bad of [
      { ...settings, brand: { ...settings.brand, videoId: 'gone' } },
      { ...settings, videos: [...settings.videos, cdn] },
      { ...settings, videos: [{ ...cdn, src: 'sample:missing-art' }] },
      { ...settings, videos: [{ ...cdn, src: 'http://insecure.example.com/a.mp4' }] },
    ]) {
      const answer = await admin(s.url, 'PATCH', '/admin/api/campaigns/video', { settings: bad });
      expect(answer.body.code).toBe(61003);
    }
  });

  it('answers the wine corner: the age gate copy, the notice and priced wines', async () => {
    const view = data(await call(s.url, 'GET', '/api/campaign/wine'));
    expect(view.minimumAge).toBe(18);
    expect(view.gate.confirmText).toBe('我已年满18周岁');
    expect(view.products[0]).toMatchObject({ key: 'red-wine', price: '89.00', tag: '热销' });
    const current = data(await admin(s.url, 'GET', '/admin/api/campaigns/wine'));
    const bad = { ...current.settings, minimumAge: 3 };
    expect(
      (await admin(s.url, 'PATCH', '/admin/api/campaigns/wine', { settings: bad })).body.code,
    ).toBe(61003);
  });

  it('answers the latest release per platform, whatever order the operator lists them in', async () => {
    const view = data(await call(s.url, 'GET', '/api/campaign/update'));
    expect(view.ios.latest.version).toBe('5.8.0');
    expect(view.android.latest.version).toBe('5.8.1');
    expect(view.ios.history.map((r: { version: string }) => r.version)).toEqual(['5.7.2', '5.7.0']);
    const current = data(await admin(s.url, 'GET', '/admin/api/campaigns/update'));
    const release = { version: '5.10.0', releasedAt: '2026-12-01', notes: ['新年版本'] };
    const settings = {
      ...current.settings,
      ios: { ...current.settings.ios, releases: [...current.settings.ios.releases, release] },
    };
    expect(
      (await admin(s.url, 'PATCH', '/admin/api/campaigns/update', { settings })).body.code,
    ).toBe(0);
    const after = data(await call(s.url, 'GET', '/api/campaign/update'));
    expect(after.ios.latest).toEqual({ ...release, size: '' });
    expect(after.ios.history[0].version).toBe('5.8.0');
    const twice = {
      ...settings,
      ios: { ...settings.ios, releases: [...settings.ios.releases, release] },
    };
    expect(
      (await admin(s.url, 'PATCH', '/admin/api/campaigns/update', { settings: twice })).body.code,
    ).toBe(61003);
  });
});
