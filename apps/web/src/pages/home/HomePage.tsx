import { ErrorBlock } from '../../ui/index.ts';
import styles from './HomePage.module.css';

/** The campaign hub: what is running now. Campaigns add their entries as they land. */
export default function HomePage() {
  return (
    <main className={styles.page}>
      <header className={styles.banner}>
        <h1 className={styles.title}>活动中心</h1>
        <p className={styles.subtitle}>签到、抽奖、领券，好吃又好玩</p>
      </header>
      <section className={styles.list} aria-label="进行中的活动">
        <ErrorBlock status="empty" title="暂无进行中的活动" description="新活动即将上线，敬请期待" />
      </section>
    </main>
  );
}
