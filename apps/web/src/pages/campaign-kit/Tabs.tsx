// The tab strip of the coupon pages: a WAI-ARIA tablist of real buttons (antd-mobile's Segmented
// puts its radio inputs inside a role without them, and CapsuleTabs' scrolling list cannot be
// reached by keyboard). Each tab is 44 px high; a long strip scrolls sideways, its tabs in reach
// of Tab and the arrow keys.
import type { KeyboardEvent } from 'react';
import styles from './tabs.module.css';

export interface TabsProps<K extends string> {
  label: string;
  tabs: readonly { key: K; title: string }[];
  active: K;
  onChange: (key: K) => void;
  /** Stretch the tabs over the width (a short filter) instead of a scrolling strip. */
  block?: boolean;
}

export function Tabs<K extends string>({ label, tabs, active, onChange, block }: TabsProps<K>) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex((tab) => tab.key === active);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    const button = event.currentTarget.querySelector<HTMLButtonElement>(
      `[data-key="${CSS.escape(next.key)}"]`,
    );
    button?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={block ? styles.block : styles.strip}
      onKeyDown={move}
    >
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          data-key={tab.key}
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={tab.key === active ? styles.active : styles.tab}
          onClick={() => onChange(tab.key)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
