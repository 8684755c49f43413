// The picture and words of an empty, failed or logged-out state. antd-mobile's ErrorBlock carries
// four large illustrations (about 10 kB gzip); these line icons say the same at a fraction.
import type { ReactNode } from 'react';
import styles from './states.module.css';

export type StateKind = 'empty' | 'failed' | 'login';

const ICONS: Record<StateKind, ReactNode> = {
  empty: (
    <>
      <path d="M14 26h52l-6 34H20z" />
      <path d="M28 26c0-8 5-14 12-14s12 6 12 14" />
      <path d="M32 42h16" />
    </>
  ),
  failed: (
    <>
      <path d="M22 54h34a12 12 0 0 0 0-24 18 18 0 0 0-34-4 14 14 0 0 0 0 28z" />
      <path d="M34 36l12 12M46 36L34 48" />
    </>
  ),
  login: (
    <>
      <circle cx="40" cy="30" r="12" />
      <path d="M18 64c2-12 11-18 22-18s20 6 22 18" />
    </>
  ),
};

export function StateBlock({
  kind,
  title,
  description,
}: {
  kind: StateKind;
  title: string;
  description?: ReactNode;
}) {
  return (
    <div className={styles.block}>
      <svg
        className={styles.icon}
        viewBox="0 0 80 80"
        aria-hidden
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {ICONS[kind]}
      </svg>
      <p className={styles.blockTitle}>{title}</p>
      {description && <p className={styles.blockText}>{description}</p>}
    </div>
  );
}
