import styles from './App.module.css';

/** A CSS-only spinner: the first route must not pull the animation library in for this. */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="加载中">
      <span className={styles.spinner} />
    </div>
  );
}
