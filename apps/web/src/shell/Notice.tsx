import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/**
 * A full-page message with one action, drawn without the component library: it is shown when a
 * page's chunk failed to load, so it must live in the first chunk and stay small.
 */
export function Notice({
  icon,
  title,
  description,
  action,
  onAction,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <main className={styles.page}>
      <div className={styles.icon} aria-hidden>
        {icon}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.description}>{description}</p>
      <button type="button" className={styles.action} onClick={onAction}>
        {action}
      </button>
    </main>
  );
}
