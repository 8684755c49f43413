// A join-us track's page (/activity/joinus/merchant, /supplier): what the operator offers, and
// 立即申请, or where the shopper's application stands once sent.
import { useNavigate } from 'react-router';
import { api } from '../../request/api.ts';
import { paths, type JoinusTrack } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { CampaignNotice, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from '../forms-kit/forms.module.css';

export function TrackPage({ track }: { track: JoinusTrack }) {
  const navigate = useNavigate();
  const { remote, retry } = useRemote(() => api.call('joinus.page'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回加盟合作', to: paths.joinus() }}
      />
    );
  const { campaign, tracks, mine } = remote.data;
  const info = tracks.find((t) => t.key === track)!;
  const applied = mine.some((entry) => entry.track === track);
  return (
    <main className={styles.page}>
      <Hero title={`成为${info.name}`} subtitle={info.summary} rules={campaign.rules}>
        <CampaignNotice campaign={campaign} />
      </Hero>
      <section className={`${styles.card} ${styles.overlap}`} aria-labelledby="track-points">
        <h2 id="track-points" className={styles.cardTitle}>
          合作优势
        </h2>
        <ul className={styles.points}>
          {info.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        {applied ? (
          <Button
            block
            shape="rounded"
            className={styles.primaryAction}
            onClick={() => navigate(paths.joinusSuccess(track))}
          >
            已提交申请，查看详情
          </Button>
        ) : (
          <Button
            block
            color="primary"
            shape="rounded"
            className={styles.primaryAction}
            disabled={campaign.state !== 'running'}
            onClick={() => navigate(paths.joinusForm(track))}
          >
            立即申请
          </Button>
        )}
      </section>
    </main>
  );
}
