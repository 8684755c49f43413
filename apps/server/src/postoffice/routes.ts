// The post office's JSON routes: the home page's templates and covers, saving a card, my cards,
// one card by its link, and deleting one (its recording goes with it when no other card plays it).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { postcardTextProblems } from '@morsel/api/postoffice';
import { route } from '../api/index.ts';
import {
  currentUser,
  optionalUser,
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
  userId,
  type CampaignContext,
  type PostofficeSettings,
} from '../campaigns/index.ts';
import type { FileService } from '../im/files/index.ts';
import { hitCounter, nextChinaMidnight } from '../product/index.ts';
import {
  cardByCode,
  cardsOf,
  deleteOwnCard,
  deleteVoice,
  insertCard,
  ownVoice,
  voiceInUse,
} from './store/postcards.ts';
import { cardView, lookOf } from './views.ts';
import { VOICE_USABLE_MS } from './pruning.ts';

export const POSTOFFICE_CAMPAIGN = 'postoffice';
const PAGE_SIZE = 20;

/** Where the page plays a recording from: this server's file path (same origin as the page). */
export const voicePath = (files: FileService, name: string) => new URL(files.urlOf(name)).pathname;

export function registerPostofficeRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  files: FileService,
): void {
  const { db, clock } = ctx.product;
  const view = (row: Parameters<typeof cardView>[0], viewer: number | undefined) =>
    cardView(row, voicePath(files, row.voice_name), viewer);

  route(scope, 'postoffice.home', async (request) => {
    const campaign = await requireCampaign(db, POSTOFFICE_CAMPAIGN);
    const settings = parseSettings<PostofficeSettings>(campaign);
    const user = await optionalUser(ctx, request);
    return ok({
      campaign: publicCampaign(campaign, clock.now()),
      intro: settings.intro,
      templates: settings.templates,
      covers: settings.covers,
      limits: { voicesPerDay: settings.voicesPerDay, cardsPerDay: settings.cardsPerDay },
      loggedIn: Boolean(user),
    });
  });

  route(scope, 'postoffice.create', async (request) => {
    const user = await currentUser(ctx, request);
    const campaign = await requireCampaign(db, POSTOFFICE_CAMPAIGN);
    const now = clock.now();
    requireRunning(campaign, now);
    const settings = parseSettings<PostofficeSettings>(campaign);
    const input = request.body;
    const template = settings.templates.find((t) => t.key === input.template);
    const cover = settings.covers.find((c) => c.key === input.cover);
    if (!template || !cover || !template.covers.includes(cover.key))
      throw fail('postcardDesignInvalid');
    const problems = postcardTextProblems(input);
    const first = Object.values(problems)[0];
    if (first) throw fail('postcardTextInvalid', { message: first, data: { fields: problems } });
    const uid = userId(user);
    const voice = await ownVoice(db, uid, input.voice);
    // A recording goes on a card within the day it was made; the pruning job removes it after.
    if (
      !voice ||
      Number(voice.created_at) <= now - VOICE_USABLE_MS ||
      !(await files.live(voice.name))
    )
      throw fail('postcardVoiceInvalid');
    // Counted once every check has passed: a refused card costs nothing of the day's allowance.
    const { count } = await hitCounter(db, `postoffice-card:${uid}`, now, nextChinaMidnight(now));
    if (count > settings.cardsPerDay)
      throw fail('postcardQuota', {
        message: `每天最多制作${settings.cardsPerDay}张明信片，请明天再试`,
      });
    const row = await insertCard(db, {
      code: randomBytes(16).toString('base64url'),
      user_id: uid,
      voice_name: voice.name,
      duration_ms: Number(voice.duration_ms),
      look: JSON.stringify(lookOf(template)),
      cover: JSON.stringify(cover),
      to_name: input.to.trim(),
      from_name: input.from.trim(),
      body: input.text.trim(),
      created_at: now,
    });
    return ok(view(row, uid));
  });

  route(scope, 'postoffice.mine', async (request) => {
    const uid = userId(await currentUser(ctx, request));
    const before = request.query.before === undefined ? undefined : Number(request.query.before);
    const rows = await cardsOf(db, uid, PAGE_SIZE + 1, before);
    const page = rows.slice(0, PAGE_SIZE);
    return ok({
      cards: page.map((row) => view(row, uid)),
      next: rows.length > PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
    });
  });

  route(scope, 'postoffice.card', async (request) => {
    const row = await cardByCode(db, request.params.code);
    if (!row) throw fail('postcardNotFound');
    const user = await optionalUser(ctx, request);
    return ok(view(row, user ? userId(user) : undefined));
  });

  route(scope, 'postoffice.remove', async (request) => {
    const uid = userId(await currentUser(ctx, request));
    const row = await cardByCode(db, request.params.code);
    if (!row || Number(row.user_id) !== uid || !(await deleteOwnCard(db, uid, row.code)))
      throw fail('postcardNotFound');
    // The recording is the shopper's voice: it goes with the last card that played it.
    if (!(await voiceInUse(db, row.voice_name))) {
      await files.remove(row.voice_name);
      await deleteVoice(db, row.voice_name);
    }
    return ok(null);
  });
}
