// The team an invite link leads to (chat.teamInvite: name, members, how it takes new members) and
// the way in: a free team is joined at once and opens the success page; a team that approves
// members gets an application its owner and managers see; a closed or full team says so. The join
// is the IM cloud's applyTeam, so its rules are the server's (docs/chat-pages.md).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Toast } from '../../ui/index.ts';
import { Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { LinkBanner } from './LinkBanner.tsx';
import { useChat } from './useChat.ts';
import styles from './im.module.css';

/** What the IM cloud's refusals of applyTeam mean to a shopper. */
const JOIN_REFUSALS: Record<number, string> = {
  801: '群成员已满，无法加入',
  802: '该群不允许加入',
  803: '群聊不存在或已解散',
};

export default function JoinCard({ token }: { token: string }) {
  const navigate = useNavigate();
  const { client, state } = useChat();
  const { remote, retry } = useRemote(() => api.call('chat.teamInvite', { token }), [token]);
  const [applied, setApplied] = useState(false);
  const [busy, setBusy] = useState(false);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return (
      <RemoteFailed
        failure={remote}
        retry={retry}
        exit={{ label: '返回消息列表', to: paths.imSessions() }}
      />
    );
  const team = remote.data;
  const full = team.memberCount >= team.capacity;
  const openChat = () => navigate(paths.imChat({ to: team.teamId, scene: 'team' }));

  const join = async () => {
    if (!client.sdk) return;
    setBusy(true);
    try {
      const answer = (await client.sdk.applyTeam({ teamId: team.teamId })) as { joined?: boolean };
      if (answer?.joined === false) setApplied(true);
      else navigate(paths.imJoinOk({ team: team.teamId, name: team.name }));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 809) openChat();
      else Toast.show({ content: JOIN_REFUSALS[Number(code)] ?? '加入失败，请稍后再试' });
    } finally {
      setBusy(false);
    }
  };

  let action;
  if (team.joined)
    action = (
      <Button block color="primary" shape="rounded" onClick={openChat}>
        进入群聊
      </Button>
    );
  else if (team.joinMode === 'rejectAll' || full)
    action = (
      <Button block shape="rounded" disabled>
        {full ? '群成员已满' : '该群暂不允许加入'}
      </Button>
    );
  else if (applied) action = <p className={styles.joinNote}>已发送申请，等待群主或管理员审核</p>;
  else
    action = (
      <Button
        block
        color="primary"
        shape="rounded"
        loading={busy}
        disabled={state.status !== 'online'}
        onClick={() => void join()}
      >
        {team.joinMode === 'needVerify' ? '申请加入' : '加入群聊'}
      </Button>
    );

  return (
    <main className={styles.joinPage}>
      <LinkBanner state={state} onRetry={() => client.retry()} />
      <section className={styles.joinCard} aria-label="群聊信息">
        <span className={styles.teamAvatar} aria-hidden="true">
          {[...team.name][0] ?? '群'}
        </span>
        <h1>{team.name}</h1>
        <p className={styles.joinMeta}>
          成员 {team.memberCount}/{team.capacity}
        </p>
        {team.intro && <p className={styles.joinIntro}>{team.intro}</p>}
        <p className={styles.joinInviter}>{team.inviterNick} 邀请你加入群聊</p>
        {team.joinMode === 'needVerify' && !team.joined && !applied && (
          <p className={styles.joinNote}>加入该群需要群主或管理员同意</p>
        )}
        {action}
      </section>
    </main>
  );
}
