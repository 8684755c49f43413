// The agent's quick replies above the reply box: a tap puts one in the box (to edit or send);
// the agent adds their own (20 at most) and deletes them; the team's defaults stay.
import { useState } from 'react';
import { api } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { Toast } from '../../../ui/index.ts';
import { runAction, useRemote } from '../../campaign-kit/useRemote.ts';
import styles from './service.module.css';

export function QuickReplies({ onPick }: { onPick: (text: string) => void }) {
  const { remote, setData } = useRemote(() => api.call('cs.quickReplies'), []);
  const [adding, setAdding] = useState('');
  const toast = (content: string) => void Toast.show({ content });
  if (remote.status !== 'ready') return null;

  const add = async () => {
    const text = adding.trim();
    if (!text) return;
    const reply = await runAction(
      () => api.call('cs.addQuickReply', { text }),
      () => toast('添加失败'),
    );
    if (!reply) return;
    if (!isSuccess(reply)) return toast(reply.message);
    setAdding('');
    setData((data) => ({ replies: [...data.replies, reply.data] }));
  };
  const remove = async (id: number) => {
    const reply = await runAction(
      () => api.call('cs.deleteQuickReply', { id }),
      () => toast('删除失败'),
    );
    if (!reply) return;
    if (!isSuccess(reply)) return toast(reply.message);
    setData((data) => ({ replies: data.replies.filter((r) => r.id !== id) }));
  };

  return (
    <div className={styles.quick} aria-label="快捷回复">
      {remote.data.replies.map((reply) => (
        <span key={reply.id ?? reply.text} className={styles.chip}>
          <button type="button" onClick={() => onPick(reply.text)} title={reply.text}>
            {reply.text}
          </button>
          {reply.id !== null && (
            <button
              type="button"
              aria-label="删除这条快捷回复"
              className={styles.chipRemove}
              onClick={() => void remove(reply.id!)}
            >
              ×
            </button>
          )}
        </span>
      ))}
      <form
        className={styles.quickAdd}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <input
          aria-label="新的快捷回复"
          value={adding}
          maxLength={200}
          placeholder="添加快捷回复"
          onChange={(event) => setAdding(event.target.value)}
        />
        <button type="submit" disabled={!adding.trim()}>
          添加
        </button>
      </form>
    </div>
  );
}
