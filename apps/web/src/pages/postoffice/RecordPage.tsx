// /activity/postoffice/opration "录制声音" (login): tap to record with the browser's
// MediaRecorder (the chat's recorder: it stops by itself at 60 s), a countdown while recording,
// then the recording to play back, 重新录制 or 使用这段录音 (uploaded; the server checks type,
// size and length and keeps an MP3). A recording already on the draft is offered again.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { POSTCARD_LIMITS } from '@morsel/api/postoffice';
import { toast } from '../../feedback/toast.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Failed, LoginPrompt } from '../campaign-kit/states.tsx';
import { runAction } from '../campaign-kit/useRemote.ts';
import { VoiceRecorder, type Recording } from '../im/voiceRecorder.ts';
import { formatSeconds, uploadVoice } from './api.ts';
import { readDraft, updateDraft } from './draft.ts';
import { VoicePlayer } from './VoicePlayer.tsx';
import styles from './postoffice.module.css';

const BACK = { label: '返回声音邮局', to: paths.postoffice() };

type Stage =
  | { name: 'idle' }
  | { name: 'recording'; startedAt: number }
  | { name: 'recorded'; recording: Recording; url: string }
  | { name: 'uploading'; recording: Recording; url: string };

/** Milliseconds since `startedAt`, refreshed a few times a second while recording. */
function useElapsed(startedAt: number | undefined): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (startedAt === undefined) return;
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === undefined ? 0 : Math.max(0, now - startedAt);
}

export default function RecordPage() {
  const navigate = useNavigate();
  const draft = readDraft();
  const recorder = useRef<VoiceRecorder | null>(null);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [kept, setKept] = useState(draft.voice);
  const elapsed = useElapsed(stage.name === 'recording' ? stage.startedAt : undefined);

  // Leaving the page turns the microphone off and frees the preview.
  useEffect(
    () => () => {
      void recorder.current?.stop();
    },
    [],
  );
  const previewUrl = stage.name === 'recorded' || stage.name === 'uploading' ? stage.url : null;
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  if (!draft.template || !draft.cover)
    return <Failed message="请先选择明信片模板和封面" exit={BACK} />;
  if (!isLoggedIn())
    return (
      <main className={styles.page}>
        <LoginPrompt title="登录后录制声音" description="选好的模板和封面会为你保留" />
      </main>
    );
  if (!VoiceRecorder.supported())
    return <Failed message="当前浏览器不支持录音，请在App或微信中打开" exit={BACK} />;

  const finish = async () => {
    const current = recorder.current;
    recorder.current = null;
    if (!current) return;
    const recording = await current.stop();
    if (!recording) {
      setStage({ name: 'idle' });
      toast('录音时间太短，请重新录制');
      return;
    }
    setStage({ name: 'recorded', recording, url: URL.createObjectURL(recording.file) });
  };

  const begin = async () => {
    if (recorder.current) return;
    const next = new VoiceRecorder();
    recorder.current = next;
    try {
      await next.start(() => {
        toast('已到60秒，录音自动结束');
        void finish();
      });
      setKept(undefined);
      setStage({ name: 'recording', startedAt: performance.now() });
    } catch {
      recorder.current = null;
      setStage({ name: 'idle' });
      toast('无法使用麦克风，请在设置中允许录音');
    }
  };

  const use = async () => {
    if (stage.name !== 'recorded') return;
    setStage({ ...stage, name: 'uploading' });
    const reply = await runAction(() => uploadVoice(stage.recording.file), toast);
    if (!reply || !isSuccess(reply)) {
      if (reply) toast(reply.message);
      setStage({ ...stage, name: 'recorded' });
      return;
    }
    updateDraft({ voice: reply.data });
    navigate(paths.postofficeMake());
  };

  const left = Math.max(0, POSTCARD_LIMITS.maxVoiceMs - elapsed);
  return (
    <main className={styles.page}>
      <section className={`${styles.card} ${styles.recorder}`} aria-label="录音">
        <h1 className={styles.cardTitle}>录一段想说的话</h1>
        <p className={styles.hint}>最长60秒，录完可以先听一听，不满意就重新录制</p>

        {stage.name === 'recording' ? (
          <>
            <p className={styles.clock} role="timer" aria-label="已录制">
              {formatSeconds(elapsed)}
            </p>
            <p className={styles.hint}>还可以录 {Math.ceil(left / 1000)} 秒</p>
            <button
              type="button"
              className={`${styles.recordButton} ${styles.recording}`}
              onClick={() => void finish()}
            >
              结束录音
            </button>
          </>
        ) : stage.name === 'idle' && !kept ? (
          <>
            <p className={styles.clock}>0:00</p>
            <button type="button" className={styles.recordButton} onClick={() => void begin()}>
              开始录音
            </button>
          </>
        ) : (
          <>
            {stage.name === 'idle'
              ? kept && <VoicePlayer src={kept.url} durationMs={kept.durationMs} />
              : previewUrl && (
                  <VoicePlayer src={previewUrl} durationMs={stage.recording.durationMs} />
                )}
            <div className={styles.actions}>
              <Button
                shape="rounded"
                onClick={() => void begin()}
                disabled={stage.name === 'uploading'}
              >
                重新录制
              </Button>
              <Button
                color="primary"
                shape="rounded"
                loading={stage.name === 'uploading'}
                onClick={() =>
                  kept && stage.name === 'idle' ? navigate(paths.postofficeMake()) : void use()
                }
              >
                使用这段录音
              </Button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
