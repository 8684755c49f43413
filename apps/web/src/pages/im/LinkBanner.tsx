// The IM link's state above a chat page: nothing while online, a notice while connecting or
// reconnecting, the problem with a retry when it gave up.
import type { ChatState } from './chatClient.ts';
import styles from './im.module.css';

export function LinkBanner({ state, onRetry }: { state: ChatState; onRetry: () => void }) {
  if (state.status === 'online') return null;
  if (state.status === 'failed' || state.status === 'offline')
    return (
      <div className={styles.banner} role="alert">
        <span>{state.problem ?? '聊天已断开'}</span>
        <button type="button" onClick={onRetry}>
          重新连接
        </button>
      </div>
    );
  return (
    <div className={styles.banner} role="status">
      {state.status === 'reconnecting' ? '网络不给力，正在重新连接…' : '正在连接…'}
    </div>
  );
}
