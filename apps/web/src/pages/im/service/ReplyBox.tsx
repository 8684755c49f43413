// The text box under a conversation: 1-500 characters, sent with 发送 or Enter; the text stays
// when the server refuses it (told in a toast), so nothing typed is lost. 图片 picks a picture
// and sends it (sendPicture.ts).
import { useRef, useState } from 'react';
import { api } from '../../../request/api.ts';
import { isSuccess } from '../../../request/types.ts';
import { Toast } from '../../../ui/index.ts';
import { runAction } from '../../campaign-kit/useRemote.ts';
import { PictureRefused, sendPicture } from './sendPicture.ts';
import type { ServiceMessage } from './useThread.ts';
import styles from './service.module.css';

export const MESSAGE_MAX = 500;

export function ReplyBox({
  conversationId,
  onSent,
  draft,
  setDraft,
  placeholder = '请输入您的问题',
}: {
  conversationId: number;
  onSent: (message: ServiceMessage) => void;
  draft: string;
  setDraft: (text: string) => void;
  placeholder?: string;
}) {
  const [sending, setSending] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const toast = (content: string) => void Toast.show({ content });
  const pickPicture = async (file: File | undefined) => {
    if (!file || sending) return;
    setSending(true);
    Toast.show({ icon: 'loading', content: '图片发送中…', duration: 0 });
    try {
      onSent(await sendPicture(conversationId, file));
      Toast.clear();
    } catch (error) {
      toast(error instanceof PictureRefused ? error.message : '图片发送失败，请重试');
    } finally {
      setSending(false);
      if (picker.current) picker.current.value = '';
    }
  };
  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    const reply = await runAction(
      () => api.call('cs.send', { id: conversationId, text }),
      () => toast('发送失败，请稍后再试'),
    );
    setSending(false);
    if (!reply) return;
    if (!isSuccess(reply)) return toast(reply.message);
    setDraft('');
    onSent(reply.data);
  };
  return (
    <form
      className={styles.reply}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <button
        type="button"
        className={styles.pictureButton}
        disabled={sending}
        onClick={() => picker.current?.click()}
      >
        图片
      </button>
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        hidden
        onChange={(event) => void pickPicture(event.target.files?.[0])}
      />
      <textarea
        aria-label="消息内容"
        value={draft}
        maxLength={MESSAGE_MAX}
        rows={1}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <button type="submit" disabled={sending || !draft.trim()}>
        发送
      </button>
    </form>
  );
}
