// Links between the campaign pages: the typed builders of routes/paths.ts.
import { paths } from '../../routes/paths.ts';

/**
 * One prize's detail: /activity/sign/detail serves the prizes of every campaign; a prize from a
 * bag opens its order (address and confirmation) instead.
 */
export const detailPath = (award: { campaignId: string; id: number | string }): string =>
  award.campaignId === 'bag' ? paths.bagOrder(award.id) : paths.awardDetail(award);
