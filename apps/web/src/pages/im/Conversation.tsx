// One conversation of /activity/im/chat (ChatPage.tsx). Messages in a virtualised list
// (only the rows on screen are in the page, so a long history scrolls smoothly), older ones paged
// in from the server when the top is reached; text with emoji, pictures (shown as a thumbnail the
// file service renders); my messages show 发送中, 已读/未读 (p2p receipts) or a failed mark that
// resends on tap; long-press one of mine to recall it. Opening the conversation clears its unread
// count on every device of the shopper.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Toast } from '../../ui/index.ts';
import type { ChatMsg } from './chatClient.ts';
import { Composer } from './Composer.tsx';
import { InviteSheet } from './InviteSheet.tsx';
import { sessionIdOf } from './format.ts';
import { LinkBanner } from './LinkBanner.tsx';
import { MessageRow } from './MessageRow.tsx';
import { RecallSheet } from './RecallSheet.tsx';
import { useChat } from './useChat.ts';
import styles from './im.module.css';

const PAGE_SIZE = 20;
/** Within this many pixels of the bottom, a new message keeps the list at the bottom. */
const STICKY_PX = 80;

export default function Conversation({ to, scene }: { to: string; scene: 'p2p' | 'team' }) {
  const { client, state } = useChat();
  const sessionId = sessionIdOf(scene, to);
  const msgs = client.messagesOf(sessionId);
  const receiptTime = client.receiptTimeOf(sessionId);
  const online = state.status === 'online';
  const [hasMore, setHasMore] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [recalling, setRecalling] = useState<ChatMsg | null>(null);
  const [inviting, setInviting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const firstLoad = useRef(true);
  const stickToBottom = useRef(true);
  const lastCount = useRef(0);
  const prepended = useRef(0);

  const virtualizer = useVirtualizer({
    count: msgs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    overscan: 8,
    getItemKey: (index) => msgs[index]!.idClient,
  });

  // This conversation is the current one: its unread count goes to 0 here and on my other devices.
  useEffect(() => {
    if (!online || !client.sdk) return;
    client.sdk.setCurrSession(sessionId);
    if (scene === 'p2p') client.lookUpNames([to]);
    else client.nameTeam(to);
    return () => client.sdk?.resetCurrSession();
  }, [online, client, sessionId, scene, to]);

  const loadOlder = useCallback(async () => {
    const sdk = client.sdk;
    if (!sdk || loadingOlder || !hasMore) return;
    setLoadingOlder(true);
    const oldest = client.messagesOf(sessionId).find((m) => m.idServer);
    try {
      const { msgs: older } = await sdk.getHistoryMsgs({
        scene,
        to,
        limit: PAGE_SIZE,
        ...(oldest && { endTime: oldest.time, lastMsgId: oldest.idServer }),
      });
      setHasMore(older.length === PAGE_SIZE);
      const before = client.messagesOf(sessionId).length;
      client.putMsgs(older);
      prepended.current = firstLoad.current ? 0 : client.messagesOf(sessionId).length - before;
    } catch {
      Toast.show({ content: '历史消息加载失败' });
    } finally {
      setLoadingOlder(false);
    }
  }, [client, sessionId, scene, to, loadingOlder, hasMore]);

  // The latest page of history once online.
  useEffect(() => {
    if (online && firstLoad.current) void loadOlder();
    // Once per conversation, when the link is up (loadOlder itself changes as pages load).
  }, [online]);

  // Keep the place: at the bottom for new messages (when there already), still after older ones.
  useLayoutEffect(() => {
    const count = msgs.length;
    if (count === lastCount.current) return;
    const grew = count - lastCount.current;
    lastCount.current = count;
    const newest = msgs[count - 1];
    if (prepended.current > 0 && prepended.current === grew) {
      virtualizer.scrollToIndex(prepended.current, { align: 'start' });
      prepended.current = 0;
      return;
    }
    if (firstLoad.current || stickToBottom.current || newest?.flow === 'out') {
      virtualizer.scrollToIndex(count - 1, { align: 'end' });
      firstLoad.current = false;
    }
  }, [msgs, virtualizer]);

  // Read receipts: the peer learns I have read up to the newest message shown.
  const newestIn = [...msgs].reverse().find((m) => m.flow === 'in' && m.idServer);
  const receipted = useRef('');
  useEffect(() => {
    if (!online || scene !== 'p2p' || !newestIn || receipted.current === newestIn.idServer) return;
    if (document.visibilityState !== 'visible') return;
    receipted.current = newestIn.idServer!;
    client.sdk?.sendMsgReceipt({ msg: newestIn }).catch(() => {
      receipted.current = '';
    });
  }, [online, scene, newestIn, client]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
    if (el.scrollTop < 40 && !firstLoad.current) void loadOlder();
  };

  const resend = async (msg: ChatMsg) => {
    if (!client.sdk) return;
    client.putMsgs([{ ...msg, status: 'sending' }]);
    try {
      client.putMsgs([await client.sdk.resendMsg({ msg })]);
    } catch (error) {
      const failed = (error as { event?: { msg?: ChatMsg } }).event?.msg;
      client.putMsgs([failed ?? { ...msg, status: 'fail' }]);
    }
  };

  const recall = async (msg: ChatMsg) => {
    setRecalling(null);
    try {
      await client.sdk?.deleteMsg({ msg });
      client.markRecalled({ sessionId, deletedIdClient: msg.idClient });
    } catch {
      Toast.show({ content: '超过可撤回的时间，或网络不给力' });
    }
  };

  const title = state.names[to] ?? to;
  return (
    <main className={styles.chatPage}>
      <header className={styles.chatHeader}>
        <h1>{title}</h1>
        {scene === 'team' && (
          <button type="button" className={styles.headerAction} onClick={() => setInviting(true)}>
            邀请
          </button>
        )}
      </header>
      <LinkBanner state={state} onRetry={() => client.retry()} />
      <div
        ref={scroller}
        className={styles.scroller}
        onScroll={onScroll}
        data-testid="chat-scroller"
        aria-label="聊天记录"
        role="log"
      >
        {loadingOlder && <p className={styles.loadingOlder}>加载中…</p>}
        {!hasMore && msgs.length > 0 && <p className={styles.loadingOlder}>没有更早的消息了</p>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const msg = msgs[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.rowSlot}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow
                  msg={msg}
                  previous={msgs[item.index - 1]}
                  mine={msg.flow === 'out'}
                  read={scene === 'p2p' && msg.time <= receiptTime}
                  showReceipt={scene === 'p2p'}
                  senderName={state.names[msg.from] ?? msg.fromNick ?? msg.from}
                  nameOf={(account) => state.names[account] ?? account}
                  thumbnail={(url) =>
                    client.sdk?.viewImageThumbnail({
                      url,
                      mode: 'contain',
                      width: 360,
                      height: 360,
                    }) ?? url
                  }
                  onResend={() => void resend(msg)}
                  onLongPress={() =>
                    msg.flow === 'out' &&
                    msg.status === 'success' &&
                    !msg.recalled &&
                    setRecalling(msg)
                  }
                />
              </div>
            );
          })}
        </div>
      </div>
      <Composer client={client} scene={scene} to={to} disabled={!client.sdk} />
      <RecallSheet
        msg={recalling}
        onClose={() => setRecalling(null)}
        onRecall={(m) => void recall(m)}
      />
      {scene === 'team' && (
        <InviteSheet teamId={to} visible={inviting} onClose={() => setInviting(false)} />
      )}
    </main>
  );
}
