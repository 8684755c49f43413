// The states every campaign page shares: loading (a skeleton of the page), failed (with retry
// when a retry can help, and always a way out), empty, logged out, campaign not running, and the
// hero header with its rules, share and customer-service buttons.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { goToLogin } from '../../request/loginRedirect.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { rememberAction } from './pendingAction.ts';
import { ServiceEntry } from '../im/service/ServiceEntry.tsx';
import { useCurrentRoute } from '../../routes/currentRoute.ts';
import { PageLoading } from '../../shell/PageLoading.tsx';
import { Sheet } from './Sheet.tsx';
import { StateBlock } from './StateBlock.tsx';
import type { Campaign } from './api.ts';
import { formatDateTime } from './format.ts';
import styles from './states.module.css';

/**
 * The page's shape while its call is in flight: the same skeleton as while its chunk loaded (a
 * hero with the route's title, two cards), so nothing on screen changes until the data is in.
 */
export function Loading() {
  return <PageLoading title={useCurrentRoute()?.title} />;
}

/** Where a page in trouble lets the shopper go. */
export interface WayOut {
  label: string;
  to: string;
}

const HUB: WayOut = { label: '返回活动中心', to: paths.home() };

/**
 * A call that failed (with retry) or a refusal (without: not found, not the shopper's, a bad
 * share link), which no retry changes and which is no loading failure either. Either way the
 * shopper has a way out: `exit` (the campaign, the coupon centre), the hub when none is given.
 */
export function Failed({
  message,
  onRetry,
  exit = HUB,
}: {
  message: string;
  onRetry?: () => void;
  exit?: WayOut;
}) {
  return (
    <div className={styles.center} role="alert">
      <StateBlock kind="failed" title={onRetry ? '加载失败' : '无法查看'} description={message} />
      {onRetry && (
        <Button color="primary" shape="rounded" className={styles.action} onClick={onRetry}>
          重新加载
        </Button>
      )}
      <Link className={onRetry ? styles.exitLink : styles.exitButton} to={exit.to}>
        {exit.label}
      </Link>
    </div>
  );
}

/** The failed state of a `useRemote` call: the retry only where useRemote says one can help. */
export function RemoteFailed({
  failure,
  retry,
  exit,
}: {
  failure: { message: string; retryable: boolean };
  retry: () => void;
  exit?: WayOut;
}) {
  return (
    <Failed message={failure.message} onRetry={failure.retryable ? retry : undefined} exit={exit} />
  );
}

export function Empty({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className={styles.card}>
      <StateBlock kind="empty" title={title} description={description} />
      {action}
    </div>
  );
}

export function LoginPrompt({ title, description }: { title: string; description?: string }) {
  return (
    <div className={styles.card}>
      <StateBlock kind="login" title={title} description={description} />
      <Button color="primary" shape="rounded" className={styles.action} onClick={() => goToLogin()}>
        立即登录
      </Button>
    </div>
  );
}

/** Shown above a campaign that is not running; actions are refused by the server too. */
export function CampaignNotice({ campaign }: { campaign: Campaign }) {
  if (campaign.state === 'running') return null;
  const content =
    campaign.state === 'ended'
      ? `活动已结束，感谢您的参与（${formatDateTime(campaign.endsAt)} 结束）`
      : campaign.state === 'paused'
        ? '活动已暂停，请稍后再来'
        : `活动尚未开始，敬请期待（${formatDateTime(campaign.startsAt)} 开始）`;
  return (
    <p className={styles.notice} role="status">
      {content}
    </p>
  );
}

/**
 * Asks a logged-out shopper to log in before an action; login leaves the page. With `resume`,
 * the action (and its payload, such as a typed password) is kept so the page completes it when
 * login returns (`useResumeAction`).
 */
export function askLogin(reason: string, resume?: { action: string; payload?: string }): void {
  void Dialog.confirm({
    title: '请先登录',
    content: reason,
    confirmText: '去登录',
    cancelText: '再看看',
    onConfirm: () => {
      if (resume) rememberAction(resume.action, resume.payload);
      goToLogin();
    },
  });
}

/** A button that says 登录… goes straight to login (no second "请先登录"), keeping the action. */
export function loginThen(action: string, payload?: string): void {
  rememberAction(action, payload);
  goToLogin();
}

export function RulesSheet({
  rules,
  visible,
  onClose,
}: {
  rules: string[];
  visible: boolean;
  onClose: () => void;
}) {
  return (
    <Sheet visible={visible} onClose={onClose} label="活动规则">
      <div className={styles.sheet}>
        <h2 className={styles.sheetTitle}>活动规则</h2>
        <ol className={styles.rules}>
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
        <Button block color="primary" shape="rounded" className={styles.action} onClick={onClose}>
          我知道了
        </Button>
      </div>
    </Sheet>
  );
}

export interface HeroProps {
  title: string;
  subtitle?: ReactNode;
  rules?: string[];
  onShare?: () => void;
  children?: ReactNode;
}

export function Hero({ title, subtitle, rules, onShare, children }: HeroProps) {
  const [rulesOpen, setRulesOpen] = useState(false);
  return (
    <header className={styles.hero}>
      <h1 className={styles.heroTitle}>{title}</h1>
      {subtitle && <p className={styles.heroSub}>{subtitle}</p>}
      {children}
      <div className={styles.heroActions}>
        {rules && rules.length > 0 && (
          <button type="button" className={styles.pill} onClick={() => setRulesOpen(true)}>
            活动规则
          </button>
        )}
        {onShare && (
          <button type="button" className={styles.pill} onClick={onShare}>
            分享
          </button>
        )}
        <ServiceEntry className={styles.pill} />
      </div>
      {rules && (
        <RulesSheet rules={rules} visible={rulesOpen} onClose={() => setRulesOpen(false)} />
      )}
    </header>
  );
}
