// /activity/live/index "直播": the sessions, on air first, then the upcoming ones (soonest first),
// then replays (docs/live-pages.md). No IM SDK here: a visitor's first visit stays small.
import { Link } from 'react-router';
import type { DataOf } from '../../request/api.ts';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { campaignShare, usePageShare } from '../campaign-kit/share.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { STATE_TEXT } from './states.ts';
import styles from './live.module.css';

type Session = DataOf<'live.sessions'>['sessions'][number];

const SECTIONS = [
  { state: 'live', title: '正在直播' },
  { state: 'upcoming', title: '直播预告' },
  { state: 'replay', title: '精彩回放' },
] as const;

function SessionCard({ session }: { session: Session }) {
  return (
    <li>
      <Link className={styles.card} to={paths.liveRoom(session.id)}>
        <div className={styles.cardCover}>
          {session.cover && <img src={session.cover} alt="" />}
          <span className={styles[`badge_${session.state}`]}>{STATE_TEXT[session.state]}</span>
        </div>
        <div className={styles.cardBody}>
          <h3 className={styles.cardTitle}>{session.title}</h3>
          <p className={styles.cardMeta}>
            主播 {session.hostNick}
            {session.state === 'upcoming'
              ? ` · ${formatDateTime(session.startsAt)} 开播`
              : ` · ${session.online} 人在看 · ❤ ${session.likes}`}
          </p>
        </div>
      </Link>
    </li>
  );
}

export default function LiveIndexPage() {
  const { remote, retry } = useRemote(() => api.call('live.sessions'), []);
  usePageShare(campaignShare('live', remote.status === 'ready' ? remote.data.campaign : null));
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={{ label: '返回首页', to: '/' }} />;
  const { sessions } = remote.data;
  return (
    <main className={styles.indexPage}>
      <header className={styles.indexHeader}>
        <div>
          <h1>零食直播间</h1>
          <p>边看边聊，主播随时抽好礼</p>
        </div>
        <Link className={styles.recordLink} to={paths.liveAwards()}>
          中奖记录
        </Link>
      </header>
      {sessions.length === 0 && (
        <Empty title="暂无直播" description="主播正在准备中，稍后再来看看吧" />
      )}
      {SECTIONS.map(({ state, title }) => {
        const list = sessions.filter((s) => s.state === state);
        if (list.length === 0) return null;
        return (
          <section key={state} className={styles.section} aria-label={title}>
            <h2 className={styles.sectionTitle}>{title}</h2>
            <ul className={styles.cards}>
              {list.map((session) => (
                <SessionCard key={session.id} session={session} />
              ))}
            </ul>
          </section>
        );
      })}
    </main>
  );
}
