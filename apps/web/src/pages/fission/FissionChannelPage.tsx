// /activity/redPacketFission/channel?channel=… : the entry printed on posters, in stores and at
// partners. It remembers where the shopper came from and opens the packet page at once.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { Loading } from '../campaign-kit/states.tsx';
import { isCampaignId } from '../campaign-kit/whichCampaign.ts';
import { rememberChannel } from './channel.ts';

export default function FissionChannelPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const channel = params.get('channel');
    rememberChannel(channel);
    const packet = params.get('packet');
    // A poster may name one fission campaign of several (decision 0037).
    const named = params.get('campaign');
    const campaign = isCampaignId(named) ? named : null;
    void navigate(
      params.get('new') === '1'
        ? paths.fissionNew({ campaign })
        : paths.fission({ packet, campaign }),
      { replace: true },
    );
  }, [params, navigate]);
  return <Loading />;
}
