// The live room's admin API (docs/live-pages.md): an operator makes a session (title, window,
// stream, the prize campaign) and names its host by mobile; the host's IM account owns the
// session's chatroom, so the chatroom's own rules give the host mute and kick.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { requireCampaign, requireKey, type CampaignContext } from '../campaigns/index.ts';
import { findUserByMobile } from '../product/index.ts';
import { listSessions } from './store.ts';
import { STREAM_NAMES } from './streams.ts';
import { sampleOf } from './views.ts';
import type { LiveSessions } from './sessions.ts';

/** Sessions the admin list shows. */
const ADMIN_LIST_MAX = 200;

const instant = (value: number | string): number =>
  typeof value === 'number' ? value : Date.parse(value);

export function registerLiveAdminRoutes(
  scope: FastifyInstance,
  ctx: CampaignContext,
  sessions: LiveSessions,
): void {
  const { db } = ctx.product;
  // Before the body is read: a viewer's or cashier's write is refused as such, not as bad input.
  scope.addHook('onRequest', async (request) => {
    await requireKey(ctx, request, ['admin']);
  });

  route(scope, 'admin.createLiveSession', async (request, reply) => {
    const body = request.body;
    const startsAt = instant(body.startsAt);
    const endsAt = instant(body.endsAt);
    if (!(endsAt > startsAt)) throw fail('liveBadWindow', { status: 400 });
    const sample = sampleOf({ stream: body.stream });
    if (sample !== undefined && !STREAM_NAMES.includes(sample))
      throw fail('liveStreamNotFound', { status: 400 });
    const campaignId = body.campaign ?? 'live';
    await requireCampaign(db, campaignId);
    const host = await findUserByMobile(db, body.hostMobile);
    if (!host) throw fail('liveHostUnknown', { status: 400 });
    const session = await sessions.create({
      title: body.title,
      host,
      startsAt,
      endsAt,
      stream: body.stream,
      ...(body.cover !== undefined && { cover: body.cover }),
      campaignId,
    });
    reply.code(201);
    return ok(await sessions.view(session));
  });

  route(scope, 'admin.liveSessions', async () => {
    const rows = await listSessions(db, ADMIN_LIST_MAX);
    return ok({ sessions: await Promise.all(rows.map((row) => sessions.view(row))) });
  });
}
