// /activity/raffle/index "幸运抽奖": the nine-grid or the wheel from configuration, chances left
// today, the draw (the server decides, the board animates to its slot), recent winners, share
// for an extra chance and a friend's assist through ?shareCode=.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { api, type DataOf } from '../../request/api.ts';
import { codeOf, CODES } from '../campaign-kit/api.ts';
import { detailPath } from '../campaign-kit/paths.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Empty, Failed, Hero, Loading } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
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
function Winners({ wins, running }: { wins: number; running: boolean }) {
  const { remote, refresh } = useRemote(() => api.call('raffle.winners'), []);
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

function showResult(result: DrawResult, navigate: (to: string) => void): void {
  const award = result.award;
  if (!award) {
    void Dialog.alert({
      title: '很遗憾',
      content: '这次没有抽中，换个姿势再来一次吧',
      confirmText: '再接再厉',
    });
    return;
  }
  const next = award.kind === 'goods' ? '去填写地址' : '查看奖品';
  void Dialog.confirm({
    title: '恭喜中奖',
    content: (
      <div className={styles.result}>
        <img src={award.image} alt="" />
        <p>{award.name}</p>
        {award.kind === 'goods' && <p className={styles.muted}>请填写收货地址，以便为您发货</p>}
      </div>
    ),
    confirmText: next,
    cancelText: '继续抽奖',
    onConfirm: () => {
      navigate(award.kind === 'goods' ? '/activity/raffle/award' : detailPath(award));
    },
  });
}

function Assist({ shareCode, view }: { shareCode: string; view: AssistView }) {
  const [done, setDone] = useState(view.assisted);
  const assist = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) {
      askLogin('登录后即可为好友助力，好友将获得1次抽奖机会');
      return;
    }
    const reply = await runAction(() => api.call('raffle.assist', { shareCode }), toast);
    if (!reply) return;
    if (isSuccess(reply)) {
      setDone(true);
      toast(`助力成功，${reply.data.sharer.nickname || '好友'}获得了抽奖机会`);
    } else {
      if (codeOf(reply) === CODES.alreadyAssisted.code) setDone(true);
      toast(reply.message);
    }
  });
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
  const navigate = useNavigate();
  const shared = params.get('shareCode');
  const friendCode = shared && SHARE_CODE.test(shared) ? shared : null;
  const { remote, retry, setData } = useRemote(
    () => api.call('raffle.board', friendCode ? { shareCode: friendCode } : undefined),
    [friendCode],
  );
  const [target, setTarget] = useState<SpinTarget | null>(null);
  const [pending, setPending] = useState<DrawResult | null>(null);
  const [wins, setWins] = useState(0);
  const view = remote.status === 'ready' ? remote.data : null;

  const share = usePageShare(
    view
      ? {
          path: `/activity/raffle/index${view.shareCode ? `?shareCode=${view.shareCode}` : ''}`,
          title: view.campaign.title,
          description: '每天免费抽零食大礼包，帮我助力一下，你也能抽！',
          image: '/api/campaign/assets/gift.svg',
        }
      : null,
    () => {
      if (!isLoggedIn()) return;
      void runAction(
        () => api.call('raffle.share'),
        () => undefined,
      ).then((reply) => {
        if (!reply) return;
        if (isSuccess(reply)) {
          setData((v) => ({ ...v, chances: reply.data }));
          toast('分享成功，获得1次抽奖机会');
        } else {
          toast(reply.message);
        }
      });
    },
  );

  const draw = useDoubleClickGuard(async () => {
    if (!view || pending) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可抽奖，每天3次免费机会');
      return;
    }
    const reply = await runAction(() => api.call('raffle.draw'), toast);
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    setPending(reply.data);
    setTarget((current) => ({ slot: reply.data.slot, draw: (current?.draw ?? 0) + 1 }));
  });

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  const running = remote.data.campaign.state === 'running';
  const { chances, campaign } = remote.data;
  const Board = remote.data.layout === 'wheel' ? Wheel : NineGrid;
  const hasPrizes = remote.data.prizes.length > 0;
  const drawHint = !running
    ? campaign.state === 'ended'
      ? '活动已结束'
      : '即将开始'
    : chances
      ? `剩余${chances.left}次`
      : '登录抽奖';

  return (
    <main className={styles.page}>
      <Hero
        title={campaign.title}
        subtitle="好运零食天天抽，百分百有惊喜"
        rules={campaign.rules}
        // Nothing to invite a friend to while the board is empty or once the campaign has ended.
        onShare={hasPrizes && campaign.state !== 'ended' ? share : undefined}
      >
        <CampaignNotice campaign={campaign} />
      </Hero>
      {!hasPrizes ? (
        // An operator is still filling the board (no prize on a slot): nothing to draw yet.
        <section className={styles.board} aria-label="奖品准备中">
          <Empty
            title="奖品准备中，敬请期待"
            description="运营小伙伴正在上架奖品，稍后再来抽奖吧"
            action={
              <Link className={styles.emptyLink} to="/activity/raffle/award">
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
            disabled={!running || pending !== null}
            drawLabel={pending ? '抽奖中' : '抽奖'}
            drawHint={drawHint}
            onDraw={draw}
            onSettled={() => {
              if (!pending) return;
              setData((v) => ({ ...v, chances: pending.chances }));
              if (pending.award) setWins((n) => n + 1);
              showResult(pending, navigate);
              setPending(null);
            }}
          />
          {/* Chances and sharing for more count only while the campaign runs (the notice says why not). */}
          {running && (
            <p className={styles.chances} aria-live="polite">
              {chances
                ? `今日剩余抽奖机会 ${chances.left} 次${chances.bonus < chances.bonusCap ? '，分享可再得机会' : ''}`
                : '登录后每天可免费抽奖3次'}
            </p>
          )}
          <div className={styles.actions}>
            {running && (
              <button type="button" className={styles.mine} onClick={share}>
                分享得机会
              </button>
            )}
            <Link className={styles.mine} to="/activity/raffle/award">
              我的奖品
            </Link>
          </div>
        </section>
      )}
      {friendCode && remote.data.assist && running && (
        <Assist key={friendCode} shareCode={friendCode} view={remote.data.assist} />
      )}
      <Winners wins={wins} running={running} />
    </main>
  );
}
