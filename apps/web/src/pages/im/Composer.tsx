// The chat screen's input: text with an emoji panel, a voice message (hold to talk), and under
// ＋ a picture from the album or camera, any document (uploaded through the SDK) and my location
// (LocationSheet.tsx).
// Sending shows the message at once (发送中); what happens next comes from the IM client.
import { useRef, useState } from 'react';
import { Toast } from '../../ui/index.ts';
import type { ChatClient } from './chatClient.ts';
import { EMOJI } from './emoji.ts';
import type { Place } from './geo.ts';
import { LocationSheet } from './LocationSheet.tsx';
import { HoldToTalk } from './HoldToTalk.tsx';
import { VoiceRecorder, type Recording } from './voiceRecorder.ts';
import styles from './im.module.css';

/** The IM cloud's text limit (document 2: 5000 characters). */
const TEXT_MAX = 5000;
/** The largest document sent from the phone (the upload service's own limit is the server's). */
const FILE_MAX_BYTES = 100 * 1024 * 1024;

export function Composer({
  client,
  scene,
  to,
  disabled,
}: {
  client: ChatClient;
  scene: 'p2p' | 'team';
  to: string;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const [voice, setVoice] = useState(false);
  const [more, setMore] = useState(false);
  const [locating, setLocating] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);

  const sendText = () => {
    const body = text.trim();
    if (!body || !client.sdk) return;
    setText('');
    // A failure stays in the list as 发送失败 (the client keeps the failed message).
    client.sdk.sendText({ scene, to, text: body }).catch((error: { event?: { msg?: never } }) => {
      if (error.event?.msg) client.putMsgs([error.event.msg]);
    });
  };

  const sendPicture = async (file: File | undefined) => {
    if (!file || !client.sdk) return;
    if (!file.type.startsWith('image/')) {
      Toast.show({ content: '请选择图片' });
      return;
    }
    Toast.show({ icon: 'loading', content: '图片发送中…', duration: 0 });
    try {
      client.putMsgs([await client.sdk.sendFile({ scene, to, type: 'image', blob: file })]);
      Toast.clear();
    } catch {
      Toast.show({ content: '图片发送失败，请重试' });
    } finally {
      if (picker.current) picker.current.value = '';
    }
  };

  const sendDocument = async (file: File | undefined) => {
    if (!file || !client.sdk) return;
    if (file.size > FILE_MAX_BYTES) {
      Toast.show({ content: '文件不能超过100MB' });
      return;
    }
    setMore(false);
    Toast.show({ icon: 'loading', content: '文件发送中…', duration: 0 });
    try {
      // Uploaded first, then sent under the name the shopper's file has (the upload answers the
      // storage's object name, which means nothing to the peer).
      const uploaded = await client.sdk.previewFile({ type: 'file', fileObject: file });
      const named = { ...uploaded, name: file.name };
      client.putMsgs([await client.sdk.sendFile({ scene, to, type: 'file', file: named })]);
      Toast.clear();
    } catch {
      Toast.show({ content: '文件发送失败，请重试' });
    } finally {
      if (filePicker.current) filePicker.current.value = '';
    }
  };

  const sendPlace = (geo: Place) => {
    setLocating(false);
    setMore(false);
    if (!client.sdk) return;
    // As a text: a failure stays in the list as 发送失败, to resend with a tap.
    client.sdk.sendGeo({ scene, to, geo }).catch((error: { event?: { msg?: never } }) => {
      if (error.event?.msg) client.putMsgs([error.event.msg]);
    });
  };

  const sendVoice = async ({ file }: Recording) => {
    if (!client.sdk) return;
    try {
      client.putMsgs([await client.sdk.sendFile({ scene, to, type: 'audio', fileObject: file })]);
    } catch {
      Toast.show({ content: '语音发送失败，请重试' });
    }
  };

  return (
    <footer className={styles.composer}>
      <div className={styles.composerRow}>
        {VoiceRecorder.supported() && (
          <button
            type="button"
            className={styles.tool}
            aria-label={voice ? '切换到键盘' : '切换到语音'}
            onClick={() => {
              setVoice(!voice);
              setEmoji(false);
            }}
          >
            {voice ? '⌨️' : '🎤'}
          </button>
        )}
        {voice ? (
          <HoldToTalk disabled={disabled} onRecorded={(r) => void sendVoice(r)} />
        ) : (
          <>
            <button
              type="button"
              className={styles.tool}
              aria-label="表情"
              aria-expanded={emoji}
              onClick={() => setEmoji(!emoji)}
            >
              😊
            </button>
            <textarea
              className={styles.input}
              value={text}
              rows={1}
              maxLength={TEXT_MAX}
              placeholder="说点什么…"
              aria-label="输入消息"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  sendText();
                }
              }}
            />
          </>
        )}
        {text.trim() && !voice ? (
          <button type="button" className={styles.send} disabled={disabled} onClick={sendText}>
            发送
          </button>
        ) : (
          <button
            type="button"
            className={styles.tool}
            aria-label="更多"
            aria-expanded={more}
            disabled={disabled}
            onClick={() => {
              setMore(!more);
              setEmoji(false);
            }}
          >
            ＋
          </button>
        )}
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          aria-label="选择图片"
          onChange={(event) => void sendPicture(event.target.files?.[0])}
        />
        <input
          ref={filePicker}
          type="file"
          hidden
          aria-label="选择文件"
          onChange={(event) => void sendDocument(event.target.files?.[0])}
        />
      </div>
      {more && (
        <div className={styles.morePanel} role="group" aria-label="更多">
          <button type="button" onClick={() => picker.current?.click()}>
            <span aria-hidden="true">🖼️</span>图片
          </button>
          <button type="button" onClick={() => filePicker.current?.click()}>
            <span aria-hidden="true">📁</span>文件
          </button>
          <button type="button" onClick={() => setLocating(true)}>
            <span aria-hidden="true">📍</span>位置
          </button>
        </div>
      )}
      <LocationSheet visible={locating} onClose={() => setLocating(false)} onSend={sendPlace} />
      {emoji && (
        <div className={styles.emojiPanel} role="listbox" aria-label="表情">
          {EMOJI.map((face) => (
            <button
              key={face}
              type="button"
              role="option"
              aria-selected={false}
              onClick={() => setText((t) => t + face)}
            >
              {face}
            </button>
          ))}
        </div>
      )}
    </footer>
  );
}
