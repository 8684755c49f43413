// /activity/communityVideo/middlePage?id= "社区视频": where a shared video lands. The video with
// its poster, who made it and what it is about, then the way on: more videos here, or the app
// (the middlePage copy of the settings). An unknown or removed video says so and offers the list.
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Failed, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useVideoPage } from './useVideoPage.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import styles from './video.module.css';

const TO_LIST = { label: '看看其他视频', to: paths.communityVideos() };

export default function MiddlePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { remote, retry } = useVideoPage();
  const video = remote.status === 'ready' ? remote.data.videos.find((x) => x.id === id) : undefined;
  const share = usePageShare(
    video
      ? {
          path: paths.communityVideo(video.id),
          title: video.title,
          description: video.description,
          image: video.poster,
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={TO_LIST} />;
  if (!video) return <Failed message="视频不存在或已下架" exit={TO_LIST} />;
  const { middlePage } = remote.data;
  return (
    <main className={styles.page}>
      <section className={styles.stage} aria-label="视频">
        <VideoPlayer video={video} />
        <div className={styles.info}>
          <h1 className={styles.itemTitle} style={{ fontSize: 18 }}>
            {video.title}
          </h1>
          <p className={styles.meta}>@{video.author}</p>
          {video.description && <p className={styles.description}>{video.description}</p>}
          <div className={styles.actions}>
            <button type="button" className={styles.linkButton} onClick={share}>
              分享给好友
            </button>
            <Link className={styles.linkButton} to={paths.communityVideos({ id: video.id })}>
              更多社区视频
            </Link>
          </div>
        </div>
      </section>
      <section className={styles.card} aria-label="打开 App">
        <h2>{middlePage.headline}</h2>
        {middlePage.description && <p>{middlePage.description}</p>}
        <div className={styles.actions}>
          <Link
            className={`${styles.linkButton} ${styles.primaryLink}`}
            to={paths.download('activity')}
          >
            下载 App
          </Link>
        </div>
      </section>
    </main>
  );
}
