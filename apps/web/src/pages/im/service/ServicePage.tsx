// /activity/im/service "在线客服" (docs/customer-service.md): the shopper's conversation with the
// service team, opened (or found) on arrival; it waits in the queue until an agent takes it.
// `?from=` is the campaign page whose 客服 entry was tapped; the agent sees it.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { isLoggedIn } from '../../../session/session.ts';
import { Button, Dialog, Toast } from '../../../ui/index.ts';
import { Loading, LoginPrompt, RemoteFailed } from '../../campaign-kit/states.tsx';
import { runAction, useRemote } from '../../campaign-kit/useRemote.ts';
import { ReplyBox } from './ReplyBox.tsx';
import { ThreadView } from './ThreadView.tsx';
import { useThread } from './useThread.ts';
import styles from './service.module.css';

/** A `from` worth keeping: a path of this site, no spaces, 200 characters at most. */
function sourceOf(from: string | null): string {
  return from && /^\/\S*$/.test(from) ? from.slice(0, 200) : '';
}

export default function ServicePage() {
  if (!isLoggedIn())
    return <LoginPrompt title="登录后联系客服" description="订单、奖品、活动问题，客服为您解答" />;
  return <ServiceChat />;
}

function ServiceChat() {
  const [params] = useSearchParams();
  const source = sourceOf(params.get('from'));
  const { remote, retry } = useRemote(() => api.call('cs.open', { source }), []);
  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  return <Conversation key={remote.data.id} id={remote.data.id} onRestart={retry} />;
}

function Conversation({ id, onRestart }: { id: number; onRestart: () => void }) {
  const thread = useThread(id);
  const [draft, setDraft] = useState('');
  const state = thread.conversation?.state ?? 'waiting';
  const close = async () => {
    const confirmed = await Dialog.confirm({ content: '确定结束本次咨询吗？' });
    if (!confirmed) return;
    const reply = await runAction(
      () => api.call('cs.close', { id }),
      () => void Toast.show({ content: '操作失败，请稍后再试' }),
    );
    if (reply && isSuccess(reply)) thread.setConversation(reply.data);
    else if (reply) void Toast.show({ content: reply.message });
  };
  return (
    <div className={styles.phonePage} data-push={thread.live ? 'live' : 'polling'}>
      <div className={styles.status} role="status">
        <span>
          {state === 'open'
            ? `客服「${thread.conversation?.agentName}」为您服务`
            : state === 'waiting'
              ? '正在为您接入客服，请稍候…'
              : '会话已结束'}
        </span>
        {state !== 'closed' && (
          <button type="button" onClick={() => void close()}>
            结束咨询
          </button>
        )}
      </div>
      <ThreadView messages={thread.messages} side="shopper" />
      {state === 'closed' ? (
        <div className={styles.closedBar}>
          <Button color="primary" shape="rounded" block onClick={onRestart}>
            重新咨询
          </Button>
        </div>
      ) : (
        <ReplyBox conversationId={id} onSent={thread.add} draft={draft} setDraft={setDraft} />
      )}
    </div>
  );
}
