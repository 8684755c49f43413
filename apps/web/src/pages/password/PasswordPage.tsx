// /activity/password/index "口令有奖": enter a password, win its prize. Wrong, used-up, expired,
// not-yet-valid, already-used and too-many-attempts each get their own message and look.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Input } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { codeOf, type Award } from '../campaign-kit/api.ts';
import { detailPath } from '../campaign-kit/paths.ts';
import { campaignShare, usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Failed, Hero, Loading } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import styles from './PasswordPage.module.css';

function OutcomeCard({ outcome, onOpen }: { outcome: Outcome; onOpen: (award: Award) => void }) {
  return (
    <div className={outcome.tone === 'win' ? styles.win : styles.refused} role="alert">
      <strong>{outcome.title}</strong>
      <p>{outcome.message}</p>
      {outcome.award && (
        <Button size="small" color="primary" shape="rounded" onClick={() => onOpen(outcome.award!)}>
          {outcome.award.kind === 'goods' ? '去填写地址' : '查看奖品'}
        </Button>
      )}
    </div>
  );
}

export default function PasswordPage() {
  const navigate = useNavigate();
  const { remote, retry } = useRemote(() => api.call('password.page'), []);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Shared under the campaign's configured title (an operator may change it), once it is read.
  const share = usePageShare(
    remote.status === 'ready' ? campaignShare('password', remote.data.campaign) : null,
  );

  const redeem = useDoubleClickGuard(async () => {
    const value = password.trim();
    if (!value) {
      toast('请输入口令');
      return;
    }
    if (!isLoggedIn()) {
      askLogin('登录后即可兑换口令奖品');
      return;
    }
    setSending(true);
    const reply = await runAction(() => api.call('password.redeem', { password: value }), toast);
    setSending(false);
    if (!reply) return;
    setOutcome(
      outcomeOf(
        isSuccess(reply) ? 0 : codeOf(reply),
        reply.message,
        isSuccess(reply) ? reply.data.award : null,
      ),
    );
    if (isSuccess(reply)) setPassword('');
  });

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  const { campaign, prizes } = remote.data;
  const running = campaign.state === 'running';

  return (
    <main className={styles.page}>
      <Hero
        title={campaign.title}
        subtitle="输入活动口令，好礼立即到账"
        rules={campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={campaign} />
      </Hero>
      <section className={styles.card}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            redeem();
          }}
        >
          <div className={styles.inputBox}>
            <Input
              aria-label="活动口令"
              placeholder="请输入活动口令"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setOutcome(null);
              }}
              maxLength={32}
              clearable
            />
          </div>
          <Button
            block
            type="submit"
            color="primary"
            shape="rounded"
            size="large"
            loading={sending}
            disabled={!running}
          >
            {running ? '立即兑换' : campaign.state === 'ended' ? '活动已结束' : '活动未开始'}
          </Button>
        </form>
        {outcome && (
          <OutcomeCard
            outcome={outcome}
            onOpen={(award) =>
              navigate(award.kind === 'goods' ? '/activity/password/award' : detailPath(award))
            }
          />
        )}
        <p className={styles.tip}>口令不区分大小写，空格会自动忽略</p>
      </section>
      <section className={styles.card} aria-label="口令奖品">
        <h2 className={styles.heading}>口令好礼</h2>
        {prizes.length === 0 ? (
          // No prize configured yet: say so rather than leave the heading over nothing.
          <div className={styles.prizesEmpty}>
            <p>口令好礼即将公布</p>
            <p>敬请留意直播间和商品包装上的活动口令</p>
          </div>
        ) : (
          <ul className={styles.prizes}>
            {prizes.map((prize) => (
              <li key={prize.key}>
                <img src={prize.image} alt="" />
                <span>{prize.name}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link className={styles.mine} to="/activity/password/award">
        查看我的奖品 ›
      </Link>
    </main>
  );
}
