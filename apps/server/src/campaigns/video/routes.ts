// The community video pages (/communityVideo/*): the videos with their poster frames and state,
// the generated sample files with HTTP Range support (iOS Safari plays video only through
// ranges), and the brand poster drawn on the server. docs/content-pages.md.
import fs from 'node:fs/promises';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress, route, withoutTrailingSlashes } from '../../api/index.ts';
import { hitCounter } from '../../product/index.ts';
import type { CampaignContext } from '../context.ts';
import { parseSettings, publicCampaign, requireCampaign } from '../kernel/window.ts';
import { renderBrandPoster } from './brand-poster.ts';
import { SAMPLE_MP4_TYPE, SAMPLE_NAMES, SAMPLE_SECONDS, type SampleMedia } from './samples.ts';
import { sampleOf, type VideoEntry, type VideoSettings } from './settings.ts';

export const VIDEO_CAMPAIGN = 'video';
const MEDIA_PATH = '/api/campaign/video/media';
const POSTER_PATH = '/api/campaign/video/brand-poster.png';
/** Poster renders (cache misses) an address may cause per minute: each costs CPU. */
const POSTER_RENDERS_PER_MINUTE = 10;
/** Rendered posters kept, by settings version and site origin. */
const POSTER_CACHE_SIZE = 4;

export function registerVideoRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  samples: SampleMedia,
  publicUrl: string | undefined,
): void {
  const { db, clock } = ctx.product;
  // Samples are made when a video page first asks (not at every start: most servers, and every
  // test server, never show a video); an encoding still running stops with the server.
  scope.addHook('onClose', () => samples.close());

  function viewOf(video: VideoEntry) {
    const base = {
      id: video.id,
      title: video.title,
      description: video.description,
      author: video.author,
    };
    const sample = sampleOf(video);
    if (sample === undefined)
      return {
        ...base,
        poster: video.poster ?? '',
        state: 'ready' as const,
        sources: [{ src: video.src, type: 'video/mp4' }],
        duration: video.duration ?? 0,
        aspect: video.aspect ?? 9 / 16,
      };
    const state = samples.state(sample);
    const info = samples.info(sample);
    return {
      ...base,
      poster: `${MEDIA_PATH}/${sample}.jpg`,
      state,
      sources:
        state === 'ready' ? [{ src: `${MEDIA_PATH}/${sample}.mp4`, type: SAMPLE_MP4_TYPE }] : [],
      duration: SAMPLE_SECONDS,
      aspect: info ? info.width / info.height : 9 / 16,
    };
  }

  route(scope, 'video.page', async () => {
    await samples.prepare();
    const campaign = await requireCampaign(db, VIDEO_CAMPAIGN);
    const settings = parseSettings<VideoSettings>(campaign);
    const brandVideo = settings.videos.find((v) => v.id === settings.brand.videoId);
    const version = Number(campaign.updated_at);
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      videos: settings.videos.map(viewOf),
      brand: {
        headline: settings.brand.headline,
        story: settings.brand.story,
        video: brandVideo ? viewOf(brandVideo) : null,
        posterImage: `${POSTER_PATH}?v=${version}`,
        posterDownload: `${POSTER_PATH}?v=${version}&download=1`,
      },
      middlePage: settings.middlePage,
      encoder: samples.canEncode === true,
    });
  });

  route(scope, 'video.media', async (request, reply) => {
    await samples.prepare();
    const { name } = request.params;
    const sample = name.slice(0, name.lastIndexOf('.'));
    if (!SAMPLE_NAMES.includes(sample)) throw fail('videoNotFound', { status: 404 });
    if (name.endsWith('.mp4')) {
      const state = samples.state(sample);
      if (state === 'preparing') {
        reply.header('retry-after', '5');
        throw fail('videoPreparing', { status: 503 });
      }
      if (state !== 'ready') throw fail('videoNotFound', { status: 404 });
    }
    // @fastify/send answers Range (206 and 416), If-None-Match and If-Modified-Since.
    const result = await send(request.raw, `/${name}`, {
      root: samples.dir,
      dotfiles: 'deny',
      index: false,
      maxAge: '1d',
    });
    if (result.type === 'error' && result.statusCode === 416)
      // A range past the end: 416 with `Content-Range: bytes */<size>`, as RFC 9110 asks.
      return reply
        .code(416)
        .headers(result.headers)
        .type('application/json')
        .send({ code: 416, message: '请求的视频范围无效', data: null });
    if (result.type !== 'file') throw fail('videoNotFound', { status: 404 });
    reply.code(result.statusCode).headers(result.headers);
    return reply.send(result.stream);
  });

  const posters = new Map<string, Buffer>();
  const originOf = (request: FastifyRequest) =>
    withoutTrailingSlashes(publicUrl ?? `${request.protocol}://${request.host}`);

  route(scope, 'video.brandPoster', async (request, reply) => {
    const campaign = await requireCampaign(db, VIDEO_CAMPAIGN);
    const settings = parseSettings<VideoSettings>(campaign);
    const origin = originOf(request);
    const key = `${campaign.updated_at}|${origin}`;
    let png = posters.get(key);
    if (!png) {
      const now = clock.now();
      const minute = (Math.floor(now / 60_000) + 1) * 60_000;
      const budget = await hitCounter(db, `video.poster:${clientAddress(request)}`, now, minute);
      if (budget.count > POSTER_RENDERS_PER_MINUTE) throw fail('tooManyRequests', { status: 429 });
      await samples.prepare();
      const brandVideo = settings.videos.find((v) => v.id === settings.brand.videoId);
      const sample = brandVideo && sampleOf(brandVideo);
      const frame = sample
        ? await fs.readFile(path.join(samples.dir, `${sample}.jpg`)).catch(() => undefined)
        : undefined;
      png = await renderBrandPoster({
        ...settings.brand.poster,
        frame,
        link: `${origin}/activity/communityVideo/brandVideo`,
      });
      posters.set(key, png);
      if (posters.size > POSTER_CACHE_SIZE) posters.delete(posters.keys().next().value!);
    }
    if (request.query.download === '1')
      reply.header('content-disposition', "attachment; filename*=UTF-8''brand-poster.png");
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });
}
