// /activity/redPacketRain/help "我的助力": the friends who helped me (newest first), how many
// today against the day's cap, and the share that asks for more. Logged out: the login prompt.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Empty, Hero, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { rainShare } from './share.ts';
import styles from './RainPage.module.css';

const toRain = (campaign: string | undefined) => ({
  label: '去抢红包',
  to: paths.rain({ campaign }),
});

function HelpList() {
  // The assists of the rain campaign the URL names (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry } = useRemote(() => api.call('rain.assists', which), [which]);
  const view = remote.status === 'ready' ? remote.data : null;
  const running = view?.campaign.state === 'running';
  const share = usePageShare(view ? rainShare(view) : null);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={toRain(campaignId)} />;
  const v = remote.data;
  const invite = running ? (
    <Button color="primary" shape="rounded" className={styles.startButton} onClick={share}>
      邀请好友助力
    </Button>
  ) : null;
  return (
    <>
      <section className={styles.centerCard}>
        <p className={styles.summary}>
          今日已有 <strong>{v.today}</strong> 位好友助力
        </p>
        <p className={styles.muted}>
          {`每位好友每天可助力1次，每次助力多得1次红包雨，每天最多多得 ${v.bonusChancesPerDay} 次`}
        </p>
        {v.helpers.length > 0 && <div className={styles.actions}>{invite}</div>}
      </section>
      {v.helpers.length === 0 ? (
        <Empty
          title="还没有好友为你助力"
          description={running ? '分享给好友，好友助力后你可多抢红包雨' : '活动已结束，感谢参与'}
          action={invite}
        />
      ) : (
        <section className={styles.card} aria-label="助力记录">
          <h2 className={styles.heading}>助力记录</h2>
          <ul className={styles.list}>
            {v.helpers.map((h) => (
              <li key={`${h.createdAt}-${h.nickname}`}>
                <span>{h.nickname || '好友'}</span>
                <span className={styles.muted}>{formatDateTime(h.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export default function RainHelpPage() {
  const { campaignId } = useWhichCampaign();
  return (
    <main className={styles.page}>
      <Hero title="我的助力" subtitle="好友助力记录" />
      {isLoggedIn() ? (
        <HelpList />
      ) : (
        <div style={{ marginTop: -32, position: 'relative' }}>
          <LoginPrompt title="登录后查看我的助力" description="助力记录与账号绑定，登录即可查看" />
        </div>
      )}
      <nav className={styles.links}>
        <Link to={paths.rain({ campaign: campaignId })}>去抢红包 ›</Link>
        <Link to={paths.awards('rain', campaignId)}>我的奖品 ›</Link>
      </nav>
    </main>
  );
}
