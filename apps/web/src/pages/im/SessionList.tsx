// The session list of /activity/im/index (ImIndexPage.tsx): the shopper's conversations, pinned
// ones on top then newest first, each with its last message, time and unread badge, kept live by
// the IM client (a message read on another tab or device clears the badge here too: the SDK's
// read acknowledgements sync it). Long-press (or ⋯) pins or unpins a conversation for all the
// shopper's devices. Loaded only for a logged-in shopper, with the IM SDK.
import { useState } from 'react';
import { Link } from 'react-router';
import type { ClientSession } from '@morsel/im-sdk';
import { paths } from '../../routes/paths.ts';
import { Toast } from '../../ui/index.ts';
import { Empty } from '../campaign-kit/states.tsx';
import { Sheet } from '../campaign-kit/Sheet.tsx';
import { badgeText, chatTime, previewOf } from './format.ts';
import { LinkBanner } from './LinkBanner.tsx';
import { useChat } from './useChat.ts';
import styles from './im.module.css';

export default function SessionList() {
  const { client, state } = useChat();
  const [acting, setActing] = useState<ClientSession | null>(null);
  const now = Date.now();
  const nameOf = (s: ClientSession) => state.names[s.to] ?? s.to;

  const togglePin = async (session: ClientSession) => {
    setActing(null);
    try {
      if (session.isTop) await client.sdk?.deleteStickTopSession({ id: session.id });
      else await client.sdk?.addStickTopSession({ id: session.id });
    } catch {
      Toast.show({ content: '操作失败，请稍后再试' });
    }
  };

  return (
    <main className={styles.listPage}>
      <LinkBanner state={state} onRetry={() => client.retry()} />
      {state.sessions.length === 0 && state.status === 'online' ? (
        <Empty title="还没有消息" description="和好友聊天、加入群聊后，消息会出现在这里" />
      ) : (
        <ul className={styles.sessions} aria-label="会话列表">
          {state.sessions.map((session) => (
            <li key={session.id} className={session.isTop ? styles.pinned : undefined}>
              <Link
                className={styles.sessionRow}
                to={paths.imChat({
                  to: session.to,
                  scene: session.scene === 'team' ? 'team' : 'p2p',
                })}
                onContextMenu={(event) => {
                  event.preventDefault();
                  setActing(session);
                }}
              >
                <span className={styles.avatar} aria-hidden="true">
                  {[...nameOf(session)][0]}
                </span>
                <span className={styles.sessionText}>
                  <span className={styles.sessionTop}>
                    <strong>{nameOf(session)}</strong>
                    {session.lastMsg && <time>{chatTime(session.lastMsg.time, now)}</time>}
                  </span>
                  <span className={styles.preview}>
                    {session.lastMsg?.status === 'fail' && <em className={styles.failMark}>!</em>}
                    {previewOf(session.lastMsg)}
                  </span>
                </span>
                {session.unread > 0 && (
                  <span className={styles.badge} aria-label={`${session.unread}条未读`}>
                    {badgeText(session.unread)}
                  </span>
                )}
              </Link>
              <button
                type="button"
                className={styles.more}
                aria-label={`${nameOf(session)}的操作`}
                onClick={() => setActing(session)}
              >
                ⋯
              </button>
            </li>
          ))}
        </ul>
      )}
      <Sheet
        visible={acting !== null}
        onClose={() => setActing(null)}
        label={acting ? nameOf(acting) : '会话操作'}
      >
        {acting && (
          <button
            type="button"
            className={styles.sheetAction}
            onClick={() => void togglePin(acting)}
          >
            {acting.isTop ? '取消置顶' : '置顶聊天'}
          </button>
        )}
      </Sheet>
    </main>
  );
}
