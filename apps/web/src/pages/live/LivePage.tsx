// /activity/live/live?id= "直播间": the HLS player with the session's chatroom under it
// (docs/live-pages.md). The page itself carries no IM SDK: the room panel (LiveRoom.tsx) is a
// lazy chunk with it, and hls.js another, loaded only by a browser without native HLS.
import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { LivePlayer } from './LivePlayer.tsx';
import { STATE_TEXT } from './states.ts';
import styles from './live.module.css';

const LiveRoom = lazy(() => import('./LiveRoom.tsx'));

/** How often the page asks again while the sample stream is being made. */
const PREPARING_POLL_MS = 3000;
const ID = /^[1-9][0-9]{0,15}$/;

function LiveSession({ id }: { id: string }) {
  const { remote, retry, refresh } = useRemote(() => api.call('live.session', { id }), [id]);
  const preparing = remote.status === 'ready' && remote.data.stream.state === 'preparing';
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(refresh, PREPARING_POLL_MS);
    return () => clearInterval(timer);
  }, [preparing]);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '看看其他直播', to: paths.liveSessions() }}
      />
    );
  const data = remote.data;
  const { session, stream } = data;
  const note =
    session.state === 'upcoming'
      ? `直播将于 ${formatDateTime(session.startsAt)} 开始，敬请期待`
      : stream.state === 'preparing'
        ? '直播画面准备中…'
        : '直播画面暂时无法播放';
  return (
    <main className={styles.livePage}>
      <LivePlayer
        src={stream.state === 'ready' ? stream.src : ''}
        cover={session.cover}
        note={note}
        replay={session.state === 'replay'}
      />
      <header className={styles.liveHeader}>
        <div>
          <h1 className={styles.liveTitle}>{session.title}</h1>
          <p className={styles.liveHost}>
            <span className={styles[`badge_${session.state}`]}>{STATE_TEXT[session.state]}</span>
            主播 {session.hostNick}
            {data.isHost && <span className={styles.youHost}>（你是本场主播）</span>}
          </p>
        </div>
        <Link className={styles.recordLink} to={paths.liveAwards()}>
          中奖记录
        </Link>
      </header>
      <Suspense fallback={<p className={styles.roomLoading}>正在进入直播间…</p>}>
        <LiveRoom session={data} />
      </Suspense>
    </main>
  );
}

export default function LivePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!ID.test(id))
    return (
      <Failed
        message="直播不存在或已下线"
        exit={{ label: '看看其他直播', to: paths.liveSessions() }}
      />
    );
  return <LiveSession id={id} />;
}
