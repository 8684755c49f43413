// A campaign's time window and the state shoppers see. Every action checks it on the server.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignTable } from '../store/tables.ts';
import { findCampaign } from '../store/campaigns.ts';
import { fail } from '@morsel/api';

export { findCampaign } from '../store/campaigns.ts';

export type Campaign = Selectable<CampaignTable>;
export type CampaignState = 'not_started' | 'running' | 'ended';

export function campaignState(
  campaign: Pick<Campaign, 'starts_at' | 'ends_at'>,
  now: number,
): CampaignState {
  if (now < Number(campaign.starts_at)) return 'not_started';
  if (now >= Number(campaign.ends_at)) return 'ended';
  return 'running';
}

/** The campaign of a route, or 60000 when it was never configured. */
export async function requireCampaign(db: Kysely<Database>, id: string): Promise<Campaign> {
  const campaign = await findCampaign(db, id);
  if (!campaign) throw fail('campaignNotFound');
  return campaign;
}

/** Refuses an action outside the window: 60001 before it opens, 60002 after it closes. */
export function requireRunning(campaign: Campaign, now: number): void {
  const state = campaignState(campaign, now);
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
