import { Link } from 'react-router';
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
    path: '/activity/sign/index',
    title: '每日签到',
    description: '天天签到领积分，连签有大礼',
    icon: '/api/campaign/assets/points.png',
  },
  {
    path: '/activity/raffle/index',
    title: '幸运抽奖',
    description: '每天3次免费抽，零食礼包等你拿',
    icon: '/api/campaign/assets/gift.png',
  },
  {
    path: '/activity/password/index',
    title: '口令有奖',
    description: '输入活动口令，好礼立即到账',
    icon: '/api/campaign/assets/nuts.png',
  },
  {
    path: '/activity/coupon/core',
    title: '领券中心',
    description: '坚果果干饮品，好券天天领',
    icon: '/api/campaign/assets/coupon.png',
  },
  {
    path: '/activity/newuser/coupon',
    title: '新人专享券',
    description: '新用户专享满减礼包',
    icon: '/api/campaign/assets/gift.png',
  },
  {
    path: '/activity/coupon/poster',
    title: '送好友优惠券',
    description: '生成专属海报，好友领券',
    icon: '/api/campaign/assets/coupon.png',
  },
  {
    path: '/activity/coupon/use',
    title: '我的优惠券',
    description: '到店出示券码，线上下单抵扣',
    icon: '/api/campaign/assets/coupon.png',
  },
];

export default function HomePage() {
  return (
    <main className={styles.page}>
      <header className={styles.banner}>
        <h1 className={styles.title}>活动中心</h1>
        <p className={styles.subtitle}>签到、抽奖、领券，好吃又好玩</p>
      </header>
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
