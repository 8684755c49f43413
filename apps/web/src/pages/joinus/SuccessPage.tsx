// /activity/joinus/success?track= "提交成功": the confirmation of a sent application, with what
// was sent (the mobile number shown with a space after its first three digits) and what happens
// next.
import { Link, useSearchParams } from 'react-router';
import { displayMobile } from '@morsel/api/forms';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Empty, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from '../forms-kit/forms.module.css';
import { isTrack } from './api.ts';

export default function SuccessPage() {
  const [params] = useSearchParams();
  const track = params.get('track');
  const { remote, retry } = useRemote(() => api.call('joinus.page'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const entry = remote.data.mine.find((e) => e.track === track);
  const info = remote.data.tracks.find((t) => t.key === track);
  if (!entry || !info || !isTrack(track))
    return (
      <main className={styles.page}>
        <Hero title="提交成功" />
        <div className={styles.overlap}>
          <Empty
            title="没有找到您的申请"
            action={
              <Link className={styles.secondaryLink} to={paths.joinus()}>
                返回加盟合作
              </Link>
            }
          />
        </div>
      </main>
    );
  const rows: [string, string][] = [
    ['合作方式', info.name],
    ['姓名', entry.name],
    ['手机号', displayMobile(entry.mobile)],
    ...(entry.company ? [['公司', entry.company] as [string, string]] : []),
    [info.choiceLabel, entry.choice],
    ['意向地区', `${entry.area.provinceName} ${entry.area.cityName} ${entry.area.regionName}`],
    ['提交时间', formatDateTime(entry.createdAt)],
  ];
  return (
    <main className={styles.page}>
      <Hero title="提交成功" subtitle="感谢您的关注" />
      <section
        className={`${styles.card} ${styles.overlap} ${styles.success}`}
        role="status"
        aria-label="申请已提交"
      >
        <span className={styles.successIcon} aria-hidden="true">
          ✓
        </span>
        <p className={styles.outcomeText}>
          您的{info.name}申请已提交，我们会尽快通过手机号 {displayMobile(entry.mobile)} 与您联系
        </p>
      </section>
      <section className={styles.card} aria-labelledby="joinus-summary">
        <h2 id="joinus-summary" className={styles.cardTitle}>
          申请信息
        </h2>
        <dl className={styles.summary}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Link className={styles.secondaryLink} to={paths.joinus()}>
        返回加盟合作
      </Link>
    </main>
  );
}
