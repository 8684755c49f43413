import { useServiceEntryPresence } from '../state/serviceEntry.ts';
import styles from './App.module.css';

/**
 * While a page's chunk loads: a skeleton of a page (header band, two cards), CSS only, so the
 * first route pulls in no animation library; the page that follows has the same outline.
 */
export function PageLoading() {
  useServiceEntryPresence('loading');
  return (
    <div className={styles.loading} role="status" aria-label="加载中">
      <div className={styles.skeletonHero} />
      <div className={styles.skeletonCard}>
        <span />
        <span />
        <span />
      </div>
      <div className={styles.skeletonCard}>
        <span />
        <span />
      </div>
    </div>
  );
}
