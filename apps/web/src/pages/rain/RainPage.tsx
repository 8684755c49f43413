// /activity/redPacketRain/index "红包雨": a timed round of falling red packets. The server plans
// the round and signs its token (rain.start); the canvas only animates the plan and reports the
// packets tapped (rain.settle), and the server decides what the round is worth. Rounds need the
// shopper's WeChat when the campaign says so (the oauth page obtains it and comes back); friends'
// assists add rounds (the share link opens /helpU). Works logged out: 开始 asks for login and
// starts after it.
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import { loadAwardReward } from '../campaign-kit/awardReward.ts';
import { rememberAction, useResumeAction } from '../campaign-kit/pendingAction.ts';
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
import type { Catch, RoundPlan } from './engine.ts';
import { RainStage } from './RainStage.tsx';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import { rainShare } from './share.ts';
import styles from './RainPage.module.css';

interface Round {
  token: string;
  plan: RoundPlan;
}

function showResult(catches: number, minCatches: number): void {
  void Dialog.alert({
    title: `本轮抢到 ${catches} 个红包`,
    content:
      catches < minCatches
        ? `抢到 ${minCatches} 个红包才能抽奖，下一轮手再快一点！`
        : '这次没有抽中奖品，下一轮再来试试手气吧',
    confirmText: '知道了',
  });
}

export default function RainPage() {
  const navigate = useNavigate();
  // Which rain: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, refresh, setData } = useRemote(
    () => api.call('rain.board', which),
    [which],
  );
  const [round, setRound] = useState<Round | null>(null);
  const [settling, setSettling] = useState(false);
  const [reward, setReward] = useState<Reward | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  const running = view?.campaign.state === 'running';
  const share = usePageShare(view ? rainShare(view) : null);

  const start = useDoubleClickGuard(async () => {
    if (!view || round || settling) return;
    if (!isLoggedIn()) {
      askLogin(`登录后即可参与红包雨，每天${view.dailyChances}次机会`, { action: 'rain.start' });
      return;
    }
    if (view.requireWechat && view.wechatBound === false) {
      // The oauth page binds the WeChat and comes back here, where the round starts.
      rememberAction('rain.start');
      navigate(paths.rainOauth({ campaign: campaignId }));
      return;
    }
    if (view.chances?.left === 0) {
      toast(CODES.rainNoChances.message);
      return;
    }
    const reply = await runAction(() => api.call('rain.start', which), toast);
    if (!reply) return;
    if (!isSuccess(reply)) {
      if (codeOf(reply) === CODES.wechatIdentityRequired.code) {
        rememberAction('rain.start');
        navigate(paths.rainOauth({ campaign: campaignId }));
        return;
      }
      toast(reply.message);
      refresh();
      return;
    }
    const r = reply.data;
    setData((v) => ({ ...v, chances: r.chances }));
    setRound({
      token: r.token,
      plan: {
        roundMs: r.roundMs,
        fallMs: r.fallMs,
        packets: r.packets,
        maxTapsPerSecond: r.maxTapsPerSecond,
        maxTapsPerRound: r.maxTapsPerRound,
      },
    });
  });
  useResumeAction('rain.start', running === true, start);

  const finish = useCallback(
    async (token: string, catches: Catch[]) => {
      setSettling(true);
      const reply = await runAction(
        () => api.call('rain.settle', { ...which, token, catches }, { json: true }),
        () => {},
      );
      if (!reply) {
        // No answer: the round stays reportable for a minute, so offer to send it again.
        const again = await Dialog.confirm({
          title: '网络开小差了',
          content: '本轮结果还没提交成功，是否重新提交？',
          confirmText: '重新提交',
          cancelText: '放弃',
        });
        if (again) return finish(token, catches);
      }
      setRound(null);
      setSettling(false);
      if (!reply) return;
      if (!isSuccess(reply)) {
        void Dialog.alert({ title: '本轮不计奖励', content: reply.message, confirmText: '知道了' });
        refresh();
        return;
      }
      const result = reply.data;
      setData((v) => ({ ...v, chances: result.chances }));
      if (!result.award) return showResult(result.catches, view?.minCatches ?? 0);
      const won = await loadAwardReward(result.award);
      setReward({ ...won, title: `抢到 ${result.catches} 个红包，恭喜获得` });
    },
    [refresh, setData, view?.minCatches, which],
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const hasPrizes = v.prizes.length > 0;
  const left = v.chances?.left;
  const canEarn = v.chances !== null && v.chances.bonus < v.bonusChancesPerDay;
  const label = !running
    ? v.campaign.state === 'ended'
      ? '活动已结束'
      : v.campaign.state === 'paused'
        ? '活动已暂停'
        : '活动未开始'
    : settling
      ? '结算中…'
      : !v.loggedIn
        ? '登录开抢'
        : left === 0
          ? '明天再来'
          : '开始红包雨';

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || undefined}
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
          <Empty title="奖品准备中，敬请期待" description="红包正在装填，稍后再来抢吧" />
        </section>
      ) : (
        <section className={styles.stage} aria-label="红包雨">
          <div className={styles.sky} aria-hidden>
            <span className={styles.packetA} />
            <span className={styles.packetB} />
            <span className={styles.packetC} />
          </div>
          <p className={styles.tip}>
            {`每轮 ${v.roundSeconds} 秒，点中至少 ${v.minCatches} 个红包即可抽奖`}
          </p>
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            className={styles.startButton}
            disabled={!running || settling || left === 0}
            onClick={() => start()}
          >
            {label}
          </Button>
          {/* Rounds left count only while the rain runs (the notice says why not). */}
          {running && (
            <p className={styles.chances} aria-live="polite">
              {v.chances
                ? `今日剩余 ${v.chances.left} 次（每天 ${v.dailyChances} 次，好友助力已得 ${v.chances.bonus}/${v.bonusChancesPerDay} 次）`
                : `每天 ${v.dailyChances} 次机会，好友助力每天最多再得 ${v.bonusChancesPerDay} 次`}
            </p>
          )}
          {running && v.loggedIn && canEarn && (
            <button type="button" className={styles.invite} onClick={share}>
              邀请好友助力，多得机会
            </button>
          )}
          {running && v.loggedIn && v.requireWechat && v.wechatBound === false && (
            <p className={styles.wechatHint}>参与前需授权微信身份，点击开始即可授权</p>
          )}
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
        <Link to={paths.awards('rain', campaignId)}>我的奖品 ›</Link>
        <Link to={paths.rainHelp({ campaign: campaignId })}>我的助力 ›</Link>
      </nav>
      {round && (
        <RainStage
          plan={round.plan}
          settling={settling}
          onEnd={(c) => void finish(round.token, c)}
        />
      )}
      <RewardPopup reward={reward} onClose={() => setReward(null)} continueLabel="知道了" />
    </main>
  );
}
