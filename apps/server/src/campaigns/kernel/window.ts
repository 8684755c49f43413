// A campaign's time window and the state shoppers see. Every action checks it on the server.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignStatus, CampaignTable } from '../store/tables.ts';
import { findCampaign, findCurrentOfKind } from '../store/campaigns.ts';
import { fail } from '@morsel/api';

export { findCampaign } from '../store/campaigns.ts';

export type Campaign = Selectable<CampaignTable>;
export type CampaignState = 'not_started' | 'running' | 'paused' | 'ended';
/** The operator's view: the lifecycle with the window applied (admin API, decision 0037). */
export type OperatorStatus = 'draft' | 'scheduled' | 'running' | 'paused' | 'ended' | 'archived';

type Lifecycle = Pick<Campaign, 'starts_at' | 'ends_at'> & { status?: CampaignStatus };

/** What shoppers see: a live campaign follows its window; paused and ended are the operator's. */
export function campaignState(campaign: Lifecycle, now: number): CampaignState {
  if (campaign.status === 'paused') return 'paused';
  if (campaign.status === 'ended' || campaign.status === 'archived') return 'ended';
  if (now < Number(campaign.starts_at)) return 'not_started';
  if (now >= Number(campaign.ends_at)) return 'ended';
  return 'running';
}

export function operatorStatus(campaign: Lifecycle, now: number): OperatorStatus {
  if (campaign.status === 'draft' || campaign.status === 'archived') return campaign.status;
  const state = campaignState(campaign, now);
  return state === 'not_started' ? 'scheduled' : state;
}

/** Draft and archived campaigns do not exist for shoppers. */
const visible = (campaign: Campaign | undefined): campaign is Campaign =>
  campaign !== undefined && campaign.status !== 'draft' && campaign.status !== 'archived';

/** The campaign of a route, or 60000 when it was never configured (or is not published). */
export async function requireCampaign(db: Kysely<Database>, id: string): Promise<Campaign> {
  const campaign = await findCampaign(db, id);
  if (!visible(campaign)) throw fail('campaignNotFound');
  return campaign;
}

/**
 * The campaign of a shopper's awards: archived campaigns too, so a prize won there can still be
 * read and its address given (only drafts, which nobody could play, are 60000).
 */
export async function requireAwardsCampaign(db: Kysely<Database>, id: string): Promise<Campaign> {
  const campaign = await findCampaign(db, id);
  if (!campaign || campaign.status === 'draft') throw fail('campaignNotFound');
  return campaign;
}

/**
 * Any campaign, whatever its status: the admin API's. An unknown id is the admin API's 61004
 * (HTTP 404): every admin refusal is a 4xx, and 60000 keeps its one status (200) for shoppers.
 */
export async function requireAnyCampaign(db: Kysely<Database>, id: string): Promise<Campaign> {
  const campaign = await findCampaign(db, id);
  if (!campaign) throw fail('adminNotFound', { message: `活动 ${id} 不存在`, status: 404 });
  return campaign;
}

/**
 * The campaign of a kind's page: the one the page's `?campaign=` names (which must be of that
 * kind and published), or else the kind's current one — the campaign whose id is the kind's
 * name while it is published, otherwise the live campaign of that kind that started last.
 * 60000 when there is none.
 */
export async function resolveCampaign(
  db: Kysely<Database>,
  kind: string,
  requested: string | undefined,
): Promise<Campaign> {
  if (requested !== undefined) {
    const named = await findCampaign(db, requested);
    if (!visible(named) || named.kind !== kind) throw fail('campaignNotFound');
    return named;
  }
  const byName = await findCampaign(db, kind);
  if (visible(byName) && byName.kind === kind) return byName;
  const current = await findCurrentOfKind(db, kind);
  if (!current) throw fail('campaignNotFound');
  return current;
}

/**
 * Refuses an action outside the window or while an operator holds the campaign: 60001 before it
 * opens, 60002 after it closes (or an operator ended it), 61010 while paused.
 */
export function requireRunning(campaign: Campaign, now: number): void {
  const state = campaignState(campaign, now);
  if (state === 'paused') throw fail('campaignPaused');
  if (state === 'not_started')
    throw fail('campaignNotStarted', { data: { startsAt: Number(campaign.starts_at) } });
  if (state === 'ended')
    throw fail('campaignEnded', { data: { endsAt: Number(campaign.ends_at) } });
}

/** What every campaign page shows about the campaign itself. */
export function publicCampaign(campaign: Campaign, now: number) {
  const copy = parseSettings<{ tagline?: string; shareText?: string }>(campaign);
  return {
    id: campaign.id,
    kind: campaign.kind,
    title: campaign.title,
    rules: campaign.rules.split('\n').filter((line) => line.trim() !== ''),
    startsAt: Number(campaign.starts_at),
    endsAt: Number(campaign.ends_at),
    state: campaignState(campaign, now),
    serverTime: now,
    /** The line under the title and the text shares carry ('' when the operator set none). */
    tagline: copy.tagline ?? '',
    shareText: copy.shareText ?? '',
  };
}

export function parseSettings<T>(campaign: Campaign): T {
  return JSON.parse(campaign.settings) as T;
}
