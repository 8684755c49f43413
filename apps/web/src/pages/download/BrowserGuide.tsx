// Inside WeChat (or Alipay) a download needs the system browser: an arrow at the host's ···
// menu (top right) and the words for it. A dialog screen readers reach; a tap anywhere closes it.
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { environment } from '../../env/detect.ts';
import styles from './BrowserGuide.module.css';

export function BrowserGuide({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const browser = environment().os === 'iOS' ? '在 Safari 中打开' : '在浏览器打开';
  return createPortal(
    <div className={styles.overlay} onClick={onClose}>
      <div className={styles.guide} role="dialog" aria-modal="true" aria-label="在浏览器中打开">
        <svg className={styles.arrow} viewBox="0 0 80 100" aria-hidden>
          <path d="M10 95 C 20 50, 40 30, 66 14" />
          <path d="M50 10 L 68 12 L 62 30" />
        </svg>
        <p className={styles.text}>1. 点击右上角「···」</p>
        <p className={styles.text}>2. 选择「{browser}」</p>
        <p className={styles.text}>3. 在浏览器中下载 App</p>
        <button type="button" className={styles.close} onClick={onClose}>
          我知道了
        </button>
      </div>
    </div>,
    document.body,
  );
}
