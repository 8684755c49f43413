// /activity/station/shareIndex "驿站分享": what a friend opens from a shared station link, and
// where a shopper shares from: the station's share copy, the three stores nearest the visitor
// (or the default city's), 查看全部门店 and 分享给好友.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Empty, Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { StoreCard } from './StoreCard.tsx';
import { useStationSource } from './useStationSource.ts';
import { useStores } from './useStores.ts';
import { ServiceEntry } from '../im/service/ServiceEntry.tsx';
import styles from './station.module.css';

export default function ShareIndexPage() {
  const { remote, retry } = useRemote(() => api.call('station.info'), []);
  const info = remote.status === 'ready' ? remote.data : null;
  const where = useStationSource(info?.defaultCity ?? null);
  const { state, retry: retryList } = useStores(info ? where.source : null, 3);
  const share = usePageShare(
    info
      ? {
          path: paths.stationShare(),
          title: info.shareTitle,
          description: info.shareDescription,
          image: '/api/campaign/assets/gift.png',
        }
      : null,
  );
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const data = remote.data;
  const cityName = data.cities.find((c) => c.code === where.city)?.name ?? '';
  return (
    <main className={styles.page}>
      <header className={styles.shareHero}>
        <ServiceEntry className={styles.cornerPill} />
        <img src="/api/campaign/assets/gift.png" alt="" width={96} height={96} />
        <h1 className={styles.heroTitle}>{data.shareTitle}</h1>
        <p className={styles.heroLine}>{data.shareDescription}</p>
        <Button color="primary" shape="rounded" className={styles.shareCta} onClick={share}>
          分享给好友
        </Button>
      </header>
      <section className={styles.listPanel} aria-label="附近门店">
        <h2 className={styles.panelTitle}>
          {state.by === 'distance' ? '离你最近的门店' : `${cityName}门店`}
        </h2>
        {where.reason === 'denied' && (
          <p className={styles.fallbackText}>未获得定位权限，为你展示{cityName}的门店</p>
        )}
        {(state.status === 'loading' || state.status === 'idle') && (
          <div className={styles.listSkeleton} role="status" aria-label="门店加载中">
            <span />
            <span />
          </div>
        )}
        {state.status === 'failed' && <Failed message={state.message} onRetry={retryList} />}
        {state.status === 'ready' && state.stores.length === 0 && (
          <Empty title="附近暂无门店" description="门店正在陆续开业，敬请期待" />
        )}
        {state.status === 'ready' && state.stores.length > 0 && (
          <ul className={styles.stores}>
            {state.stores.map((store, i) => (
              <StoreCard
                key={store.id}
                store={store}
                nearest={i === 0 && state.by === 'distance'}
              />
            ))}
          </ul>
        )}
        <Link className={styles.allStores} to={paths.stations()}>
          查看全部门店 ›
        </Link>
      </section>
    </main>
  );
}
