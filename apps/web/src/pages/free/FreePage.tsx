// /activity/free/index "摇一摇免单": shake the phone (DeviceMotion; iOS asks permission on a tap)
// or tap 摇一摇 — either way the page only asks, the server spends one of today's shakes and
// draws. A win is a free-meal coupon (the reward popup's 去使用 opens it in the coupon pages); a
// loss says so. Works logged out: shaking asks for login and completes after it.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { loadAwardReward } from '../campaign-kit/awardReward.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { usePageShare } from '../campaign-kit/share.ts';
import {
  askLogin,
  CampaignNotice,
  Empty,
  Hero,
  Loading,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { askMotionPermission, motionSupport, onShake } from './shake.ts';
import styles from './FreePage.module.css';

function showLoss(): void {
  void Dialog.alert({
    title: '很遗憾',
    content: '这次没有摇中免单，明天再来试试手气吧',
    confirmText: '知道了',
  });
}

export default function FreePage() {
  // Which shake campaign: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, setData } = useRemote(() => api.call('free.board', which), [which]);
  const [shaking, setShaking] = useState(false);
  const [reward, setReward] = useState<Reward | null>(null);
  // iOS: motion is off until the shopper grants it from a tap.
  const [motion, setMotion] = useState(motionSupport);
  const view = remote.status === 'ready' ? remote.data : null;
  const running = view?.campaign.state === 'running';
  const share = usePageShare(
    view
      ? {
          path: paths.free({ campaign: campaignId }),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: '/api/campaign/assets/free.svg',
        }
      : null,
  );

  const shake = useDoubleClickGuard(async () => {
    if (!view || shaking) return;
    if (!isLoggedIn()) {
      askLogin(`登录后即可摇奖，每天${view.dailyChances}次机会`, { action: 'free.shake' });
      return;
    }
    if (view.chances?.left === 0) {
      toast('今日摇奖次数已用完，明天再来吧');
      return;
    }
    setShaking(true);
    const reply = await runAction(() => api.call('free.shake', which), toast);
    // The phone shakes on screen a moment either way, so the answer never feels instant-random.
    window.setTimeout(() => {
      setShaking(false);
      if (!reply) return;
      if (!isSuccess(reply)) {
        toast(reply.message);
        return;
      }
      setData((v) => ({ ...v, chances: reply.data.chances }));
      const award = reply.data.award;
      if (!award) return showLoss();
      void loadAwardReward(award).then((r) => setReward({ ...r, title: '恭喜摇中' }));
    }, 700);
  });
  useResumeAction('free.shake', running === true, shake);

  const canShake = running === true && view?.loggedIn === true && (view.chances?.left ?? 0) > 0;
  const threshold = view?.shakeThreshold ?? 15;
  const fire = useCallback(() => shake(), [shake]);
  useEffect(() => {
    if (!canShake || motion !== 'ready' || shaking || reward) return;
    return onShake(threshold, fire);
  }, [canShake, motion, shaking, reward, threshold, fire]);

  const enableMotion = async (tell = true) => {
    if (await askMotionPermission()) setMotion('ready');
    else {
      setMotion('none');
      if (tell) toast('未获得动作权限，点击按钮也能摇奖');
    }
  };

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const hasPrizes = v.prizes.length > 0;
  const left = v.chances?.left;
  const label = !running
    ? v.campaign.state === 'ended'
      ? '活动已结束'
      : v.campaign.state === 'paused'
        ? '活动已暂停'
        : '活动未开始'
    : shaking
      ? '摇奖中…'
      : left === 0
        ? '明天再来'
        : v.loggedIn
          ? '摇一摇'
          : '登录摇一摇';

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || `每天${v.dailyChances}次摇奖机会，摇中即免单`}
        rules={v.campaign.rules}
        onShare={
          hasPrizes && v.campaign.state !== 'ended' && v.campaign.state !== 'paused'
            ? share
            : undefined
        }
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      {!hasPrizes ? (
        <section className={styles.stage}>
          <Empty title="奖品准备中，敬请期待" description="免单券正在路上，稍后再来摇一摇吧" />
        </section>
      ) : (
        <section className={styles.stage} aria-label="摇一摇">
          <div className={shaking ? styles.phoneShaking : styles.phone} aria-hidden>
            <span>摇</span>
          </div>
          <p className={styles.tip}>
            {left === 0
              ? '今天的摇奖机会用完了，明天再来'
              : running && v.loggedIn && motion === 'ready'
                ? '摇动手机，或点击下方按钮'
                : '点击下方按钮参与摇奖'}
          </p>
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            className={styles.shakeButton}
            disabled={!running || shaking || left === 0}
            onClick={() => {
              // The tap is the moment iOS lets the page ask for motion: later shakes then count.
              if (motion === 'ask' && v.loggedIn) void enableMotion(false);
              shake();
            }}
          >
            {label}
          </Button>
          {running && v.loggedIn && motion === 'ask' && left !== 0 && (
            <button type="button" className={styles.motion} onClick={() => void enableMotion()}>
              开启“摇动手机”摇奖
            </button>
          )}
          <p className={styles.chances}>
            {v.chances
              ? `今日剩余 ${v.chances.left} 次（每天 ${v.dailyChances} 次）`
              : `每天 ${v.dailyChances} 次机会，登录即可参与`}
          </p>
        </section>
      )}
      {hasPrizes && (
        <section className={styles.card} aria-label="奖品">
          <h2 className={styles.heading}>本期奖品</h2>
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
        <Link to={paths.awards('free', campaignId)}>我的奖品 ›</Link>
        <Link to={paths.coupons()}>我的优惠券 ›</Link>
      </nav>
      <RewardPopup reward={reward} onClose={() => setReward(null)} continueLabel="知道了" />
    </main>
  );
}
