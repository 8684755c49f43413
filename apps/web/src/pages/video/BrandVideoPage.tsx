// /activity/communityVideo/brandVideo "品牌视频": the brand film with the brand's story, and the
// way to its poster. A brand film the settings no longer name shows the story alone.
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useVideoPage } from './useVideoPage.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import styles from './video.module.css';

export default function BrandVideoPage() {
  const { remote, retry } = useVideoPage();
  const brand = remote.status === 'ready' ? remote.data.brand : null;
  const share = usePageShare(
    brand
      ? {
          path: paths.brandVideo(),
          title: brand.headline,
          description: brand.story.slice(0, 60),
          image: brand.video?.poster,
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const b = remote.data.brand;
  return (
    <main className={styles.page}>
      <header className={styles.brandHead}>
        <h1>{b.headline}</h1>
        <p>{remote.data.campaign.tagline}</p>
      </header>
      {b.video ? (
        <section className={styles.stage} aria-label="品牌视频">
          <VideoPlayer video={b.video} />
          <div className={styles.info}>
            <h2>{b.video.title}</h2>
            {b.video.description && <p className={styles.description}>{b.video.description}</p>}
          </div>
        </section>
      ) : (
        <Empty title="品牌视频即将上线" description="敬请期待" />
      )}
      <section className={styles.card} aria-label="品牌故事">
        <h2>品牌故事</h2>
        <p>{b.story}</p>
        <div className={styles.actions}>
          <Link className={`${styles.linkButton} ${styles.primaryLink}`} to={paths.brandPoster()}>
            保存品牌海报
          </Link>
          <button type="button" className={styles.linkButton} onClick={share}>
            分享
          </button>
        </div>
      </section>
    </main>
  );
}
