// Which instance of its kind a campaign page serves (decision 0037): `?campaign=<id>` from the
// page's URL, passed on to every call and link of the page; absent (or not an id the API would
// take), the kind's current campaign answers.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A campaign id as the API table's Key allows. */
const CAMPAIGN_ID = /^[a-z0-9-]{1,64}$/;

export const isCampaignId = (id: string | null | undefined): id is string =>
  typeof id === 'string' && CAMPAIGN_ID.test(id);

export interface WhichCampaign {
  /** The instance the URL names, or undefined for the kind's current one. */
  campaignId: string | undefined;
  /** To spread into an API call's input: `{ campaign }` or nothing. */
  which: { campaign?: string };
}

export function useWhichCampaign(): WhichCampaign {
  const [params] = useSearchParams();
  const named = params.get('campaign');
  const campaignId = isCampaignId(named) ? named : undefined;
  const which = useMemo(() => (campaignId ? { campaign: campaignId } : {}), [campaignId]);
  return { campaignId, which };
}

/** `path` with the instance's `?campaign=` added (kept as it is for the current one). */
export function withCampaign(path: string, campaignId: string | undefined): string {
  if (!campaignId) return path;
  const url = new URL(path, 'http://page.invalid');
  url.searchParams.set('campaign', campaignId);
  return `${url.pathname}${url.search}`;
}

/**
 * The `?campaign=` of a link to a campaign as read from the API: none for the kind's own
 * campaign (its id is the kind's name), its id for any other instance.
 */
export const instanceOf = (
  kind: string,
  campaign: { id: string },
): { campaign: string | null } => ({
  campaign: campaign.id === kind ? null : campaign.id,
});
