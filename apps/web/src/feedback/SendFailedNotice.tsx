// The reusable 'send failed' notice (spec section 8): a calm bar with a retry action, for any
// call whose failure the user can do something about.
import { NoticeBar } from '../ui/index.ts';
import styles from './SendFailedNotice.module.css';

export interface SendFailedNoticeProps {
  /** What failed, e.g. '验证码发送失败'; defaults to the generic copy. */
  message?: string;
  onRetry?: () => void;
}

export function SendFailedNotice({
  message = '发送失败，请检查网络后重试',
  onRetry,
}: SendFailedNoticeProps) {
  return (
    <div role="alert" className={styles.wrap}>
      <NoticeBar
        color="error"
        content={message}
        extra={
          onRetry && (
            <button type="button" className={styles.retry} onClick={onRetry}>
              重试
            </button>
          )
        }
      />
    </div>
  );
}
