// /activity/cmsPage/chooseCity: the cities CMS pages are configured for; the current one marked.
// Choosing keeps the city on this device and returns to the page that sent the shopper here
// (`returnTo`, a CMS page of this site) with the city in its URL.
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { cityFor, rememberCity } from './city.ts';
import styles from './ChooseCityPage.module.css';

/** Only a CMS page of this site is a place to return to (no open redirect). */
export function returnPath(raw: string | null): string {
  if (raw && /^\/activity\/cmsPage\/(index|appCoupon|appCouponOnly)(\?[^#]*)?$/.test(raw))
    return raw;
  return paths.cmsPage();
}

export function withCity(path: string, city: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('city', city);
  return `${url.pathname}${url.search}`;
}

export default function ChooseCityPage() {
  const query = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const back = returnPath(query.get('returnTo'));
  const { remote, retry } = useRemote(() => api.call('cms.cities'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { cities, defaultCity } = remote.data;
  const current = cityFor(query.get('city')) ?? defaultCity;
  const choose = (code: string) => {
    rememberCity(code);
    void navigate(withCity(back, code), { replace: true });
  };
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>选择城市</h1>
      <p className={styles.hint}>活动内容因城市而异，请选择你所在的城市</p>
      {cities.length === 0 ? (
        <Empty title="暂无可选城市" />
      ) : (
        <ul className={styles.list} aria-label="城市">
          {cities.map((city) => (
            <li key={city.code}>
              <button
                type="button"
                className={city.code === current ? styles.current : styles.city}
                aria-current={city.code === current ? 'true' : undefined}
                onClick={() => choose(city.code)}
              >
                {city.name}
                {city.code === current && <span className={styles.mark}>当前</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
