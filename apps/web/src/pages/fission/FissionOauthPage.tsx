// /activity/redPacketFission/oauth?returnTo=…: obtains the shopper's WeChat through the
// shared flow (ensureWechatIdentity, docs/wechat.md) and goes on to the packet page. Opening and
// helping a packet need it: one packet and one share per WeChat. A visitor is sent to login
// first (the identity call answers -331007, which the request wrapper turns into login).
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginInvalid } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Failed, Loading } from '../campaign-kit/states.tsx';
import { ensureWechatIdentity } from '../campaign-kit/wechatIdentity.ts';

/** Only our own packet pages: the parameter never sends the shopper elsewhere. */
function safeReturn(value: string | null): string {
  return value && value.startsWith('/activity/redPacketFission/') ? value : paths.fission();
}

export default function FissionOauthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<'working' | 'unavailable' | 'failed'>('working');
  const returnTo = safeReturn(params.get('returnTo'));
  useEffect(() => {
    let live = true;
    ensureWechatIdentity(returnTo)
      .then((outcome) => {
        if (!live) return;
        if (outcome === 'bound') void navigate(returnTo, { replace: true });
        if (outcome === 'unavailable') setState('unavailable');
      })
      .catch((error: unknown) => {
        // LoginInvalid: the wrapper is already on its way to login, back here after.
        if (live && !(error instanceof LoginInvalid)) setState('failed');
      });
    return () => {
      live = false;
    };
  }, [returnTo, navigate]);
  if (state === 'unavailable')
    return (
      <Failed
        message="暂未开通微信授权，请在微信中打开本活动参与拆红包"
        exit={{ label: '返回红包页', to: returnTo }}
      />
    );
  if (state === 'failed')
    return (
      <Failed
        message="请求出错，请稍后再试"
        onRetry={() => window.location.reload()}
        exit={{ label: '返回红包页', to: returnTo }}
      />
    );
  return <Loading />;
}
