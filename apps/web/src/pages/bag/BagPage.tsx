// /activity/openBagPrize/index "开袋有奖" (login): type the code printed inside the bag, or scan
// its QR code (the camera sheet loads only when opened; a phone camera opening the printed link
// lands here with ?code= filled in), and open it once for the prize the server draws. A goods
// prize goes on to the winner's information (/userInfo), points and coupons are delivered at once.
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { Button, Dialog } from '../../ui/index.ts';
import type { Award } from '../campaign-kit/api.ts';
import { loadAwardReward } from '../campaign-kit/awardReward.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { usePageShare } from '../campaign-kit/share.ts';
import { CampaignNotice, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import styles from './BagPage.module.css';

const ScanSheet = lazy(() => import('./ScanSheet.tsx').then((m) => ({ default: m.ScanSheet })));

export default function BagPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Which open-bag campaign: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, refresh } = useRemote(() => api.call('bag.page', which), [which]);
  const [code, setCode] = useState(params.get('code') ?? '');
  const [opening, setOpening] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [reward, setReward] = useState<Reward | null>(null);
  const [won, setWon] = useState<Award | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    view
      ? {
          path: paths.bag({ campaign: campaignId }),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: '/api/campaign/assets/gift.svg',
        }
      : null,
  );

  const open = useDoubleClickGuard(async () => {
    if (opening) return;
    if (!/^[A-Za-z0-9 -]{6,40}$/.test(code.trim())) {
      toast('请输入袋内6位以上的兑奖码');
      return;
    }
    setOpening(true);
    const reply = await runAction(
      () => api.call('bag.open', { ...which, code: code.trim() }),
      toast,
    );
    setOpening(false);
    if (!reply) return;
    refresh();
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    setCode('');
    const award = reply.data.award;
    if (!award) {
      void Dialog.alert({
        title: '很遗憾',
        content: '这袋没有中奖，再开一袋试试吧',
        confirmText: '知道了',
      });
      return;
    }
    setWon(award);
    void loadAwardReward(award).then((r) => setReward({ ...r, title: '开袋中奖' }));
  });

  const scanned = useCallback((value: string) => {
    setScanning(false);
    setCode(value);
    toast('已识别兑奖码，点击“立即开奖”');
  }, []);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const running = v.campaign.state === 'running';
  const spent = v.attemptsLeftToday === 0;

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || undefined}
        rules={v.campaign.rules}
        onShare={running || v.campaign.state === 'not_started' ? share : undefined}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      <section className={styles.card} aria-label="开袋兑奖">
        <label className={styles.label} htmlFor="bag-code">
          袋内兑奖码
        </label>
        <div className={styles.codeRow}>
          <input
            id="bag-code"
            className={styles.input}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            placeholder="撕开包装袋，输入袋内兑奖码"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            disabled={!running}
          />
          <button
            type="button"
            className={styles.scanButton}
            disabled={!running}
            onClick={() => setScanning(true)}
          >
            扫码
          </button>
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={opening}
          disabled={!running || spent || code.trim() === ''}
          onClick={open}
        >
          {!running
            ? v.campaign.state === 'ended'
              ? '活动已结束'
              : v.campaign.state === 'paused'
                ? '活动已暂停'
                : '活动未开始'
            : '立即开奖'}
        </Button>
        <p className={styles.hint}>
          {spent
            ? '今日兑奖次数已用完，请明天再来'
            : `今日还可兑奖 ${v.attemptsLeftToday} 次 · 已开袋 ${v.opened} 次`}
        </p>
      </section>
      {v.prizes.length > 0 && (
        <section className={styles.card} aria-label="奖品">
          <h2 className={styles.heading}>袋中好礼</h2>
          <ul className={styles.prizes}>
            {v.prizes.map((prize) => (
              <li key={prize.key}>
                <img src={prize.image} alt="" width={56} height={56} />
                <span>{prize.name}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className={styles.links}>
        <Link to={paths.bagList({ campaign: campaignId })}>中奖记录 ›</Link>
      </nav>
      {scanning && (
        <Suspense fallback={null}>
          <ScanSheet onCode={scanned} onClose={() => setScanning(false)} />
        </Suspense>
      )}
      <RewardPopup
        reward={reward}
        onClose={() => setReward(null)}
        onAddress={
          won?.kind === 'goods'
            ? () => {
                setReward(null);
                navigate(paths.bagUserInfo(won.id, { campaign: campaignId }));
              }
            : undefined
        }
      />
    </main>
  );
}
