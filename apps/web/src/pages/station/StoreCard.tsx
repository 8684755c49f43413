// One store in a list: name, distance (when the list is by distance), address, hours, and the
// three things a shopper does with it: call, navigate, open its code page.
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { distanceText, navigationUrl } from './format.ts';
import type { Store } from './useStores.ts';
import styles from './station.module.css';

export function StoreCard({ store, nearest }: { store: Store; nearest?: boolean }) {
  return (
    <li className={styles.store} aria-label={store.name}>
      <div className={styles.storeHead}>
        <h3 className={styles.storeName}>
          {store.name}
          {nearest && <span className={styles.nearest}>离你最近</span>}
        </h3>
        {store.distance !== null && (
          <span className={styles.distance}>
            <span className="sr-only">距离</span>
            {distanceText(store.distance)}
          </span>
        )}
      </div>
      <p className={styles.address}>{store.address}</p>
      <p className={styles.hours}>营业时间 {store.hours}</p>
      <div className={styles.storeActions}>
        {store.phone && (
          <a
            className={styles.storeAction}
            href={`tel:${store.phone}`}
            aria-label={`电话联系${store.name}`}
          >
            电话
          </a>
        )}
        <a
          className={styles.storeAction}
          href={navigationUrl(store)}
          rel="noopener noreferrer"
          aria-label={`导航到${store.name}`}
        >
          导航
        </a>
        <Link
          className={styles.storeActionPrimary}
          to={paths.store(store.id)}
          aria-label={`${store.name}门店码`}
        >
          门店码
        </Link>
      </div>
    </li>
  );
}
