// One video with its poster frame. Inline playback everywhere (iOS Safari and WeChat's X5 player
// would otherwise go full screen on play); `preload="metadata"` fetches only the index until the
// shopper taps play. A video that cannot play yet keeps its poster and says why: still being
// prepared, or no encoder on this server; a failed load offers a retry.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/index.ts';
import type { Video } from './useVideoPage.ts';
import styles from './video.module.css';

/** WeChat's X5 and older iOS read these non-standard attributes for inline playback. */
const INLINE = {
  'webkit-playsinline': 'true',
  'x5-playsinline': 'true',
  'x5-video-player-type': 'h5-page',
} as Record<string, string>;

export function VideoPlayer({ video, autoPlay = false }: { video: Video; autoPlay?: boolean }) {
  const element = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const key = `${video.id}:${video.sources.map((s) => s.src).join(',')}`;
  useEffect(() => {
    setFailed(false);
    if (autoPlay && element.current) element.current.play().catch(() => undefined);
  }, [key, autoPlay]);

  const frame = { aspectRatio: String(video.aspect) };
  if (video.state !== 'ready')
    return (
      <div className={styles.player} style={frame}>
        <img className={styles.media} src={video.poster} alt={`${video.title}（封面）`} />
        <p className={styles.overlay} role="status">
          {video.state === 'preparing' ? '视频准备中，请稍候…' : '视频暂时无法播放，先看看封面吧'}
        </p>
      </div>
    );
  return (
    <div className={styles.player} style={frame}>
      <video
        key={key}
        ref={element}
        className={styles.media}
        controls
        playsInline
        preload="metadata"
        poster={video.poster || undefined}
        aria-label={video.title}
        data-video-id={video.id}
        onError={() => setFailed(true)}
        {...INLINE}
      >
        {video.sources.map((source) => (
          <source
            key={source.src}
            src={source.src}
            type={source.type}
            onError={() => setFailed(true)}
          />
        ))}
        您的浏览器不支持视频播放
      </video>
      {failed && (
        <div className={styles.overlay} role="alert">
          <p>视频加载失败</p>
          <Button
            size="small"
            shape="rounded"
            onClick={() => {
              setFailed(false);
              element.current?.load();
            }}
          >
            重新加载
          </Button>
        </div>
      )}
    </div>
  );
}
