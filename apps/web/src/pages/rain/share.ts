// What the rain's pages share: a logged-in shopper's assist link (/helpU), else the campaign;
// either names the rain campaign it is for (decision 0037).
import type { DataOf } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import type { PageShare } from '../campaign-kit/share.ts';
import { instanceOf } from '../campaign-kit/whichCampaign.ts';

export function rainShare(view: Pick<DataOf<'rain.board'>, 'shareCode' | 'campaign'>): PageShare {
  return {
    path: view.shareCode
      ? paths.rainHelpU(view.shareCode, instanceOf('rain', view.campaign))
      : paths.rain(instanceOf('rain', view.campaign)),
    title: view.campaign.title,
    description: view.campaign.shareText,
    image: '/api/campaign/assets/redpacket.png',
  };
}
