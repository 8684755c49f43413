// /activity/redPacketRain/oauth: obtains the shopper's WeChat (the kernel's ensureWechatIdentity:
// a silent snsapi_base authorisation through the configured provider, the development identity
// by default) and opens the rain. Logged out: the login prompt (login comes back here).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { ensureWechatIdentity, type IdentityOutcome } from '../campaign-kit/wechatIdentity.ts';
import { Failed, Hero, LoginPrompt } from '../campaign-kit/states.tsx';
import { Spinner } from '../../ui/index.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import styles from './RainPage.module.css';

type State = IdentityOutcome | 'checking' | 'failed';

export default function RainOauthPage() {
  const navigate = useNavigate();
  // Back to the rain campaign that asked (decision 0037).
  const { campaignId } = useWhichCampaign();
  const rainPath = paths.rain({ campaign: campaignId });
  const toRain = { label: '返回红包雨', to: rainPath };
  const [state, setState] = useState<State>('checking');
  const [attempt, setAttempt] = useState(0);
  const loggedIn = isLoggedIn();

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    setState('checking');
    ensureWechatIdentity(rainPath)
      .then((outcome) => {
        if (!live) return;
        if (outcome === 'bound') navigate(rainPath, { replace: true });
        else setState(outcome);
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [loggedIn, attempt, navigate, rainPath]);

  if (!loggedIn)
    return (
      <main className={styles.page}>
        <Hero title="微信授权" subtitle="红包雨奖励发放到你的微信身份" />
        <div style={{ marginTop: -32, position: 'relative' }}>
          <LoginPrompt title="登录后授权微信" description="登录后完成微信授权，即可参与红包雨" />
        </div>
      </main>
    );
  if (state === 'unavailable')
    return <Failed message="暂未开通微信授权，暂时无法参与红包雨" exit={toRain} />;
  if (state === 'failed')
    return (
      <Failed
        message="请求出错，请稍后再试"
        onRetry={() => setAttempt((n) => n + 1)}
        exit={toRain}
      />
    );
  return (
    <main className={styles.page}>
      <Hero title="微信授权" subtitle="红包雨奖励发放到你的微信身份" />
      <section className={styles.centerCard} role="status" aria-label="正在授权">
        <Spinner />
        <p className={styles.summary}>
          {state === 'authorizing' ? '正在前往微信授权…' : '正在确认微信身份…'}
        </p>
      </section>
    </main>
  );
}
