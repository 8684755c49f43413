// The middle and right columns of the workspace: one conversation (history, reply, quick
// replies, 转接, 结束会话) and beside it the customer's recent orders and prizes. A waiting
// conversation can be read and taken (接入); only one assigned to this agent can be answered.
import { useState } from 'react';
import { api, type DataOf } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { Dialog, Toast } from '../../../ui/index.ts';
import { runAction, useRemote } from '../../campaign-kit/useRemote.ts';
import { CustomerPanel } from './CustomerPanel.tsx';
import { QuickReplies } from './QuickReplies.tsx';
import { ReplyBox } from './ReplyBox.tsx';
import { ThreadView } from './ThreadView.tsx';
import { useThread } from './useThread.ts';
import styles from './service.module.css';

type Agent = DataOf<'cs.agentMe'>;

export function AgentConversation({
  id,
  me,
  mine,
  onClaim,
  onChanged,
  onLeft,
}: {
  id: number;
  me: Agent;
  /** Assigned to this agent now (from the queue). */
  mine: boolean;
  onClaim: () => void;
  onChanged: () => void;
  onLeft: () => void;
}) {
  const thread = useThread(id);
  const [draft, setDraft] = useState('');
  const [transferring, setTransferring] = useState(false);
  const state = thread.conversation?.state;
  const toast = (content: string) => void Toast.show({ content });

  const close = async () => {
    if (!(await Dialog.confirm({ content: '确定结束该会话吗？' }))) return;
    const reply = await runAction(
      () => api.call('cs.close', { id }),
      () => toast('操作失败'),
    );
    if (reply && !isSuccess(reply)) return toast(reply.message);
    if (reply) thread.setConversation(reply.data);
    onChanged();
  };

  return (
    <>
      <section className={styles.conversation} aria-label="会话">
        <div className={styles.conversationBar}>
          <span>
            {state === 'waiting'
              ? '排队中'
              : state === 'closed'
                ? '已结束'
                : mine
                  ? '接待中'
                  : `由 ${thread.conversation?.agentName ?? ''} 接待`}
            {thread.conversation?.source && (
              <small className={styles.muted}>来自 {thread.conversation.source}</small>
            )}
          </span>
          {mine && state === 'open' && (
            <span className={styles.barActions}>
              <button type="button" onClick={() => setTransferring(true)}>
                转接
              </button>
              <button type="button" onClick={() => void close()}>
                结束会话
              </button>
            </span>
          )}
        </div>
        <ThreadView messages={thread.messages} side="agent" />
        {state === 'waiting' && (
          <div className={styles.closedBar}>
            <button type="button" className={styles.primaryButton} onClick={onClaim}>
              接入该会话
            </button>
          </div>
        )}
        {mine && state === 'open' && (
          <>
            <QuickReplies onPick={setDraft} />
            <ReplyBox
              conversationId={id}
              onSent={(message) => {
                thread.add(message);
                onChanged();
              }}
              draft={draft}
              setDraft={setDraft}
              placeholder="输入回复，Enter 发送，Shift+Enter 换行"
            />
          </>
        )}
        {transferring && (
          <TransferList
            id={id}
            me={me}
            onDone={(moved) => {
              setTransferring(false);
              if (moved) onLeft();
            }}
          />
        )}
      </section>
      {mine && state === 'open' ? (
        <CustomerPanel id={id} />
      ) : (
        <aside className={styles.customer} aria-label="顾客信息">
          <p className={styles.muted}>接入后可查看顾客的订单和奖品</p>
        </aside>
      )}
    </>
  );
}

function TransferList({
  id,
  me,
  onDone,
}: {
  id: number;
  me: Agent;
  onDone: (moved: boolean) => void;
}) {
  const { remote } = useRemote(() => api.call('cs.agents'), []);
  const transfer = async (toUserId: number, name: string) => {
    const reply = await runAction(
      () => api.call('cs.transfer', { id, toUserId }, { json: true }),
      () => void Toast.show({ content: '转接失败，请稍后再试' }),
    );
    if (!reply) return;
    if (!isSuccess(reply)) return void Toast.show({ content: reply.message });
    void Toast.show({ content: `已转接给 ${name}` });
    onDone(true);
  };
  const others =
    remote.status === 'ready' ? remote.data.agents.filter((a) => a.userId !== me.userId) : [];
  return (
    <div className={styles.transfer} role="dialog" aria-label="转接给">
      <h3>转接给</h3>
      {remote.status === 'loading' && <p className={styles.muted}>加载中…</p>}
      {remote.status === 'ready' && others.length === 0 && (
        <p className={styles.muted}>团队里没有其他客服</p>
      )}
      <ul>
        {others.map((agent) => (
          <li key={agent.userId}>
            <span>
              {agent.name}
              <em className={agent.online ? styles.online : styles.offline}>
                {agent.online ? `在线 · 接待 ${agent.load}` : '离线'}
              </em>
            </span>
            <button
              type="button"
              disabled={!agent.online}
              onClick={() => void transfer(agent.userId, agent.name)}
            >
              转接
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.linkButton} onClick={() => onDone(false)}>
        取消
      </button>
    </div>
  );
}
