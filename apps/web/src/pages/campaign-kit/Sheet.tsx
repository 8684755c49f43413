// A bottom sheet: the rules and the address form. Its own overlay rather than antd-mobile's
// Popup or Mask: Popup adds a swipe-gesture library (about 8 kB gzip) and Mask marks its whole
// subtree aria-hidden, which hides a form from screen readers.
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './sheet.module.css';

export interface SheetProps {
  visible: boolean;
  onClose: () => void;
  /** The dialog's accessible name. */
  label: string;
  children: ReactNode;
}

export function Sheet({ visible, onClose, label, children }: SheetProps) {
  useEffect(() => {
    if (!visible) return;
    // The page behind must not scroll while the sheet is open.
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener('keydown', onKey);
    };
  }, [visible, onClose]);

  if (!visible) return null;
  return createPortal(
    <div className={styles.overlay} onClick={onClose}>
      <div
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
      >
        <button type="button" className={styles.close} aria-label="关闭" onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
