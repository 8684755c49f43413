// The love account (/activity/loveAccount/index, /detail): charity projects with their goals and
// progress, donating points from the ledger (love/donate.ts), the latest donors (names and mobiles
// masked) and the shopper's own donations. The index and a project read logged out too.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import { maskMobile } from '../../product/index.ts';
import { currentUser, optionalUser, userId, type CampaignContext } from '../context.ts';
import { readCounter } from '../kernel/counters.ts';
import { pointsBalance } from '../kernel/points.ts';
import { chinaDay } from '../kernel/time.ts';
import {
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
} from '../kernel/window.ts';
import {
  donationsOf,
  latestDonors,
  pointsGivenBy,
  projectTotals,
  type LoveDonation,
  type ProjectTotal,
} from '../store/love.ts';
import { dailyDonationKey, donate } from './donate.ts';
import type { LoveProject, LoveSettings } from './settings.ts';

export const LOVE_CAMPAIGN = 'love';
/** Donors a project page lists; my donations a page lists. */
const DONORS_SHOWN = 20;
const MINE_SHOWN = 100;

/** A nickname as other shoppers see it: its first character, then stars. */
export function maskName(nickname: string): string {
  const chars = [...nickname.trim()];
  return chars.length === 0 ? '爱心用户' : `${chars[0]}**`;
}

function progress(project: LoveProject, total: ProjectTotal | undefined) {
  const raisedPoints = total?.raised ?? 0;
  return {
    goalPoints: project.goalPoints,
    raisedPoints,
    donations: total?.donations ?? 0,
    state: raisedPoints >= project.goalPoints ? ('funded' as const) : ('open' as const),
  };
}

function card(project: LoveProject, total: ProjectTotal | undefined) {
  return {
    key: project.key,
    title: project.title,
    summary: project.summary,
    image: project.image,
    organiser: project.organiser,
    ...progress(project, total),
  };
}

export function registerLoveRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;
  const load = async () => {
    const campaign = await requireCampaign(db, LOVE_CAMPAIGN);
    return { campaign, settings: parseSettings<LoveSettings>(campaign) };
  };
  const requireProject = (settings: LoveSettings, key: string) => {
    const project = settings.projects.find((p) => p.key === key);
    if (!project) throw fail('loveProjectNotFound');
    return project;
  };
  const titles = (settings: LoveSettings) => new Map(settings.projects.map((p) => [p.key, p]));
  const publicDonation = (donation: LoveDonation, projects: Map<string, LoveProject>) => {
    const project = projects.get(donation.project_key);
    return {
      id: Number(donation.id),
      projectKey: donation.project_key,
      // A project an operator removed keeps its donations on the shopper's list.
      projectTitle: project?.title ?? '已结束的爱心项目',
      projectImage: project?.image ?? '',
      points: Number(donation.points),
      donatedAt: Number(donation.created_at),
    };
  };

  route(scope, 'love.projects', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await optionalUser(ctx, request);
    const totals = await projectTotals(db, LOVE_CAMPAIGN);
    return ok({
      campaign: publicCampaign(campaign, now),
      loggedIn: user !== undefined,
      balance: user ? await pointsBalance(db, userId(user)) : null,
      myPoints: user ? await pointsGivenBy(db, LOVE_CAMPAIGN, userId(user)) : null,
      projects: settings.projects.map((p) => card(p, totals.get(p.key))),
    });
  });

  route(scope, 'love.project', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const project = requireProject(settings, request.params.key);
    const user = await optionalUser(ctx, request);
    const total = (await projectTotals(db, LOVE_CAMPAIGN)).get(project.key);
    const donors = await latestDonors(db, LOVE_CAMPAIGN, project.key, DONORS_SHOWN);
    const uid = user ? userId(user) : undefined;
    const donatedToday =
      uid === undefined
        ? 0
        : await readCounter(db, dailyDonationKey(LOVE_CAMPAIGN, uid, chinaDay(now)));
    const state = progress(project, total);
    return ok({
      campaign: publicCampaign(campaign, now),
      loggedIn: user !== undefined,
      balance: uid === undefined ? null : await pointsBalance(db, uid),
      project: {
        ...card(project, total),
        story: project.story,
        remainingPoints: Math.max(0, state.goalPoints - state.raisedPoints),
      },
      presets: settings.presets,
      maxPointsPerDonation: settings.maxPointsPerDonation,
      donationsLeftToday:
        uid === undefined ? null : Math.max(0, settings.donationsPerDay - donatedToday),
      myPoints: uid === undefined ? null : await pointsGivenBy(db, LOVE_CAMPAIGN, uid, project.key),
      donors: donors.map((d) => ({
        name: maskName(d.nickname),
        mobile: maskMobile(d.mobile),
        points: d.points,
        donatedAt: d.created_at,
      })),
    });
  });

  route(scope, 'love.donate', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await load();
    const user = await currentUser(ctx, request);
    requireRunning(campaign, now);
    const { project: key, points, requestId } = request.body;
    const project = requireProject(settings, key);
    const uid = userId(user);
    const donation = await donate(db, {
      campaignId: LOVE_CAMPAIGN,
      settings,
      project,
      userId: uid,
      points,
      requestId,
      now,
    });
    const total = (await projectTotals(db, LOVE_CAMPAIGN)).get(project.key);
    const donatedToday = await readCounter(db, dailyDonationKey(LOVE_CAMPAIGN, uid, chinaDay(now)));
    return ok({
      donation: publicDonation(donation, titles(settings)),
      balance: await pointsBalance(db, uid),
      project: { key: project.key, ...progress(project, total) },
      donationsLeftToday: Math.max(0, settings.donationsPerDay - donatedToday),
    });
  });

  route(scope, 'love.mine', async (request) => {
    const { settings } = await load();
    const user = await currentUser(ctx, request);
    const uid = userId(user);
    const donations = await donationsOf(db, LOVE_CAMPAIGN, uid, MINE_SHOWN);
    const projects = titles(settings);
    return ok({
      totalPoints: await pointsGivenBy(db, LOVE_CAMPAIGN, uid),
      donations: donations.map((d) => publicDonation(d, projects)),
    });
  });
}
