// /activity/redPacketFission/channel?channel=… : the entry printed on posters, in stores and at
// partners. It remembers where the shopper came from and opens the packet page at once.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { Loading } from '../campaign-kit/states.tsx';
import { rememberChannel } from './channel.ts';

export default function FissionChannelPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const channel = params.get('channel');
    rememberChannel(channel);
    const packet = params.get('packet');
    void navigate(params.get('new') === '1' ? paths.fissionNew() : paths.fission({ packet }), {
      replace: true,
    });
  }, [params, navigate]);
  return <Loading />;
}
