// A voice message: tap to play, tap again to stop; its length when the file service measured
// it. A recording the browser cannot play (webm on Safari) is played from the server's mp3 copy.
import { useEffect, useRef, useState } from 'react';
import styles from './im.module.css';

/** The file service's mp3 rendition of a recording (docs/im-files.md: ?audioTrans&type=mp3). */
export function mp3Of(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}audioTrans&type=mp3`;
}

export function VoiceBubble({ url, durMs, mine }: { url: string; durMs?: number; mine: boolean }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => () => audio.current?.pause(), []);

  const toggle = () => {
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    const player = audio.current ?? new Audio(url);
    if (!audio.current) {
      player.onended = () => setPlaying(false);
      player.onerror = () => {
        if (player.src.includes('audioTrans')) return setPlaying(false);
        player.src = mp3Of(url);
        void player.play().catch(() => setPlaying(false));
      };
      audio.current = player;
    }
    player.currentTime = 0;
    setPlaying(true);
    player.play().catch(() => undefined);
  };

  const seconds = durMs ? Math.max(1, Math.round(durMs / 1000)) : undefined;
  return (
    <button
      type="button"
      className={styles.voice}
      data-playing={playing}
      aria-label={playing ? '停止播放语音' : `播放语音${seconds ? `，${seconds}秒` : ''}`}
      style={{ minWidth: `${Math.min(60 + (seconds ?? 1) * 4, 180)}px` }}
      onClick={toggle}
    >
      {mine ? (
        <>
          {seconds !== undefined && <span>{seconds}″</span>}
          <span aria-hidden="true">{playing ? '■' : '🔊'}</span>
        </>
      ) : (
        <>
          <span aria-hidden="true">{playing ? '■' : '🔊'}</span>
          {seconds !== undefined && <span>{seconds}″</span>}
        </>
      )}
    </button>
  );
}
