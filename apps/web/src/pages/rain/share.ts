// What the rain's pages share: a logged-in shopper's assist link (/helpU), else the campaign.
import type { DataOf } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import type { PageShare } from '../campaign-kit/share.ts';

export function rainShare(view: Pick<DataOf<'rain.board'>, 'shareCode' | 'campaign'>): PageShare {
  return {
    path: view.shareCode ? paths.rainHelpU(view.shareCode) : paths.rain(),
    title: view.campaign.title,
    description: view.campaign.shareText,
    image: '/api/campaign/assets/redpacket.png',
  };
}
