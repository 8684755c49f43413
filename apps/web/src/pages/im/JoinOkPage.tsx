// /activity/im/joinOk?team=…&name=… "加入成功": the shopper is in the group chat; the page opens
// the chat (a button, and the conversation is one tap from the message list too).
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../routes/paths.ts';
import { Button } from '../../ui/index.ts';
import { Failed } from '../campaign-kit/states.tsx';
import styles from './im.module.css';

export default function JoinOkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const team = params.get('team') ?? '';
  const name = params.get('name')?.slice(0, 64) ?? '';
  if (!/^[1-9][0-9]{0,14}$/.test(team))
    return <Failed message="群聊不存在" exit={{ label: '返回消息列表', to: paths.imSessions() }} />;
  return (
    <main className={styles.joinPage}>
      <section className={styles.joinCard} aria-label="加入成功">
        <span className={styles.okMark} aria-hidden="true">
          ✓
        </span>
        <h1>加入成功</h1>
        <p className={styles.joinMeta}>{name ? `你已加入「${name}」` : '你已加入群聊'}</p>
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(paths.imChat({ to: team, scene: 'team' }), { replace: true })}
        >
          进入群聊
        </Button>
      </section>
    </main>
  );
}
