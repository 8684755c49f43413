// /activity/station/index "门店驿站": stores near the shopper, nearest first (the distance is
// the server's), with a map when the server configured a map key and the list alone without.
// Location denied or unavailable: the default city's stores and a row of cities to pick.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Empty, Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { ServiceEntry } from '../im/service/ServiceEntry.tsx';
import { CityPicker } from './CityPicker.tsx';
import { StoreCard } from './StoreCard.tsx';
import { StoreMap } from './StoreMap.tsx';
import { useStationSource } from './useStationSource.ts';
import { useStores } from './useStores.ts';
import styles from './station.module.css';

export default function StationPage() {
  const { remote, retry } = useRemote(() => api.call('station.info'), []);
  const info = remote.status === 'ready' ? remote.data : null;
  const where = useStationSource(info?.defaultCity ?? null);
  const { state, loadMore, retry: retryList } = useStores(info ? where.source : null);
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
  const centre = where.position.status === 'located' && !where.reason ? where.position : null;

  return (
    <main className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.heroTitle}>附近门店</h1>
        {data.campaign.tagline && <p className={styles.heroLine}>{data.campaign.tagline}</p>}
        <div className={styles.heroLinks}>
          <Link className={styles.pill} to={paths.stationFollow()}>
            关注公众号
          </Link>
          <button type="button" className={styles.pill} onClick={share}>
            分享
          </button>
          <ServiceEntry className={styles.pill} />
        </div>
      </header>

      {where.reason && (
        <CityPicker
          reason={where.reason}
          cities={data.cities}
          current={where.city}
          onPick={where.pick}
          onLocate={where.relocate}
        />
      )}
      {where.position.status === 'locating' && !where.reason && (
        <p className={styles.locating} role="status">
          正在获取你的位置…
        </p>
      )}
      {state.by === 'distance' && !where.reason && (
        <p className={styles.sorted} role="status">
          已按距离由近到远排序
          <button
            type="button"
            className={styles.inlineButton}
            onClick={() => where.pick(data.defaultCity)}
          >
            按城市查看
          </button>
        </p>
      )}

      {data.map && state.status === 'ready' && state.stores.length > 0 && (
        <StoreMap config={data.map} stores={state.stores} centre={centre} />
      )}

      <section className={styles.listPanel} aria-label="门店列表">
        {(state.status === 'loading' || (state.status === 'idle' && where.source === null)) && (
          <div className={styles.listSkeleton} role="status" aria-label="门店加载中">
            <span />
            <span />
            <span />
          </div>
        )}
        {state.status === 'failed' && <Failed message={state.message} onRetry={retryList} />}
        {state.status === 'ready' && state.stores.length === 0 && (
          <Empty
            title={state.city ? `${state.city.name}暂无门店` : '附近暂无门店'}
            description="门店正在陆续开业，换个城市看看"
          />
        )}
        {state.status === 'ready' && state.stores.length > 0 && (
          <>
            <p className={styles.count}>共 {state.total} 家门店</p>
            <ul className={styles.stores}>
              {state.stores.map((store, i) => (
                <StoreCard
                  key={store.id}
                  store={store}
                  nearest={i === 0 && state.by === 'distance'}
                />
              ))}
            </ul>
            {state.hasMore && (
              <Button
                block
                shape="rounded"
                className={styles.more}
                loading={state.more}
                onClick={loadMore}
              >
                加载更多
              </Button>
            )}
          </>
        )}
      </section>
    </main>
  );
}
