// The card's voice: one round button to play and pause, the progress as a bar and as
// "0:03 / 0:07". The length shown before playing is the server's (the MP3's own), so it is right
// even before the browser has read the file.
import { useEffect, useRef, useState } from 'react';
import { formatSeconds } from './api.ts';
import styles from './postoffice.module.css';

export function VoicePlayer({ src, durationMs }: { src: string; durationMs: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setPlaying(false);
    setPosition(0);
    setFailed(false);
  }, [src]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      setFailed(false);
      element.play().catch(() => setFailed(true));
    } else element.pause();
  };

  const progress = durationMs > 0 ? Math.min(1, position / durationMs) : 0;
  return (
    <div className={styles.player}>
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(durationMs);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime * 1000)}
        onError={() => setFailed(true)}
      />
      <button
        type="button"
        className={styles.playButton}
        aria-label={playing ? '暂停' : '播放声音'}
        onClick={toggle}
      >
        <span aria-hidden="true" className={playing ? styles.pauseIcon : styles.playIcon} />
      </button>
      <div className={styles.playerTrack}>
        <div
          className={styles.playerBar}
          role="progressbar"
          aria-label="播放进度"
          aria-valuemin={0}
          aria-valuemax={Math.round(durationMs / 1000)}
          aria-valuenow={Math.round(position / 1000)}
        >
          <span style={{ width: `${progress * 100}%` }} />
        </div>
        <span className={styles.playerTime}>
          {failed
            ? '声音加载失败，请稍后再试'
            : `${formatSeconds(position)} / ${formatSeconds(durationMs)}`}
        </span>
      </div>
    </div>
  );
}
