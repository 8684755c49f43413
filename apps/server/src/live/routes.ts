// The live room's product routes (docs/live-pages.md): the list, one session (its stream, its
// chatroom's address, the host's prizes), likes, the host's lottery, past draws, and the sample
// HLS stream's files.
import send from '@fastify/send';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, fail, ok } from '@morsel/api';
import { route } from '../api/index.ts';
import { listPrizes, publicCampaign, requireCampaign, requireRunning } from '../campaigns/index.ts';
import {
  clientAddress,
  hitCounter,
  readToken,
  requireUser,
  type ProductContext,
  type ProductUser,
} from '../product/index.ts';
import type { LikeAnnouncer } from './likes.ts';
import { drawable, runDraw, type Winner } from './lottery.ts';
import type { LiveSessions } from './sessions.ts';
import {
  addLikes,
  findSession,
  listDraws,
  listSessions,
  type LiveDraw,
  type LiveSession,
} from './store.ts';
import { PLAYLIST_TYPE, SEGMENT_TYPE, STREAM_NAMES, type LiveStreams } from './streams.ts';
import { listOrder, stateOf, streamOf } from './views.ts';

/** Like calls a viewer (or an address, for guests) may make in a minute; each carries <= 50 taps. */
export const LIKE_CALLS_PER_MINUTE = 120;
/** Draws a host may run in a minute. */
export const DRAWS_PER_MINUTE = 10;
/** The live room's prize campaign (seeded from apps/server/seed/campaigns/live.json). */
export const LIVE_CAMPAIGN = 'live';
/** Sessions the list shows. */
export const SESSIONS_LISTED = 50;

export interface LiveRouteDeps {
  product: ProductContext;
  sessions: LiveSessions;
  likes: LikeAnnouncer;
  streams: LiveStreams;
}

export function registerLiveRoutes(scope: FastifyInstance, deps: LiveRouteDeps): void {
  const { product, sessions, likes, streams } = deps;
  const { rooms } = sessions;
  const { db, clock } = product;

  async function optionalShopper(request: FastifyRequest): Promise<ProductUser | undefined> {
    if (!readToken(request)) return undefined;
    try {
      return await requireUser(product, request);
    } catch (error) {
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  }

  async function sessionOf(id: string): Promise<LiveSession> {
    const session = await findSession(db, Number(id));
    if (!session) throw fail('liveNotFound');
    return session;
  }

  const refOf = (session: LiveSession) => ({
    appKey: session.app_key,
    roomId: session.chatroom_id,
  });

  const viewOf = (session: LiveSession) => sessions.view(session);
  const hostAccid = (session: LiveSession) => sessions.hostAccid(session);

  const drawView = (draw: LiveDraw & { winnerList?: Winner[] }) => ({
    id: draw.id,
    prizeName: draw.prize_name,
    prizeImage: draw.prize_image,
    winners: (draw.winnerList ?? (JSON.parse(draw.winners) as Winner[])).map((w) => ({
      nick: w.nick,
      mobile: w.mobile,
    })),
    drawnAt: Number(draw.drawn_at),
  });

  route(scope, 'live.sessions', async () => {
    await streams.prepare();
    const rows = (await listSessions(db, SESSIONS_LISTED)).sort(listOrder(clock.now()));
    const campaign = await requireCampaign(db, LIVE_CAMPAIGN).catch((error: unknown) => {
      if (error instanceof ApiError) return undefined;
      throw error;
    });
    return ok({
      sessions: await Promise.all(rows.map(viewOf)),
      campaign: campaign ? publicCampaign(campaign, clock.now()) : null,
    });
  });

  route(scope, 'live.session', async (request) => {
    await streams.prepare();
    const session = await sessionOf(request.params.id);
    const user = await optionalShopper(request);
    const isHost = user !== undefined && Number(user.id) === session.host_user_id;
    const prizes = isHost ? (await listPrizes(db, session.campaign_id)).filter(drawable) : [];
    return ok({
      session: await viewOf(session),
      stream: streamOf(session, clock.now(), streams),
      room: {
        appKey: session.app_key,
        chatroomId: String(session.chatroom_id),
        addresses: rooms.addresses(),
      },
      loggedIn: user !== undefined,
      isHost,
      prizes: prizes.map((p) => ({
        key: p.prize_key,
        name: p.name,
        image: p.image,
        kind: p.kind,
        stock: p.stock === null ? null : Number(p.stock),
      })),
    });
  });

  route(scope, 'live.like', async (request) => {
    const session = await sessionOf(request.params.id);
    const now = clock.now();
    if (stateOf(session, now) !== 'live') throw fail('liveNotOnAir');
    const user = await optionalShopper(request);
    const who = user ? `u${user.id}` : `a${clientAddress(request)}`;
    const { count } = await hitCounter(db, `live.like:${session.id}:${who}`, now, now + 60_000);
    if (count > LIKE_CALLS_PER_MINUTE) throw fail('tooManyRequests');
    const total = await addLikes(db, session.id, request.body.count);
    likes.changed(session.id, { ref: refOf(session), hostAccid: await hostAccid(session) });
    return ok({ likes: total });
  });

  route(scope, 'live.draw', async (request) => {
    const user = await requireUser(product, request);
    const session = await sessionOf(request.params.id);
    if (Number(user.id) !== session.host_user_id) throw fail('liveNotHost');
    const now = clock.now();
    if (stateOf(session, now) !== 'live') throw fail('liveNotOnAir');
    const { count } = await hitCounter(db, `live.draw:${user.id}`, now, now + 60_000);
    if (count > DRAWS_PER_MINUTE) throw fail('tooManyRequests');
    requireRunning(await requireCampaign(db, session.campaign_id), now);
    const draw = await runDraw(db, rooms, session, { ...request.body, now });
    const view = drawView(draw);
    await rooms
      .announce(refOf(session), await hostAccid(session), {
        type: 'live-lottery',
        drawId: view.id,
        prize: { name: view.prizeName, image: view.prizeImage },
        winners: draw.winnerList.map((w) => ({ account: w.accid, nick: w.nick, mobile: w.mobile })),
      })
      .catch((err: unknown) => request.log.warn({ err }, 'live lottery: announcement failed'));
    return ok(view);
  });

  route(scope, 'live.draws', async (request) => {
    const session = await sessionOf(request.params.id);
    return ok({ draws: (await listDraws(db, session.id, 20)).map(drawView) });
  });

  route(scope, 'live.media', async (request, reply) => {
    await streams.prepare();
    const { name } = request.params;
    const sample = name.replace(/(\.m3u8|\.jpg|-[0-9]{3}\.ts)$/, '');
    if (!STREAM_NAMES.includes(sample)) throw fail('liveStreamNotFound', { status: 404 });
    if (!name.endsWith('.jpg')) {
      const state = streams.state(sample);
      if (state === 'preparing') {
        reply.header('retry-after', '3');
        throw fail('liveStreamPreparing', { status: 503 });
      }
      if (state !== 'ready') throw fail('liveStreamNotFound', { status: 404 });
    }
    const result = await send(request.raw, `/${name}`, {
      root: streams.dir,
      dotfiles: 'deny',
      index: false,
      // The playlist is small and may be remade; segments never change.
      maxAge: name.endsWith('.m3u8') ? '10s' : '1d',
    });
    if (result.type !== 'file') throw fail('liveStreamNotFound', { status: 404 });
    reply.code(result.statusCode).headers(result.headers);
    if (name.endsWith('.m3u8')) reply.type(PLAYLIST_TYPE);
    else if (name.endsWith('.ts')) reply.type(SEGMENT_TYPE);
    return reply.send(result.stream);
  });
}
