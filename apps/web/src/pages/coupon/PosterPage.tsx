// /activity/coupon/poster "优惠券海报": a poster of the gift coupon with a QR code of the
// shopper's gift link, rendered to an image the shopper long-presses to save; or shared as a link.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Failed, Loading, LoginPrompt } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { drawPoster } from './draw.ts';
import styles from './PosterPage.module.css';
import { paths } from '../../routes/paths.ts';

function Poster() {
  const { remote, retry } = useRemote(() => api.call('coupon.poster'), []);
  const [image, setImage] = useState('');
  const [drawFailed, setDrawFailed] = useState(false);
  const view = remote.status === 'ready' ? remote.data : null;
  // A friend can claim only while the campaign runs: outside it there is nothing to hand out.
  const running = view?.campaign.state === 'running';
  const share = usePageShare(
    view && running
      ? {
          path: view.sharePath,
          title: `${view.sharer.nickname || '好友'}送你一张${view.coupon.valueText}零食券`,
          description: view.subtitle,
          image: '/api/campaign/assets/coupon.png',
        }
      : null,
  );

  useEffect(() => {
    if (!view || !running) return;
    let live = true;
    drawPoster({
      title: view.title,
      subtitle: view.subtitle,
      valueText: view.coupon.valueText,
      thresholdText: view.coupon.thresholdText,
      couponName: view.coupon.name,
      nickname: view.sharer.nickname,
      link: new URL(view.sharePath, location.origin).href,
    })
      .then((url) => live && setImage(url))
      .catch(() => live && setDrawFailed(true));
    return () => {
      live = false;
    };
  }, [view, running]);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  if (!running)
    return (
      <>
        <CampaignNotice campaign={remote.data.campaign} />
        <p className={styles.tip}>活动期间才能生成分享海报</p>
      </>
    );
  return (
    <>
      <CampaignNotice campaign={remote.data.campaign} />
      <div className={styles.poster}>
        {image ? (
          <img src={image} alt="分享海报" className={styles.image} />
        ) : drawFailed ? (
          <p className={styles.tip}>海报生成失败，请直接分享链接给好友</p>
        ) : (
          // The poster's outline (picture, title, QR code) while it is drawn.
          <div className={styles.drawing} role="status" aria-label="海报生成中">
            <span className={styles.drawingPicture} />
            <span className={styles.drawingLine} />
            <span className={styles.drawingQr} />
            <p>海报生成中…</p>
          </div>
        )}
      </div>
      {image && <p className={styles.tip}>长按图片保存到相册，发给好友或朋友圈</p>}
      <div className={styles.actions}>
        <Button block color="primary" shape="rounded" onClick={share}>
          分享链接给好友
        </Button>
      </div>
    </>
  );
}

export default function PosterPage() {
  return (
    <main className={styles.page}>
      {isLoggedIn() ? (
        <Poster />
      ) : (
        <LoginPrompt title="登录后生成专属海报" description="好友通过你的海报领券，福利一起享" />
      )}
      <Link className={styles.back} to={paths.couponCentre()}>
        去领券中心
      </Link>
    </main>
  );
}
