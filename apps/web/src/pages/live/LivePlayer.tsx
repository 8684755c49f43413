// The live player (decision 0052): HLS through the browser's own player where it has one (Safari
// on iOS and macOS, WeChat on iOS), else hls.js over Media Source Extensions, loaded only then
// (its own chunk); a browser with neither shows the cover. Starts muted (browsers only autoplay
// muted video) with a button to turn the sound on; the sample stream loops.
import { useEffect, useRef, useState } from 'react';
import styles from './live.module.css';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export type PlayerEngine = 'native' | 'hls.js' | 'none';

export interface LivePlayerProps {
  src: string;
  cover: string;
  /** Shown over the cover when there is nothing to play (upcoming, preparing, unavailable). */
  note?: string;
  /** A replay: the player's own controls (seek, pause). */
  replay?: boolean;
}

export function LivePlayer({ src, cover, note, replay = false }: LivePlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<PlayerEngine | undefined>(undefined);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const element = video.current;
    if (!element || !src) return;
    if (element.canPlayType(HLS_TYPE) !== '') {
      element.src = src;
      setEngine('native');
      void element.play().catch(() => undefined);
      return;
    }
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void import('hls.js/light').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        setEngine('none');
        return;
      }
      const hls = new Hls({ enableWorker: true });
      hls.loadSource(src);
      hls.attachMedia(element);
      hls.on(Hls.Events.MANIFEST_PARSED, () => void element.play().catch(() => undefined));
      destroy = () => hls.destroy();
      setEngine('hls.js');
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src]);

  if (!src || engine === 'none')
    return (
      <div className={styles.player}>
        {cover && <img className={styles.cover} src={cover} alt="" />}
        <p className={styles.playerNote} role="status">
          {engine === 'none' ? '当前浏览器无法播放直播，请在手机浏览器或微信中打开' : note}
        </p>
      </div>
    );
  return (
    <div className={styles.player}>
      <video
        ref={video}
        className={styles.video}
        poster={cover}
        aria-label="直播画面"
        data-engine={engine}
        playsInline
        autoPlay
        muted={muted}
        loop
        controls={replay}
      />
      <button
        type="button"
        className={styles.soundButton}
        aria-label={muted ? '打开声音' : '关闭声音'}
        onClick={() => setMuted((m) => !m)}
      >
        {muted ? '🔇' : '🔊'}
      </button>
    </div>
  );
}
