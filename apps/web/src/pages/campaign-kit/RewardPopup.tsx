// The one "恭喜获得" moment of every campaign: the prize (picture, name, value, expiry) and the
// next step — 去使用 for a coupon, 去填写地址 for goods (the page opens the address form right
// there), 继续 for more. A dialog screen readers reach (role=dialog, focus moved in, Esc closes).
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { couponUsePath } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { formatDotDay } from './format.ts';
import styles from './reward.module.css';

export interface Reward {
  /** Above the prize: 恭喜获得 unless said otherwise (签到成功, 领取成功). */
  title?: string;
  name: string;
  image?: string;
  kind: 'points' | 'coupon' | 'goods';
  /** The value in words: "+5 积分", "¥10 满59可用". */
  value?: string;
  /** When the coupon runs out (epoch ms). */
  expiresAt?: number | null;
  /** A line more: "已连续签到 3 天". */
  note?: ReactNode;
  /** The coupon to use (its id and channels decide where 去使用 goes). */
  coupon?: { id: number | string; channels: readonly ('store' | 'online')[] } | null;
  /** Where 去使用 goes instead (several coupons at once: "我的优惠券"). */
  useTo?: string;
}

export interface RewardPopupProps {
  reward: Reward | null;
  onClose: () => void;
  /** Goods: opens the address form (the page owns it). */
  onAddress?: () => void;
  /** The label of closing and carrying on: 继续, 继续抽奖. */
  continueLabel?: string;
}

/** What the main button does for this reward. */
export function nextStep(reward: Reward, canAddress: boolean): 'use' | 'address' | 'continue' {
  if (reward.kind === 'coupon' && (reward.coupon || reward.useTo)) return 'use';
  if (reward.kind === 'goods' && canAddress) return 'address';
  return 'continue';
}

export function RewardPopup({
  reward,
  onClose,
  onAddress,
  continueLabel = '继续',
}: RewardPopupProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!reward) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reward, onClose]);
  if (!reward) return null;
  const step = nextStep(reward, Boolean(onAddress));
  return createPortal(
    <div className={styles.overlay}>
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="reward-title"
        aria-describedby="reward-name"
        tabIndex={-1}
      >
        <p id="reward-title" className={styles.title}>
          {reward.title ?? '恭喜获得'}
        </p>
        {reward.image && <img className={styles.image} src={reward.image} alt="" />}
        <p id="reward-name" className={styles.name}>
          {reward.name}
        </p>
        {reward.value && <p className={styles.value}>{reward.value}</p>}
        {reward.expiresAt && (
          <p className={styles.meta}>有效期至 {formatDotDay(reward.expiresAt)}</p>
        )}
        {reward.kind === 'goods' && step === 'address' && (
          <p className={styles.meta}>填写收货地址后，7个工作日内发货</p>
        )}
        {reward.note && <div className={styles.note}>{reward.note}</div>}
        <div className={styles.actions}>
          {step === 'use' && (
            <Link
              className={styles.primary}
              to={reward.useTo ?? couponUsePath(reward.coupon!)}
              onClick={onClose}
            >
              去使用
            </Link>
          )}
          {step === 'address' && (
            <Button
              block
              color="primary"
              shape="rounded"
              className={styles.button}
              onClick={() => {
                onClose();
                onAddress?.();
              }}
            >
              去填写地址
            </Button>
          )}
          <Button
            block
            color={step === 'continue' ? 'primary' : 'default'}
            fill={step === 'continue' ? 'solid' : 'none'}
            shape="rounded"
            className={styles.button}
            onClick={onClose}
          >
            {continueLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
