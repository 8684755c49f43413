// /activity/orangeCard/chooseCity "选择城市": the cities the card is sold in (from the campaign's
// configuration). The choice is remembered on this phone, and on the server for a shopper, so
// the card page opens on it next time.
import { useNavigate } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { rememberCity, rememberedCity } from './api.ts';
import styles from './orange.module.css';

export default function ChooseCityPage() {
  const navigate = useNavigate();
  const kept = rememberedCity();
  const { remote, retry } = useRemote(
    () => api.call('orangeCard.home', kept ? { city: kept } : undefined),
    [],
  );

  const choose = (code: string) => {
    rememberCity(code);
    // The phone remembers it already; the server's copy follows the shopper to other devices.
    if (isLoggedIn()) void api.call('orangeCard.chooseCity', { city: code }).catch(() => undefined);
    navigate(paths.orangeCard({ city: code }), { replace: true });
  };

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回小橙卡', to: paths.orangeCard() }}
      />
    );
  const { cities, city } = remote.data;

  return (
    <main className={styles.page}>
      <section className={styles.panel} aria-labelledby="cities-heading">
        <h1 id="cities-heading" className={styles.heading}>
          选择使用城市
        </h1>
        <p className={styles.muted}>小橙卡限所选城市的门店使用，请选择收卡人所在城市</p>
      </section>
      {cities.length === 0 ? (
        <Empty title="暂无开通城市" description="小橙卡即将开通，敬请期待" />
      ) : (
        <section className={styles.panel} aria-label="城市列表">
          <ul className={styles.cities}>
            {cities.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  className={c.code === city.code ? styles.cityCurrent : styles.city}
                  aria-current={c.code === city.code ? 'true' : undefined}
                  onClick={() => choose(c.code)}
                >
                  {c.name}
                  {c.code === city.code && <span>当前</span>}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
