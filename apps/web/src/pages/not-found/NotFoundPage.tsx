import { Button, ErrorBlock } from '../../ui/index.ts';
import { useNavigate } from 'react-router';
import styles from './NotFoundPage.module.css';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className={styles.page}>
      <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或已下线" />
      <Button className={styles.home} color="primary" shape="rounded" onClick={() => navigate('/')}>
        返回活动中心
      </Button>
    </main>
  );
}
