// /activity/orangeCard/index "小橙卡": the card of the chosen city, its face values, how many, the
// total, and 立即购买 (which confirms and pays on orderSubmit; buying asks for login there).
// Visitors see it all; a shopper also sees how many cards they hold.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Empty, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { cityOf, rememberCity } from './api.ts';
import styles from './orange.module.css';

export default function IndexPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const city = cityOf(location.search);
  const { remote, retry } = useRemote(
    () => api.call('orangeCard.home', city ? { city } : undefined),
    [city],
  );
  const [faceId, setFaceId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const home = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    home
      ? {
          path: paths.orangeCard(),
          title: home.campaign.title,
          description: home.campaign.shareText,
          image: '/api/campaign/assets/gift.png',
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const { campaign, faces, maxQuantity, cardName, cardsHeld } = remote.data;
  const face = faces.find((f) => f.id === faceId) ?? faces[0];
  const running = campaign.state === 'running';
  const total = face ? ((face.amount * quantity) / 100).toFixed(2) : '0.00';

  const buy = () => {
    if (!face) return;
    rememberCity(remote.data.city.code);
    navigate(paths.orangeOrderSubmit({ city: remote.data.city.code, faceId: face.id, quantity }));
  };

  return (
    <main className={styles.page}>
      <Hero
        title={campaign.title}
        subtitle={campaign.tagline}
        rules={campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={campaign} />
      </Hero>
      <section className={styles.cardFace} aria-label={`${cardName}卡面`}>
        <div className={styles.cardTop}>
          <span className={styles.cardName}>{cardName}</span>
          <span className={styles.cityTag}>{remote.data.city.name}通用</span>
        </div>
        <p className={styles.cardValue}>
          <small>¥</small>
          {face?.amountText ?? '--'}
        </p>
        <p className={styles.cardNo}>支付成功后发放卡号，可赠送好友</p>
      </section>
      <section className={styles.panel}>
        <Link className={styles.cityRow} to={paths.orangeChooseCity()}>
          <span>
            使用城市 <strong>{remote.data.city.name}</strong>
          </span>
          <span className={styles.cityChange}>切换城市 ›</span>
        </Link>
      </section>
      <section className={styles.panel} aria-labelledby="faces-heading">
        <h2 id="faces-heading" className={styles.heading}>
          选择面值
        </h2>
        {faces.length === 0 || !face ? (
          <Empty title="该城市暂无可售面值" description="请切换到其他城市看看" />
        ) : (
          <>
            <div className={styles.faces} role="radiogroup" aria-labelledby="faces-heading">
              {faces.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  role="radio"
                  aria-checked={f.id === face.id}
                  className={f.id === face.id ? styles.faceSelected : styles.face}
                  onClick={() => setFaceId(f.id)}
                >
                  ¥{f.amountText}
                </button>
              ))}
            </div>
            <div className={styles.quantityRow}>
              <span id="quantity-label">购买数量</span>
              <div className={styles.stepper} role="group" aria-labelledby="quantity-label">
                <button
                  type="button"
                  aria-label="减少一张"
                  disabled={quantity <= 1}
                  onClick={() => setQuantity((n) => Math.max(1, n - 1))}
                >
                  −
                </button>
                <output aria-live="polite">{quantity}</output>
                <button
                  type="button"
                  aria-label="增加一张"
                  disabled={quantity >= maxQuantity}
                  onClick={() => setQuantity((n) => Math.min(maxQuantity, n + 1))}
                >
                  +
                </button>
              </div>
            </div>
            <p className={styles.muted}>每单最多 {maxQuantity} 张</p>
            <p className={styles.total}>
              合计 <strong>¥{total}</strong>
            </p>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              disabled={!running}
              onClick={buy}
            >
              {running ? '立即购买' : campaign.state === 'ended' ? '活动已结束' : '活动未开始'}
            </Button>
          </>
        )}
      </section>
      <nav className={styles.links} aria-label="我的小橙卡">
        <Link className={styles.linkTile} to={paths.orangeGive()}>
          赠送好友
          <span>{isLoggedIn() ? `我有 ${cardsHeld} 张可用` : '登录后查看我的卡'}</span>
        </Link>
        <Link className={styles.linkTile} to={paths.orangeBuyRecord()}>
          购买记录
          <span>订单与卡号</span>
        </Link>
      </nav>
    </main>
  );
}
