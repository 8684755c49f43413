// Links between the campaign pages.
import type { Award } from './api.ts';

/** One prize's detail: /activity/sign/detail serves the prizes of every campaign. */
export function detailPath(award: Pick<Award, 'id' | 'campaignId'>): string {
  return `/activity/sign/detail?${new URLSearchParams({ campaign: award.campaignId, id: String(award.id) }).toString()}`;
}
