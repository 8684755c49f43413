// /activity/fullshop/result?id= "申报详情": where a declaration stands (审核中, 审核通过, or
// 审核未通过 with the operator's reason and 修改后重新申报) and everything it said, the mobile
// number shown with a space after its first three digits (spec section 5).
import { Link, useNavigate, useSearchParams } from 'react-router';
import { displayMobile } from '@morsel/api/forms';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { Failed, Hero, Loading, LoginPrompt, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { STATUS_TEXT, thumbnail, type Application } from './api.ts';
import styles from '../forms-kit/forms.module.css';

const LIST_EXIT = { label: '返回申报记录', to: paths.fullshopList() };

function Outcome({ application }: { application: Application }) {
  const { status } = application;
  const text =
    status === 'pending'
      ? '申报已提交，我们会尽快完成审核'
      : status === 'approved'
        ? '恭喜，您的门店已通过审核，工作人员将与您联系'
        : `原因：${application.rejectReason ?? '未说明'}`;
  return (
    <section className={`${styles.card} ${styles.outcome}`} aria-label="审核结果" role="status">
      <span className={styles[`status_${status}`]}>{STATUS_TEXT[status]}</span>
      <p className={styles.outcomeText}>{text}</p>
      {application.reviewedAt !== null && (
        <p className={styles.tip}>审核时间 {formatDateTime(application.reviewedAt)}</p>
      )}
    </section>
  );
}

function Details({ application }: { application: Application }) {
  const a = application;
  const rows: [string, string][] = [
    ['门店类型', a.shopType.name],
    ['门店名称', a.shopName],
    ['联系人', a.contactName],
    ['联系电话', displayMobile(a.mobile)],
    ['信用代码', a.licenceNo],
    ['所在地区', `${a.area.provinceName} ${a.area.cityName} ${a.area.regionName}`],
    ['详细地址', a.detail],
    ['提交时间', formatDateTime(a.submittedAt)],
  ];
  if (a.remark) rows.push(['备注', a.remark]);
  return (
    <section className={styles.card} aria-labelledby="fullshop-detail-title">
      <h2 id="fullshop-detail-title" className={styles.cardTitle}>
        申报信息
      </h2>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.photos} role="group" aria-label="门店照片">
        {a.photos.map((photo, index) => (
          <a
            key={photo.name}
            className={styles.photo}
            href={photo.url}
            target="_blank"
            rel="noreferrer"
          >
            <img src={thumbnail(photo)} alt={`门店照片${index + 1}`} />
          </a>
        ))}
      </div>
    </section>
  );
}

function Result({ id }: { id: string }) {
  const navigate = useNavigate();
  const { remote, retry } = useRemote(() => api.call('fullshop.detail', { id }), [id]);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={LIST_EXIT} />;
  const application = remote.data;
  return (
    <>
      <Outcome application={application} />
      <Details application={application} />
      <div className={styles.bottomActions}>
        {application.status === 'rejected' && (
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => navigate(paths.fullshopForm({ from: application.id }))}
          >
            修改后重新申报
          </Button>
        )}
        <Link className={styles.secondaryLink} to={paths.fullshopList()}>
          返回申报记录
        </Link>
      </div>
    </>
  );
}

export default function ResultPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <main className={styles.page}>
      <Hero title="申报详情" />
      <div className={styles.overlap}>
        {!isLoggedIn() ? (
          <LoginPrompt title="登录后查看申报详情" />
        ) : /^[1-9]\d{0,15}$/.test(id) ? (
          <Result id={id} />
        ) : (
          <Failed message="申报记录不存在" exit={LIST_EXIT} />
        )}
      </div>
    </main>
  );
}
