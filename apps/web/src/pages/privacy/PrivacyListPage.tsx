// /activity/userDataCollection/index "个人信息收集清单": each kind of personal information the
// product collects, why, in which feature and whether the feature needs it (the operator's list);
// each opens its detail with what the product holds about the shopper now.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from '../forms-kit/forms.module.css';

export default function PrivacyListPage() {
  const { remote, retry } = useRemote(() => api.call('privacy.list'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, items } = remote.data;
  return (
    <main className={styles.page}>
      <Hero title={campaign.title} subtitle={campaign.tagline} rules={campaign.rules} />
      <ul className={`${styles.entries} ${styles.overlap}`} aria-label="收集的个人信息">
        {items.map((item) => (
          <li key={item.key}>
            <Link className={styles.entry} to={paths.privacyDetail(item.key)}>
              <span className={styles.entryMain}>
                <strong>{item.name}</strong>
                <span>使用场景：{item.feature}</span>
                <span>{item.purpose}</span>
              </span>
              <span className={item.required ? styles.status_pending : styles.status_approved}>
                {item.required ? '必要' : '可选'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
