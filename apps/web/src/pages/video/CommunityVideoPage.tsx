// /activity/communityVideo/index "社区视频": the shoppers' snack videos. The chosen one (`?id=`,
// else the first) plays on the stage at the top; the others are cards below, a tap plays one in
// its place. The brand film and poster are linked at the bottom. docs/content-pages.md.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Empty, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { formatDuration, useVideoPage, type Video } from './useVideoPage.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import styles from './video.module.css';

function VideoCard({
  video,
  current,
  onPick,
}: {
  video: Video;
  current: boolean;
  onPick: () => void;
}) {
  // A link (the page's own URL with ?id=), so a long press can copy or open it like any link.
  return (
    <li>
      <Link
        className={styles.item}
        to={paths.communityVideos({ id: video.id })}
        replace
        aria-current={current ? 'true' : undefined}
        onClick={onPick}
      >
        <span className={styles.thumb}>
          <img src={video.poster} alt="" loading="lazy" />
          {video.duration > 0 && video.state === 'ready' && (
            <span className={styles.duration}>{formatDuration(video.duration)}</span>
          )}
        </span>
        <span className={styles.itemText}>
          <span className={styles.itemTitle}>{video.title}</span>
          <span className={styles.itemAuthor}>@{video.author}</span>
        </span>
      </Link>
    </li>
  );
}

export default function CommunityVideoPage() {
  const [params] = useSearchParams();
  const { remote, retry } = useVideoPage();
  const [played, setPlayed] = useState(false);
  const view = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    view
      ? {
          path: paths.communityVideos(),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: view.videos[0]?.poster,
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const brandId = v.brand.video?.id;
  const community = v.videos.filter((video) => video.id !== brandId);
  const current = community.find((video) => video.id === params.get('id')) ?? community[0];

  const pick = () => {
    setPlayed(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline}
        rules={v.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      {current ? (
        <>
          <section className={styles.stage} aria-label="正在播放">
            <VideoPlayer video={current} autoPlay={played} />
            <div className={styles.info}>
              <h2>{current.title}</h2>
              <p className={styles.meta}>@{current.author}</p>
              {current.description && <p className={styles.description}>{current.description}</p>}
            </div>
          </section>
          {community.length > 1 && (
            <>
              <h2 className={styles.sectionTitle}>更多视频</h2>
              <ul className={styles.list} aria-label="视频列表">
                {community.map((video) => (
                  <VideoCard
                    key={video.id}
                    video={video}
                    current={video.id === current.id}
                    onPick={pick}
                  />
                ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <Empty title="还没有社区视频" description="达人们正在拍摄中，晚点再来看看吧" />
      )}
      <section className={styles.card} aria-label="品牌故事">
        <h2>{v.brand.headline}</h2>
        <p>{v.brand.story}</p>
        <div className={styles.actions}>
          {v.brand.video && (
            <Link className={`${styles.linkButton} ${styles.primaryLink}`} to={paths.brandVideo()}>
              看品牌视频
            </Link>
          )}
          <Link className={styles.linkButton} to={paths.brandPoster()}>
            品牌海报
          </Link>
        </div>
      </section>
    </main>
  );
}
