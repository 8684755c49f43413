// 按住 说话: hold to record a voice message, release to send it (docs/chat-pages.md).
import { useRef, useState } from 'react';
import { Toast } from '../../ui/index.ts';
import { VoiceRecorder, type Recording } from './voiceRecorder.ts';
import styles from './im.module.css';

export function HoldToTalk({
  disabled,
  onRecorded,
}: {
  disabled: boolean;
  onRecorded: (recording: Recording) => void;
}) {
  const recorder = useRef<VoiceRecorder | null>(null);
  const [recording, setRecording] = useState(false);

  const finish = async () => {
    const current = recorder.current;
    recorder.current = null;
    setRecording(false);
    if (!current) return;
    const result = await current.stop();
    if (result) onRecorded(result);
    else Toast.show({ content: '说话时间太短' });
  };

  const begin = async () => {
    if (disabled || recorder.current) return;
    const next = new VoiceRecorder();
    recorder.current = next;
    setRecording(true);
    try {
      await next.start(() => void finish());
    } catch {
      recorder.current = null;
      setRecording(false);
      Toast.show({ content: '无法使用麦克风，请在设置中允许录音' });
    }
  };

  return (
    <button
      type="button"
      className={recording ? `${styles.talk} ${styles.talking}` : styles.talk}
      disabled={disabled}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        void begin();
      }}
      onPointerUp={() => void finish()}
      onPointerCancel={() => void finish()}
      onContextMenu={(event) => event.preventDefault()}
    >
      {recording ? '松开 发送' : '按住 说话'}
    </button>
  );
}
