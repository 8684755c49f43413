// /activity/joinus/index "加盟合作": the two ways of joining as the operator describes them
// (franchise, supply), each marked once the shopper has applied.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { CampaignNotice, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from '../forms-kit/forms.module.css';

export default function JoinusPage() {
  const { remote, retry } = useRemote(() => api.call('joinus.page'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, tracks, mine } = remote.data;
  return (
    <main className={styles.page}>
      <Hero title={campaign.title} subtitle={campaign.tagline} rules={campaign.rules}>
        <CampaignNotice campaign={campaign} />
      </Hero>
      <nav className={styles.overlap} aria-label="合作方式">
        {tracks.map((track) => (
          <Link key={track.key} className={styles.trackCard} to={paths.joinusTrack(track.key)}>
            <strong>
              成为{track.name}
              {mine.some((entry) => entry.track === track.key) ? (
                <span className={styles.doneBadge}>已申请</span>
              ) : (
                <span aria-hidden="true" className={styles.chevron}>
                  ›
                </span>
              )}
            </strong>
            <p>{track.summary}</p>
          </Link>
        ))}
      </nav>
    </main>
  );
}
