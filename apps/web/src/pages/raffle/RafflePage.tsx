// /activity/raffle/index "幸运抽奖": the nine-grid or the wheel from configuration, chances left
// today, the draw (the server decides, the board animates to its slot, the reward popup leads
// to the next step), recent winners, share for an extra chance where a share can be confirmed,
// and a friend's assist through ?shareCode= at the top. Built on the campaign kit.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { canConfirmShare } from '../../share/share.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { api, type DataOf } from '../../request/api.ts';
import { codeOf, CODES, type Award } from '../campaign-kit/api.ts';
import { loadAwardReward } from '../campaign-kit/awardReward.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
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
import { NineGrid, Wheel, type SpinTarget } from './boards.tsx';
import styles from './RafflePage.module.css';

/** A friend's share link as the server sees its visitor (docs/campaigns.md). */
type AssistView = NonNullable<DataOf<'raffle.board'>['assist']>;

const SHARE_CODE = /^[A-Za-z0-9]{4,16}$/;

type DrawResult = DataOf<'raffle.draw'>;

/**
 * Recent winners; read again (silently) whenever `wins` grows, so a prize just won shows. Only a
 * running campaign invites the shopper to be the first.
 */
function Winners({
  wins,
  running,
  which,
}: {
  wins: number;
  running: boolean;
  which: { campaign?: string };
}) {
  const { remote, refresh } = useRemote(() => api.call('raffle.winners', which), [which.campaign]);
  useEffect(() => {
    if (wins > 0) refresh();
  }, [wins, refresh]);
  return (
    <section className={styles.card} aria-label="中奖名单">
      <h2 className={styles.heading}>中奖名单</h2>
      {remote.status === 'loading' && <p className={styles.muted}>加载中…</p>}
      {remote.status === 'failed' && <p className={styles.muted}>中奖名单暂时无法加载</p>}
      {remote.status === 'ready' && remote.data.length === 0 && (
        <p className={styles.muted}>
          {running ? '还没有人中奖，快来当第一个幸运儿' : '暂无中奖记录'}
        </p>
      )}
      {remote.status === 'ready' && remote.data.length > 0 && (
        <ul className={styles.winners}>
          {remote.data.map((w) => (
            <li key={`${w.mobile}-${w.createdAt}-${w.prizeName}`}>
              <span>{w.mobile}</span>
              <span className={styles.winnerPrize}>抽中 {w.prizeName}</span>
              <span className={styles.muted}>{formatDateTime(w.createdAt).slice(5)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The address form (with the signed areas API) loads when a goods prize needs it.
const AddressSheet = lazy(() =>
  import('../campaign-kit/AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

function showLoss(): void {
  void Dialog.alert({
    title: '很遗憾',
    content: '这次没有抽中，换个姿势再来一次吧',
    confirmText: '再接再厉',
  });
}

function Assist({
  shareCode,
  view,
  which,
}: {
  shareCode: string;
  view: AssistView;
  which: { campaign?: string };
}) {
  const [done, setDone] = useState(view.assisted);
  const assist = useDoubleClickGuard(async () => {
    if (done) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可为好友助力，好友将获得1次抽奖机会', { action: 'raffle.assist' });
      return;
    }
    const reply = await runAction(() => api.call('raffle.assist', { ...which, shareCode }), toast);
    if (!reply) return;
    if (isSuccess(reply)) {
      setDone(true);
      toast(`助力成功，${reply.data.sharer.nickname || '好友'}获得了抽奖机会`);
    } else {
      if (codeOf(reply) === CODES.alreadyAssisted.code) setDone(true);
      toast(reply.message);
    }
  });
  useResumeAction('raffle.assist', !view.isSelf && view.sharer !== null, assist);
  if (view.isSelf) return null;
  if (!view.sharer)
    return (
      <section className={`${styles.card} ${styles.assist}`} aria-label="好友助力">
        <p className={styles.muted}>分享链接无效或已失效，自己也可以免费抽奖哦</p>
      </section>
    );
  const who = view.sharer.nickname || '好友';
  return (
    <section className={`${styles.card} ${styles.assist}`} aria-label="好友助力">
      <p>{done ? `你已为${who}助力，自己也来抽一次吧` : `${who}邀请你助力，助力后TA可多抽一次`}</p>
      <Button size="small" color="primary" shape="rounded" disabled={done} onClick={assist}>
        {done ? '已助力' : '为好友助力'}
      </Button>
    </section>
  );
}

export default function RafflePage() {
  const [params] = useSearchParams();
  const shared = params.get('shareCode');
  const friendCode = shared && SHARE_CODE.test(shared) ? shared : null;
  // Which raffle: `?campaign=` (a share or an operator's link), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, retry, setData } = useRemote(
    () => api.call('raffle.board', { ...which, ...(friendCode ? { shareCode: friendCode } : {}) }),
    [friendCode, which],
  );
  const [target, setTarget] = useState<SpinTarget | null>(null);
  const [pending, setPending] = useState<DrawResult | null>(null);
  const [wins, setWins] = useState(0);
  const [reward, setReward] = useState<Reward | null>(null);
  const [addressFor, setAddressFor] = useState<Award | null>(null);
  const [wonAward, setWonAward] = useState<Award | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  // Only where a share is confirmed (app, Alipay, WeChat) can it earn a draw.
  const shareEarns = canConfirmShare();

  const share = usePageShare(
    view
      ? {
          path: paths.raffle({ shareCode: view.shareCode, campaign: campaignId }),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: '/api/campaign/assets/gift.png',
        }
      : null,
    () => {
      if (!isLoggedIn()) return;
      void runAction(
        () => api.call('raffle.share', which),
        () => undefined,
      ).then((reply) => {
        if (!reply) return;
        if (isSuccess(reply)) {
          setData((v) => ({ ...v, chances: reply.data }));
          toast('已获得1次抽奖机会');
        } else {
          toast(reply.message);
        }
      });
    },
  );

  const draw = useDoubleClickGuard(async () => {
    if (!view || pending) return;
    if (!isLoggedIn()) {
      askLogin(`登录后即可抽奖，每天${view.dailyChances}次免费机会`, { action: 'raffle.draw' });
      return;
    }
    const reply = await runAction(() => api.call('raffle.draw', which), toast);
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    setPending(reply.data);
    setTarget((current) => ({ slot: reply.data.slot, draw: (current?.draw ?? 0) + 1 }));
  });
  useResumeAction('raffle.draw', view !== null && view.campaign.state === 'running', draw);

  const settle = useCallback(() => {
    if (!pending) return;
    setData((v) => ({ ...v, chances: pending.chances }));
    setPending(null);
    const award = pending.award;
    if (!award) return showLoss();
    setWins((n) => n + 1);
    setWonAward(award);
    void loadAwardReward(award).then(setReward);
  }, [pending, setData]);

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const running = remote.data.campaign.state === 'running';
  // The raffle page's own list is the current raffle's; another one's prizes are in the hub's.
  const myPrizesPath = paths.awards('raffle', campaignId);
  const { chances, campaign } = remote.data;
  const Board = remote.data.layout === 'wheel' ? Wheel : NineGrid;
  const hasPrizes = remote.data.prizes.length > 0;
  const spent = chances !== null && chances.left === 0;
  const canEarn = chances !== null && chances.bonus < chances.bonusCap;
  const drawLabel = pending ? '抽奖中' : spent ? '明天再来' : '抽奖';
  const drawHint = !running
    ? campaign.state === 'ended'
      ? '活动已结束'
      : campaign.state === 'paused'
        ? '活动暂停中'
        : '即将开始'
    : chances
      ? spent
        ? '今日次数已用完'
        : `剩余${chances.left}次`
      : '登录抽奖';

  return (
    <main className={styles.page}>
      <Hero
        title={campaign.title}
        subtitle={campaign.tagline || undefined}
        rules={campaign.rules}
        // Nothing to invite a friend to while the board is empty, the campaign paused or ended.
        onShare={
          hasPrizes && campaign.state !== 'ended' && campaign.state !== 'paused' ? share : undefined
        }
      >
        <CampaignNotice campaign={campaign} />
      </Hero>
      {/* A friend who opened an invite sees the assist first, above the board. */}
      {friendCode && remote.data.assist && running && (
        <Assist key={friendCode} shareCode={friendCode} view={remote.data.assist} which={which} />
      )}
      {!hasPrizes ? (
        // An operator is still filling the board (no prize on a slot): nothing to draw yet.
        <section className={styles.board} aria-label="奖品准备中">
          <Empty
            title="奖品准备中，敬请期待"
            description="运营小伙伴正在上架奖品，稍后再来抽奖吧"
            action={
              <Link className={styles.emptyLink} to={myPrizesPath}>
                我的奖品
              </Link>
            }
          />
        </section>
      ) : (
        <section className={styles.board}>
          <Board
            prizes={remote.data.prizes}
            target={target}
            disabled={!running || pending !== null || spent}
            drawLabel={drawLabel}
            drawHint={drawHint}
            onDraw={draw}
            onSettled={settle}
          />
          {/* Chances and sharing for more count only while the campaign runs (the notice says why not). */}
          {running && (
            <p className={styles.chances} aria-live="polite">
              {chances
                ? `今日剩余抽奖机会 ${chances.left} 次${canEarn ? (shareEarns ? '，分享可再得机会' : '，好友助力可再得机会') : ''}`
                : `登录后每天可免费抽奖${remote.data.dailyChances}次`}
            </p>
          )}
          <div className={styles.actions}>
            {running && (
              <button type="button" className={styles.mine} onClick={share}>
                {/* A plain browser cannot confirm a share; a friend's assist still earns one. */}
                {shareEarns ? '分享得机会' : '邀好友助力'}
              </button>
            )}
            <Link className={styles.mine} to={myPrizesPath}>
              我的奖品
            </Link>
          </div>
        </section>
      )}
      <Winners wins={wins} running={running} which={which} />
      <RewardPopup
        reward={reward}
        continueLabel={spent ? '知道了' : '继续抽奖'}
        onClose={() => setReward(null)}
        onAddress={wonAward?.kind === 'goods' ? () => setAddressFor(wonAward) : undefined}
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
