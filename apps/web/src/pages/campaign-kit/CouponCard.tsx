// One coupon as shops draw it: the value on the left, name, threshold, scope and validity on the
// right, the action (claim, use, status) at the end. With `to`, the whole card opens it (the
// name's link stretches over the card; the action's own buttons stay above it), and `warning`
// puts a badge under the name (即将过期).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Template } from './api.ts';
import styles from './coupon.module.css';

export const CHANNEL_LABEL = { store: '门店', online: '线上' } as const;

export function channelsText(channels: Template['channels']): string {
  if (channels.length === 2) return '门店、线上通用';
  return channels.length === 1 ? `仅限${CHANNEL_LABEL[channels[0]!]}使用` : '';
}

export interface CouponCardProps {
  coupon: Template;
  /** Validity line: "领取后30天内有效" or "2026.11.22 - 2026.12.22". */
  validity?: string;
  action?: ReactNode;
  dimmed?: boolean;
  stamp?: string;
  /** Where a tap anywhere on the card goes (the coupon's code or online use). */
  to?: string;
  /** A badge under the name: "即将过期". */
  warning?: string;
}

export function CouponCard({
  coupon,
  validity,
  action,
  dimmed,
  stamp,
  to,
  warning,
}: CouponCardProps) {
  return (
    <article className={dimmed ? styles.cardDimmed : styles.card} aria-label={coupon.name}>
      <div className={styles.value}>
        <strong>{coupon.valueText}</strong>
        <span>{coupon.thresholdText}</span>
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>
          {to ? (
            // A stretched link: the whole card is its tap target (e2e/harness/audit.ts knows it).
            <Link className={styles.cover} to={to} data-card-link="">
              {coupon.name}
            </Link>
          ) : (
            coupon.name
          )}
        </h2>
        {warning && <span className={styles.warning}>{warning}</span>}
        <p className={styles.line}>{channelsText(coupon.channels)}</p>
        <p className={styles.line}>{validity ?? `领取后${coupon.validDays}天内有效`}</p>
      </div>
      {action && <div className={styles.action}>{action}</div>}
      {stamp && <span className={styles.stamp}>{stamp}</span>}
    </article>
  );
}
