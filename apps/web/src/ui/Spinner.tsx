// A loading spinner in CSS alone: antd-mobile's SpinLoading animates with react-spring, which
// would put an 18 kB animation library on the first load of every page that shows a loading state.
import type { CSSProperties } from 'react';
import styles from './Spinner.module.css';

export function Spinner({
  color = 'primary',
  size = 32,
}: {
  color?: 'primary' | 'white';
  size?: number;
}) {
  const style = { '--spinner-size': `${size}px` } as CSSProperties;
  return (
    <span
      className={`${styles.spinner} ${color === 'white' ? styles.white : styles.primary}`}
      style={style}
      role="status"
      aria-label="加载中"
    />
  );
}
