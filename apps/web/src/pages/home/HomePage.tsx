// `/` 活动中心: the shopper's numbers (points, prizes of every campaign, coupons: one summary call)
// with the way to "我的奖品" and "我的优惠券", then every running campaign.
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { goToLogin } from '../../request/loginRedirect.ts';
import { isLoggedIn } from '../../session/session.ts';
import { useRemote } from '../campaign-kit/useRemote.ts';
import styles from './HomePage.module.css';

interface Entry {
  path: string;
  title: string;
  description: string;
  icon: string;
}

/** The campaign hub: what is running now. Campaigns add their entries as they land. */
const ENTRIES: Entry[] = [
  {
    path: paths.sign(),
    title: '每日签到',
    description: '天天签到领积分，连签有大礼',
    icon: '/api/campaign/assets/points.png',
  },
  {
    path: paths.raffle(),
    title: '幸运抽奖',
    description: '天天免费抽，零食礼包等你拿',
    icon: '/api/campaign/assets/gift.png',
  },
  {
    path: paths.password(),
    title: '口令有奖',
    description: '输入活动口令，好礼立即到账',
    icon: '/api/campaign/assets/nuts.png',
  },
  {
    path: paths.couponCentre(),
    title: '领券中心',
    description: '坚果果干饮品，好券天天领',
    icon: '/api/campaign/assets/coupon.png',
  },
  {
    path: paths.newUserPack(),
    title: '新人专享券',
    description: '新用户专享满减礼包',
    icon: '/api/campaign/assets/gift.png',
  },
  {
    path: paths.couponPoster(),
    title: '送好友优惠券',
    description: '生成专属海报，好友领券',
    icon: '/api/campaign/assets/coupon.png',
  },
  {
    path: paths.coupons(),
    title: '我的优惠券',
    description: '到店出示券码，线上下单抵扣',
    icon: '/api/campaign/assets/coupon.png',
  },
];

/** The shopper's points, prizes and coupons; a visitor sees zeros and the way to log in. */
function Summary() {
  const { remote, retry } = useRemote(() => api.call('hub.summary'), []);
  if (remote.status === 'failed')
    return (
      <section className={styles.summary} aria-label="我的资产">
        <p className={styles.summaryNote}>
          我的数据暂时加载失败
          <button type="button" className={styles.retry} onClick={retry}>
            重新加载
          </button>
        </p>
      </section>
    );
  const data = remote.status === 'ready' ? remote.data : null;
  // A visitor (no token) gets the login line at once, not when the answer says so: the list
  // below would move down under their eyes (a layout shift Lighthouse counts, issue 24).
  const visitor = data ? !data.loggedIn : !isLoggedIn();
  const tiles = [
    { label: '积分', value: data?.points, to: paths.sign() },
    { label: '我的奖品', value: data?.prizes, to: paths.myPrizes() },
    { label: '优惠券', value: data?.coupons.unused, to: paths.coupons() },
  ];
  return (
    <section className={styles.summary} aria-label="我的资产" aria-busy={data === null}>
      <div className={styles.tiles}>
        {tiles.map((tile) => (
          <Link key={tile.label} to={tile.to} className={styles.tile}>
            <strong className={styles.number}>{tile.value ?? 0}</strong>
            <span>{tile.label}</span>
          </Link>
        ))}
      </div>
      {visitor && (
        <p className={styles.summaryNote}>
          登录查看我的积分、奖品和优惠券
          <button type="button" className={styles.retry} onClick={() => goToLogin()}>
            去登录
          </button>
        </p>
      )}
      {data && data.coupons.expiringSoon > 0 && (
        <Link to={paths.coupons()} className={styles.expiring}>
          {data.coupons.expiringSoon}张优惠券即将过期，去使用 ›
        </Link>
      )}
    </section>
  );
}

export default function HomePage() {
  return (
    <main className={styles.page}>
      <header className={styles.banner}>
        <h1 className={styles.title}>活动中心</h1>
        <p className={styles.subtitle}>签到、抽奖、领券，好吃又好玩</p>
      </header>
      <Summary />
      <nav className={styles.list} aria-label="进行中的活动">
        {ENTRIES.map((entry) => (
          <Link key={entry.path} to={entry.path} className={styles.entry}>
            <img src={entry.icon} alt="" className={styles.icon} />
            <span className={styles.text}>
              <strong>{entry.title}</strong>
              <span>{entry.description}</span>
            </span>
            <span className={styles.arrow} aria-hidden>
              ›
            </span>
          </Link>
        ))}
      </nav>
    </main>
  );
}
