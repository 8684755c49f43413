// /activity/fullshop/list "申报记录": the shopper's declarations, newest first, each with its
// review status; one opens its detail. Logged out it asks for login; empty, it offers 去申报.
import { Link, useNavigate } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Empty, Hero, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { STATUS_TEXT, type Application } from './api.ts';
import styles from '../forms-kit/forms.module.css';

function ApplicationCard({ application }: { application: Application }) {
  return (
    <li>
      <Link className={styles.entry} to={paths.fullshopResult(application.id)}>
        <span className={styles.entryMain}>
          <strong>{application.shopName}</strong>
          <span>
            {application.shopType.name} · {application.area.cityName}
            {application.area.regionName}
          </span>
          <span>提交于 {formatDateTime(application.submittedAt)}</span>
        </span>
        <span className={styles[`status_${application.status}`]}>
          {STATUS_TEXT[application.status]}
        </span>
      </Link>
    </li>
  );
}

function Applications() {
  const navigate = useNavigate();
  const { remote, retry } = useRemote(() => api.call('fullshop.mine'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回门店申报', to: paths.fullshopTypes() }}
      />
    );
  if (remote.data.length === 0)
    return (
      <Empty
        title="暂无申报记录"
        description="提交门店申报后，可在这里查看审核进度"
        action={
          <Button
            color="primary"
            shape="rounded"
            className={styles.emptyAction}
            onClick={() => navigate(paths.fullshopTypes())}
          >
            去申报
          </Button>
        }
      />
    );
  return (
    <ul className={styles.entries} aria-label="申报记录">
      {remote.data.map((application) => (
        <ApplicationCard key={application.id} application={application} />
      ))}
    </ul>
  );
}

export default function ListPage() {
  return (
    <main className={styles.page}>
      <Hero title="申报记录" subtitle="审核进度和结果都在这里" />
      <div className={styles.overlap}>
        {isLoggedIn() ? <Applications /> : <LoginPrompt title="登录后查看申报记录" />}
      </div>
    </main>
  );
}
