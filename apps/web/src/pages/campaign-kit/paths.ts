// Links between the campaign pages: the typed builders of routes/paths.ts.
import { paths } from '../../routes/paths.ts';

/**
 * One prize's detail: /activity/sign/detail serves the prizes of every campaign; a prize from a
 * bag (of any open-bag campaign) opens its order (address and confirmation) instead.
 */
export const detailPath = (award: {
  campaignId: string;
  id: number | string;
  source?: string;
}): string =>
  award.source === 'bag' || award.campaignId === 'bag'
    ? paths.bagOrder(award.id, { campaign: award.campaignId === 'bag' ? null : award.campaignId })
    : paths.awardDetail(award);
