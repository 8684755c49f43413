// /activity/im/agent "客服工作台" (docs/customer-service.md, decision 0056): the agents' desk, for
// a desktop or a tablet (three columns from 900 px). Only agents of the service team get in (the
// server answers 65300 to anyone else). While the page is open the agent is online: it says so
// every 30 s, so new conversations are routed to them by load; 下线 stops that. The queue and the
// open conversation follow the service team's push (servicePush.ts, decision 0065).
import { useCallback, useEffect, useState } from 'react';
import { CODES } from '@morsel/api/codes';
import { api, type DataOf } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { isLoggedIn } from '../../../session/session.ts';
import { Toast } from '../../../ui/index.ts';
import { Failed, Loading, LoginPrompt, RemoteFailed } from '../../campaign-kit/states.tsx';
import { runAction, useRemote } from '../../campaign-kit/useRemote.ts';
import { AgentConversation } from './AgentConversation.tsx';
import { QUEUE_FALLBACK_MS, useServicePush } from './servicePush.ts';
import styles from './service.module.css';

type Agent = DataOf<'cs.agentMe'>;
type QueueItem = DataOf<'cs.queue'>['mine'][number];

/** The workspace says it is online this often (the server keeps an agent online 90 s). */
export const HEARTBEAT_MS = 30_000;

export default function AgentPage() {
  if (!isLoggedIn())
    return <LoginPrompt title="客服人员请先登录" description="使用开通了客服权限的手机号登录" />;
  return <Workspace />;
}

function Workspace() {
  const { remote, retry } = useRemote(() => api.call('cs.agentMe'), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return remote.code === CODES.csNotAgent.code ? (
      <Failed message={remote.message} />
    ) : (
      <RemoteFailed failure={remote} retry={retry} />
    );
  return <Desk me={remote.data} />;
}

function Desk({ me }: { me: Agent }) {
  const [online, setOnline] = useState(true);
  const [queue, setQueue] = useState<DataOf<'cs.queue'>>({ waiting: [], mine: [] });
  const [selected, setSelected] = useState<number | null>(null);
  const toast = (content: string) => void Toast.show({ content });

  // Online while the page is open (and not switched off): the heartbeat routes work here.
  useEffect(() => {
    const beat = () =>
      void runAction(
        () => api.call('cs.agentStatus', { online }, { json: true }),
        () => undefined,
      );
    beat();
    if (!online) return;
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [online]);

  const loadQueue = useCallback(async () => {
    const reply = await runAction(
      () => api.call('cs.queue'),
      () => undefined,
    );
    if (reply && isSuccess(reply)) setQueue(reply.data);
  }, []);
  // Read again on every push of the service team (any conversation's change may be the
  // queue's), when the IM link comes back, and every QUEUE_FALLBACK_MS while it is down.
  const push = useServicePush();
  useEffect(() => push.onChange(() => void loadQueue()), [push.onChange, loadQueue]);
  useEffect(() => {
    void loadQueue();
    if (push.live) return;
    const timer = setInterval(() => void loadQueue(), QUEUE_FALLBACK_MS);
    return () => clearInterval(timer);
  }, [loadQueue, push.live]);

  const claim = async (id: number) => {
    const reply = await runAction(
      () => api.call('cs.claim', { id }),
      () => toast('接入失败'),
    );
    if (!reply) return;
    if (!isSuccess(reply)) toast(reply.message);
    setSelected(id);
    void loadQueue();
  };

  const row = (item: QueueItem, waiting: boolean) => (
    <li key={item.id}>
      <button
        type="button"
        className={item.id === selected ? styles.queueRowActive : styles.queueRow}
        onClick={() => setSelected(item.id)}
      >
        <span className={styles.queueName}>
          {item.awaitingReply && <i className={styles.dot} aria-label="待回复" />}
          {item.customer}
          <small>{item.mobile}</small>
        </span>
        <span className={styles.queueText}>{item.lastText || '（新会话）'}</span>
      </button>
      {waiting && (
        <button type="button" className={styles.claim} onClick={() => void claim(item.id)}>
          接入
        </button>
      )}
    </li>
  );

  return (
    <div className={styles.desk} data-push={push.live ? 'live' : 'polling'}>
      <header className={styles.deskBar}>
        <strong>客服工作台</strong>
        <span>
          {me.name}
          <em className={online ? styles.online : styles.offline}>{online ? '在线' : '离线'}</em>
        </span>
        <button type="button" onClick={() => setOnline((value) => !value)}>
          {online ? '下线' : '上线'}
        </button>
      </header>
      <aside className={styles.queue} aria-label="会话队列">
        <h2>待接入（{queue.waiting.length}）</h2>
        {queue.waiting.length === 0 ? (
          <p className={styles.muted}>暂无排队的顾客</p>
        ) : (
          <ul>{queue.waiting.map((item) => row(item, true))}</ul>
        )}
        <h2>我的会话（{queue.mine.length}）</h2>
        {queue.mine.length === 0 ? (
          <p className={styles.muted}>暂无接待中的会话</p>
        ) : (
          <ul>{queue.mine.map((item) => row(item, false))}</ul>
        )}
      </aside>
      {selected === null ? (
        <section className={styles.placeholder}>从左侧选择一个会话开始接待</section>
      ) : (
        <AgentConversation
          key={selected}
          id={selected}
          me={me}
          mine={queue.mine.some((item) => item.id === selected)}
          onClaim={() => void claim(selected)}
          onChanged={() => void loadQueue()}
          onLeft={() => {
            setSelected(null);
            void loadQueue();
          }}
        />
      )}
    </div>
  );
}
