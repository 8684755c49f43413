// "我的捐赠" tab of the love account: the shopper's donations, newest first (login asked for).
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { formatPoints } from './donation.ts';
import styles from './love.module.css';

export function MyDonations() {
  const { remote, retry } = useRemote(() => api.call('love.mine'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { donations, totalPoints } = remote.data;
  if (donations.length === 0)
    return <Empty title="还没有捐赠记录" description="选一个爱心项目，捐出你的第一份积分吧" />;
  return (
    <section className={styles.card} aria-label="我的捐赠">
      <p className={styles.mineTotal}>
        累计捐赠 <b>{formatPoints(totalPoints)}</b> 积分，共 {donations.length} 次
      </p>
      <ul className={styles.list}>
        {donations.map((d) => (
          <li key={d.id} className={styles.row}>
            {d.projectImage && (
              <img className={styles.thumb} src={d.projectImage} alt="" width={44} height={44} />
            )}
            <div className={styles.rowBody}>
              {d.projectImage ? (
                <Link className={styles.rowTitle} to={paths.loveProject(d.projectKey)}>
                  {d.projectTitle}
                </Link>
              ) : (
                <span className={styles.rowTitle}>{d.projectTitle}</span>
              )}
              <span className={styles.rowTime}>{formatDateTime(d.donatedAt)}</span>
            </div>
            <strong className={styles.rowPoints}>{formatPoints(d.points)} 积分</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
