// /activity/communityVideo/brandPoster "品牌海报": the poster the server draws (PNG, 750 x 1334,
// with the QR code of the brand film). A real <img> so a long press saves it inside WeChat and
// on phones; elsewhere a download link (Content-Disposition: attachment) saves it too.
import { useState } from 'react';
import { environment } from '../../env/detect.ts';
import { Button } from '../../ui/index.ts';
import { Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useVideoPage } from './useVideoPage.ts';
import styles from './video.module.css';

type ImageState = 'loading' | 'shown' | 'failed';

export default function BrandPosterPage() {
  const { remote, retry } = useVideoPage();
  const [image, setImage] = useState<ImageState>('loading');
  const [attempt, setAttempt] = useState(0);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { brand } = remote.data;
  const env = environment();
  const src = attempt > 0 ? `${brand.posterImage}&retry=${attempt}` : brand.posterImage;
  return (
    <main className={styles.page}>
      <div className={styles.posterFrame} aria-busy={image === 'loading'}>
        {image !== 'failed' && (
          <img
            key={src}
            src={src}
            alt={`品牌海报：${brand.headline}`}
            onLoad={() => setImage('shown')}
            onError={() => setImage('failed')}
          />
        )}
        {image === 'loading' && (
          <p className={styles.posterLoading} role="status">
            海报生成中…
          </p>
        )}
        {image === 'failed' && (
          <div className={styles.posterLoading} role="alert" style={{ flexDirection: 'column' }}>
            <p>海报加载失败</p>
            <Button
              shape="rounded"
              color="primary"
              onClick={() => {
                setImage('loading');
                setAttempt((n) => n + 1);
              }}
            >
              重新加载
            </Button>
          </div>
        )}
      </div>
      {image === 'shown' && (
        <>
          <p className={styles.hint}>
            {env.wechat || env.app || env.os !== 'other'
              ? '长按图片保存到相册，分享给好友'
              : '右键或长按图片保存，也可以直接下载'}
          </p>
          {!env.wechat && (
            <div className={styles.actions} style={{ margin: '12px 16px 0' }}>
              <a
                className={`${styles.linkButton} ${styles.primaryLink}`}
                href={brand.posterDownload}
                download="brand-poster.png"
              >
                下载海报
              </a>
            </div>
          )}
        </>
      )}
    </main>
  );
}
