// /my/prizes "我的奖品" (login): the prizes of every campaign in one list, newest first, each opening
// its campaign's detail page (a goods prize takes its address right here). Empty, it says where
// prizes come from and offers the campaigns and the way back to the hub.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { isLoggedIn } from '../../session/session.ts';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import type { Award, AwardCampaign } from '../campaign-kit/api.ts';
import { AwardItem } from '../campaign-kit/AwardList.tsx';
import { Empty, Failed, Hero, Loading, LoginPrompt } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import awardStyles from '../campaign-kit/awards.module.css';
import styles from './MyPrizesPage.module.css';

const AddressSheet = lazy(() =>
  import('../campaign-kit/AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

function Prizes() {
  const { remote, retry, setData } = useRemote(() => api.call('hub.awards'), []);
  const [addressFor, setAddressFor] = useState<Award | null>(null);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <Failed message={remote.message} onRetry={remote.code === -500 ? retry : undefined} />;
  if (remote.data.length === 0)
    return (
      <Empty
        title="暂无奖品"
        description="签到、抽奖、兑换口令都能赢奖品"
        action={
          <nav className={styles.ways} aria-label="去赢奖品">
            <Link className={styles.way} to={paths.sign()}>
              去签到
            </Link>
            <Link className={styles.way} to={paths.raffle()}>
              去抽奖
            </Link>
            <Link className={styles.way} to={paths.password()}>
              兑换口令
            </Link>
          </nav>
        }
      />
    );
  return (
    <>
      <ul className={awardStyles.list} aria-label="奖品列表">
        {remote.data.map((award) => (
          <AwardItem key={award.id} award={award} onAddress={() => setAddressFor(award)} />
        ))}
      </ul>
      <p className={awardStyles.footer}>实物奖品将在提交地址后7个工作日内发货</p>
      {addressFor && (
        <Suspense fallback={null}>
          <AddressSheet
            campaign={addressFor.campaignId as AwardCampaign}
            awardId={addressFor.id}
            prizeName={addressFor.name}
            visible
            onClose={() => setAddressFor(null)}
            onSubmitted={() => {
              const id = addressFor.id;
              setData((list) =>
                list.map((a) => (a.id === id ? { ...a, state: 'address_submitted' } : a)),
              );
              setAddressFor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export default function MyPrizesPage() {
  return (
    <main className={styles.page}>
      <Hero title="我的奖品" subtitle="签到、抽奖、口令赢得的奖品都在这里" />
      <div className={styles.body}>
        {isLoggedIn() ? (
          <Prizes />
        ) : (
          <LoginPrompt title="登录后查看我的奖品" description="中奖记录与账号绑定，登录即可查看" />
        )}
        <Link className={styles.home} to={paths.home()}>
          返回活动中心
        </Link>
      </div>
    </main>
  );
}
