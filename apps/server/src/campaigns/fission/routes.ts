// Red-packet fission (/activity/redPacketFission/*): the page, a friend's packet from a share
// link, opening a packet and helping a friend's. Opening and helping need the shopper's WeChat
// (one packet per WeChat, one share per WeChat: kernel/wechat-identity.ts); the refusal carries
// the authorise path back to the page. Rules live in packets.ts.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { publicAward, isShown } from '../kernel/awards.ts';
import { readCounter } from '../kernel/counters.ts';
import { chinaDay } from '../kernel/time.ts';
import { requireWechatIdentity } from '../kernel/wechat-identity.ts';
import {
  parseSettings,
  publicCampaign,
  requireRunning,
  resolveCampaign,
} from '../kernel/window.ts';
import { inTransaction } from '../kernel/transaction.ts';
import { channelStats, findPacket, latestPacketOf } from '../store/fission.ts';
import {
  FISSION_KIND,
  fissionKeys,
  helpPacket,
  isNewShopper,
  openPacket,
  packetView,
} from './packets.ts';
import type { FissionSettings } from './settings.ts';
import { requireAdminCampaignOfKind } from '../admin/campaign-lookup.ts';

/** Where a shopper without a channel came from. */
const DIRECT = 'direct';

/** The pages the WeChat authorisation returns to. */
const INDEX_PATH = '/activity/redPacketFission/index';
const NEW_PATH = '/activity/redPacketFission/newFission';

/** A page of the fission campaign a request named (`?campaign=` kept, decision 0037). */
const pageOf = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return search ? `${path}?${search}` : path;
};

export function registerFissionRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async (requested: string | undefined) => {
    const campaign = await resolveCampaign(db, FISSION_KIND, requested);
    return { campaign, id: campaign.id, settings: parseSettings<FissionSettings>(campaign) };
  };
  const shareCard = (s: FissionSettings) => ({ title: s.shareTitle, image: s.shareImage });

  route(scope, 'fission.page', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await optionalUser(ctx, request);
    const uid = user ? userId(user) : undefined;
    const day = chinaDay(now);
    const latest = async (kind: 'normal' | 'new') => {
      if (uid === undefined) return null;
      const packet = await latestPacketOf(db, id, uid, kind);
      return packet ? packetView(db, packet, uid, now) : null;
    };
    const left = async (key: string, limit: number) =>
      Math.max(0, limit - (await readCounter(db, key)));
    return ok({
      campaign: publicCampaign(campaign, now),
      packet: settings.packet,
      newUser: settings.newUser,
      packetsPerDay: settings.packetsPerDay,
      helpsPerDay: settings.helpsPerDay,
      share: shareCard(settings),
      loggedIn: uid !== undefined,
      mine: await latest('normal'),
      myNew: await latest('new'),
      newUserEligible:
        user === undefined
          ? null
          : isNewShopper(Number(user.created_at), settings, now) &&
            (await readCounter(db, fissionKeys.newUser(id, userId(user)))) === 0,
      packetsLeftToday:
        uid === undefined
          ? null
          : await left(fissionKeys.opened(id, uid, day), settings.packetsPerDay),
      helpsLeftToday:
        uid === undefined
          ? null
          : await left(fissionKeys.helped(id, uid, day), settings.helpsPerDay),
    });
  });

  route(scope, 'fission.packet', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const packet = await findPacket(db, id, request.params.token);
    if (!packet) throw fail('fissionPacketNotFound');
    const user = await optionalUser(ctx, request);
    const uid = user ? userId(user) : undefined;
    const view = await packetView(db, packet, uid, now);
    return ok({
      campaign: publicCampaign(campaign, now),
      packet: view,
      loggedIn: uid !== undefined,
      canHelp:
        uid !== undefined &&
        !view.mine &&
        view.myPoints === null &&
        view.state === 'open' &&
        publicCampaign(campaign, now).state === 'running',
      share: shareCard(settings),
    });
  });

  route(scope, 'fission.open', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const { kind, channel } = request.body;
    const uid = userId(user);
    await requireWechatIdentity(
      ctx,
      uid,
      pageOf(kind === 'new' ? NEW_PATH : INDEX_PATH, { campaign: request.query.campaign }),
    );
    const opened = await openPacket(db, {
      campaignId: id,
      settings,
      kind,
      owner: { id: uid, createdAt: Number(user.created_at) },
      channel: channel ?? DIRECT,
      day: chinaDay(now),
      now,
    });
    if (!isShown(opened.award)) throw new Error('a fission share is always a points award');
    return ok({
      packet: await packetView(db, opened.packet, uid, now),
      award: publicAward(opened.award),
    });
  });

  route(scope, 'fission.help', async (request) => {
    const now = clock.now();
    const { campaign, id, settings } = await load(request.query.campaign);
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const uid = userId(user);
    const { token } = request.params;
    await requireWechatIdentity(
      ctx,
      uid,
      pageOf(INDEX_PATH, { packet: token, campaign: request.query.campaign }),
    );
    const helped = await helpPacket(db, {
      campaignId: id,
      settings,
      token,
      helperId: uid,
      channel: request.body.channel ?? DIRECT,
      day: chinaDay(now),
      now,
    });
    if (!isShown(helped.award)) throw new Error('a fission share is always a points award');
    return ok({
      packet: await packetView(db, helped.packet, uid, now),
      points: helped.points,
      award: publicAward(helped.award),
    });
  });
}

/** The admin API's channel attribution (registered in the admin scope, behind its key). */
export function registerFissionAdminRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db } = ctx.product;
  route(scope, 'admin.fissionChannels', async (request) => {
    const campaign = await requireAdminCampaignOfKind(
      db,
      request.params.id,
      'fission',
      '红包裂变（fission）活动有渠道统计',
    );
    const stats = await inTransaction(db, (trx) => channelStats(trx, campaign.id));
    const channels = new Map<string, { packets: number; helps: number; points: number }>();
    const entry = (channel: string) => {
      let row = channels.get(channel);
      if (!row) channels.set(channel, (row = { packets: 0, helps: 0, points: 0 }));
      return row;
    };
    for (const p of stats.packets) entry(p.channel).packets += Number(p.packets);
    for (const h of stats.helps) {
      entry(h.channel).helps += Number(h.helps);
      entry(h.channel).points += Number(h.points ?? 0);
    }
    return ok({
      channels: [...channels]
        .map(([channel, row]) => ({ channel, ...row }))
        .sort((a, b) => b.packets + b.helps - (a.packets + a.helps)),
    });
  });
}
