// /activity/password/index "口令有奖": enter a password, win its prize. Wrong, used-up, expired,
// not-yet-valid, already-used and too-many-attempts each get their own message and look. A win
// opens the reward popup; a password typed logged out is redeemed when login returns.
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Input } from '../../ui/index.ts';
import { api } from '../../request/api.ts';
import { codeOf, type Award } from '../campaign-kit/api.ts';
import { loadAwardReward } from '../campaign-kit/awardReward.ts';
import { detailPath } from '../campaign-kit/paths.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { campaignShare, usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Failed, Hero, Loading } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { outcomeOf, type Outcome } from './outcome.ts';
import styles from './PasswordPage.module.css';
import { paths } from '../../routes/paths.ts';

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

const RESUME = 'password.redeem';

// The address form (with the signed areas API) loads when a goods prize opens it.
const AddressSheet = lazy(() =>
  import('../campaign-kit/AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

export default function PasswordPage() {
  const navigate = useNavigate();
  // Which password campaign: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  // "我的奖品" of this password campaign (decision 0049).
  const myPrizesPath = paths.awards('password', campaignId);
  const { remote, retry } = useRemote(() => api.call('password.page', which), [which]);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reward, setReward] = useState<Reward | null>(null);
  const [addressFor, setAddressFor] = useState<Award | null>(null);
  // Shared under the campaign's configured title (an operator may change it), once it is read.
  const share = usePageShare(
    remote.status === 'ready'
      ? {
          ...campaignShare('password', remote.data.campaign),
          // A share opens the same password campaign.
          path: paths.password({ campaign: campaignId }),
        }
      : null,
  );

  const redeem = useDoubleClickGuard(async (typed?: string) => {
    const value = (typed ?? password).trim();
    if (!value) {
      toast('请输入口令');
      return;
    }
    if (!isLoggedIn()) {
      // The typed password goes along: login returns to it redeemed.
      askLogin('登录后即可兑换口令奖品', { action: RESUME, payload: value });
      return;
    }
    setSending(true);
    const reply = await runAction(
      () => api.call('password.redeem', { ...which, password: value }),
      toast,
    );
    setSending(false);
    if (!reply) return;
    setOutcome(
      outcomeOf(
        isSuccess(reply) ? 0 : codeOf(reply),
        reply.message,
        isSuccess(reply) ? reply.data.award : null,
      ),
    );
    if (isSuccess(reply)) {
      setPassword('');
      if (reply.data.award) void loadAwardReward(reply.data.award).then(setReward);
    }
  });
  useResumeAction(
    RESUME,
    remote.status === 'ready' && remote.data.campaign.state === 'running',
    (typed) => {
      if (!typed) return;
      setPassword(typed);
      redeem(typed);
    },
  );

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
            redeem(undefined);
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
            onOpen={(award) => navigate(award.kind === 'goods' ? myPrizesPath : detailPath(award))}
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
      <Link className={styles.mine} to={myPrizesPath}>
        查看我的奖品 ›
      </Link>
      <RewardPopup
        reward={reward}
        onClose={() => setReward(null)}
        onAddress={
          reward?.kind === 'goods' && outcome?.award
            ? () => setAddressFor(outcome.award)
            : undefined
        }
      />
      {addressFor && (
        <Suspense fallback={null}>
          <AddressSheet
            campaign={campaign.id}
            awardId={addressFor.id}
            prizeName={addressFor.name}
            visible
            onClose={() => setAddressFor(null)}
            onSubmitted={() => setAddressFor(null)}
          />
        </Suspense>
      )}
    </main>
  );
}
