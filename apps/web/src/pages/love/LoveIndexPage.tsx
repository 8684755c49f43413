// /activity/loveAccount/index "爱心账户": the charity projects with their progress, the shopper's
// points and what they gave, and a "我的捐赠" tab (`?tab=mine`). Reads logged out; the tab and the
// points ask for login. Built on the campaign kit.
import { Link, useSearchParams } from 'react-router';
import { api } from '../../request/api.ts';
import { goToLogin } from '../../request/loginRedirect.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import {
  CampaignNotice,
  Empty,
  Hero,
  Loading,
  LoginPrompt,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { Tabs } from '../campaign-kit/Tabs.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { formatPoints } from './donation.ts';
import { MyDonations } from './MyDonations.tsx';
import { ProjectProgress } from './ProjectProgress.tsx';
import styles from './love.module.css';

type Tab = 'projects' | 'mine';
const TABS = [
  { key: 'projects', title: '爱心项目' },
  { key: 'mine', title: '我的捐赠' },
] as const;

export default function LoveIndexPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'projects';
  const { remote, retry } = useRemote(() => api.call('love.projects'), []);
  const view = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    view
      ? {
          path: paths.loveAccount(),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: view.projects[0]?.image,
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline}
        rules={v.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      <section className={styles.summary} aria-label="我的爱心">
        {v.loggedIn ? (
          <>
            <div>
              <strong>{formatPoints(v.balance ?? 0)}</strong>
              <span>可用积分</span>
            </div>
            <div>
              <strong>{formatPoints(v.myPoints ?? 0)}</strong>
              <span>累计捐赠积分</span>
            </div>
            {v.balance === 0 && (
              <p className={styles.summaryHint}>
                积分不足？<Link to={paths.sign()}>去签到赚积分 ›</Link>
              </p>
            )}
          </>
        ) : (
          <div className={styles.summaryLogin}>
            <span>登录后查看积分，用积分献爱心</span>
            <Button size="small" color="primary" shape="rounded" onClick={() => goToLogin()}>
              立即登录
            </Button>
          </div>
        )}
      </section>
      <div className={styles.tabs}>
        <Tabs
          label="爱心账户"
          block
          tabs={TABS}
          active={tab}
          onChange={(key) => setParams(key === 'mine' ? { tab: 'mine' } : {}, { replace: true })}
        />
      </div>
      {tab === 'mine' ? (
        v.loggedIn ? (
          <MyDonations />
        ) : (
          <LoginPrompt title="登录后查看我的捐赠" />
        )
      ) : v.projects.length === 0 ? (
        <Empty title="爱心项目即将上线" description="敬请期待" />
      ) : (
        <ul className={styles.projects} aria-label="爱心项目">
          {v.projects.map((p) => (
            <li key={p.key}>
              <article className={styles.projectCard} aria-label={p.title}>
                <img className={styles.projectImage} src={p.image} alt="" width={88} height={88} />
                <div className={styles.projectBody}>
                  <h2 className={styles.projectTitle}>
                    {/* A stretched link: the whole card is its tap target (e2e/harness/audit.ts). */}
                    <Link className={styles.cover} to={paths.loveProject(p.key)} data-card-link="">
                      {p.title}
                    </Link>
                    {p.state === 'funded' && <span className={styles.badge}>已筹满</span>}
                  </h2>
                  <p className={styles.projectSummary}>{p.summary}</p>
                  <ProjectProgress {...p} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
