// /activity/vote/vote "投票": the options with their pictures and live counts (refreshed every 10 s
// while voting is open and the page is visible), the votes left today, a vote per tap (login asked
// then, and the vote cast when login returns), and once voting closed the ranking as the result.
// Works logged out. Built on the campaign kit.
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '../../feedback/toast.ts';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
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
import { percentOf, ranked } from './results.ts';
import styles from './VotePage.module.css';

type VoteView = DataOf<'vote.board'>;
type Option = VoteView['options'][number];

const LIVE_MS = 10_000;

/** Silent refreshes while voting is open and the page is on screen: the counts stay live. */
function useLiveCounts(live: boolean, refresh: () => void): void {
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, LIVE_MS);
    return () => window.clearInterval(timer);
  }, [live, refresh]);
}

function OptionCard({
  option,
  total,
  place,
  action,
}: {
  option: Option;
  total: number;
  place?: number;
  action?: ReactNode;
}) {
  const percent = percentOf(option.votes, total);
  return (
    <li className={styles.option} aria-label={`${option.name} ${option.votes}票`}>
      {place !== undefined && (
        <span className={place <= 3 ? styles.medal : styles.place} aria-label={`第${place}名`}>
          {place}
        </span>
      )}
      <img className={styles.picture} src={option.image} alt="" width={64} height={64} />
      <div className={styles.body}>
        <strong className={styles.name}>{option.name}</strong>
        {option.description && <span className={styles.description}>{option.description}</span>}
        <div className={styles.bar} aria-hidden>
          <i style={{ width: `${percent}%` }} />
        </div>
        <span className={styles.count}>
          <b>{option.votes}</b> 票 · {percent}%
          {option.myVotes > 0 && ` · 我投了${option.myVotes}票`}
        </span>
      </div>
      {action}
    </li>
  );
}

export default function VotePage() {
  // Which vote: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, refresh, retry, setData } = useRemote(
    () => api.call('vote.board', which),
    [which],
  );
  const [voting, setVoting] = useState<string | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  const open = view !== null && view.campaign.state === 'running' && !view.closed;
  useLiveCounts(open, refresh);
  const share = usePageShare(
    view
      ? {
          path: paths.vote({ campaign: campaignId }),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: view.options[0]?.image,
        }
      : null,
  );

  const vote = async (key?: string) => {
    if (!key || voting) return;
    const option = view?.options.find((o) => o.key === key);
    if (!option) return;
    if (!isLoggedIn()) {
      askLogin(`登录后即可为「${option.name}」投票`, { action: 'vote.cast', payload: key });
      return;
    }
    setVoting(key);
    const reply = await runAction(() => api.call('vote.cast', { ...which, option: key }), toast);
    setVoting(null);
    if (!reply) return;
    if (isSuccess(reply)) {
      const { votes, totalVotes, votesLeftToday } = reply.data;
      setData((current) => ({
        ...current,
        totalVotes,
        votesLeftToday,
        options: current.options.map((o) =>
          o.key === key ? { ...o, votes, myVotes: o.myVotes + 1 } : o,
        ),
      }));
      toast(
        votesLeftToday > 0 ? `投票成功，今天还可投${votesLeftToday}票` : '投票成功，今天的票已投完',
      );
      return;
    }
    toast(reply.message);
    // The page was out of date (voting closed, today's votes cast elsewhere, an option removed).
    const stale: number[] = [
      CODES.voteClosed.code,
      CODES.voteDailyLimit.code,
      CODES.voteOptionUnknown.code,
    ];
    if (stale.includes(codeOf(reply))) refresh();
  };
  useResumeAction('vote.cast', open, (payload) => void vote(payload));

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const running = v.campaign.state === 'running';
  const showResult = v.closed || v.campaign.state === 'ended';
  const noneLeft = v.votesLeftToday === 0;

  const buttonFor = (option: Option) => {
    if (!running || v.closed) return undefined;
    return (
      <Button
        color="primary"
        shape="rounded"
        className={styles.voteButton}
        loading={voting === option.key}
        disabled={noneLeft}
        aria-label={`为${option.name}投票`}
        onClick={() => void vote(option.key)}
      >
        投票
      </Button>
    );
  };

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || `每天可投${v.votesPerDay}票`}
        rules={v.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      <section className={styles.status} aria-label="投票状态">
        <div>
          <strong>{v.totalVotes}</strong>
          <span>总票数</span>
        </div>
        {showResult ? (
          <div>
            <strong>{v.options.reduce((sum, o) => sum + o.myVotes, 0)}</strong>
            <span>我的投票</span>
          </div>
        ) : (
          <div>
            <strong>{v.votesLeftToday ?? v.votesPerDay}</strong>
            <span>{v.loggedIn ? '今日剩余票数' : '每日可投票数'}</span>
          </div>
        )}
        <p className={styles.deadline}>
          {showResult
            ? `投票已于 ${formatDateTime(Math.min(v.closesAt, v.campaign.endsAt))} 截止，最终结果如下`
            : running
              ? `投票截止：${formatDateTime(v.closesAt)} · 票数实时更新`
              : v.campaign.state === 'paused'
                ? '投票已暂停，请稍后再来'
                : `投票将于 ${formatDateTime(v.campaign.startsAt)} 开始`}
        </p>
        {running && !v.closed && noneLeft && (
          <p className={styles.hint}>今天的票已投完，明天再来吧</p>
        )}
        {running && !v.closed && !v.loggedIn && <p className={styles.hint}>登录后即可投票</p>}
      </section>
      {v.options.length === 0 ? (
        <Empty title="投票选项即将公布" description="敬请期待" />
      ) : showResult ? (
        <section className={styles.card} aria-label="投票结果">
          <h2 className={styles.heading}>最终结果</h2>
          <ol className={styles.options}>
            {ranked(v.options).map((option) => (
              <OptionCard
                key={option.key}
                option={option}
                total={v.totalVotes}
                place={option.place}
              />
            ))}
          </ol>
        </section>
      ) : (
        <section className={styles.card} aria-label="投票选项">
          <h2 className={styles.heading}>选出你的最爱</h2>
          <ul className={styles.options}>
            {v.options.map((option) => (
              <OptionCard
                key={option.key}
                option={option}
                total={v.totalVotes}
                action={buttonFor(option)}
              />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
