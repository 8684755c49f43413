// /activity/sign/index "每日签到": this month's calendar of sign-ins (signed, missed and days to
// come told apart), sign today (login asked then, and the sign-in completed when login returns),
// the reward popup, the current streak, the streak rewards and the rules. Works logged out.
// Built on the campaign kit.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button } from '../../ui/index.ts';
import { api, type DataOf } from '../../request/api.ts';
import { CODES, codeOf, type Award } from '../campaign-kit/api.ts';
import { loadAwardReward } from '../campaign-kit/awardReward.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { RewardPopup, type Reward } from '../campaign-kit/RewardPopup.tsx';
import { usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Hero, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { useWhichCampaign } from '../campaign-kit/whichCampaign.ts';
import {
  calendarGrid,
  daysToGo,
  monthLabel,
  shiftMonth,
  WEEKDAYS,
  type CalendarDay,
} from './calendar.ts';
import styles from './SignPage.module.css';

type SignView = DataOf<'sign.calendar'>;

// The address form (with the signed areas API) loads when a goods streak prize needs it.
const AddressSheet = lazy(() =>
  import('../campaign-kit/AddressSheet.tsx').then((m) => ({ default: m.AddressSheet })),
);

/** A day as the calendar tells it: signed, missed (a past day not signed), today, or to come. */
function dayState(cell: CalendarDay, view: SignView, startDay: string): string {
  if (cell.signed) return '已签到';
  if (cell.isToday) return view.signedToday ? '已签到' : '今天未签到';
  if (cell.date > view.today) return '未到';
  return view.loggedIn && cell.date >= startDay ? '未签到' : '';
}

function Calendar({ view, onMonth }: { view: SignView; onMonth: (month: string) => void }) {
  const thisMonth = view.today.slice(0, 7);
  const startDay = new Date(view.campaign.startsAt + 8 * 3600_000).toISOString().slice(0, 10);
  const startMonth = startDay.slice(0, 7);
  return (
    <section className={styles.card} aria-label="签到日历">
      <div className={styles.monthBar}>
        <button
          type="button"
          aria-label="上个月"
          disabled={view.month <= startMonth}
          onClick={() => onMonth(shiftMonth(view.month, -1))}
        >
          ‹
        </button>
        <h2>{monthLabel(view.month)}</h2>
        <button
          type="button"
          aria-label="下个月"
          disabled={view.month >= thisMonth}
          onClick={() => onMonth(shiftMonth(view.month, 1))}
        >
          ›
        </button>
      </div>
      <div className={styles.grid} role="grid">
        <div role="row" className={styles.week}>
          {WEEKDAYS.map((day) => (
            <span key={day} role="columnheader" className={styles.weekday}>
              {day}
            </span>
          ))}
        </div>
        {calendarGrid(view.days).map((week, index) => (
          <div role="row" className={styles.week} key={index}>
            {week.map((cell, column) =>
              cell ? (
                <span
                  key={cell.date}
                  role="gridcell"
                  className={[
                    styles.day,
                    cell.signed && styles.signed,
                    dayState(cell, view, startDay) === '未签到' && styles.missed,
                    cell.date > view.today && styles.future,
                    cell.isToday && styles.today,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {Number(cell.date.slice(8))}
                  {/* The number is the visible name; the state follows it for screen readers. */}
                  <span className="sr-only">
                    日 {dayState(cell, view, startDay)}
                    {cell.isToday ? ' 今天' : ''}
                  </span>
                  {cell.signed && (
                    <i className={styles.check} aria-hidden>
                      ✓
                    </i>
                  )}
                </span>
              ) : (
                <span key={`blank-${column}`} role="gridcell" className={styles.day} />
              ),
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function Rewards({ view }: { view: SignView }) {
  // A sign-in campaign without streak rewards (an operator's choice) shows no empty card.
  if (view.streakRewards.length === 0) return null;
  return (
    <section className={styles.card} aria-label="连签奖励">
      <h2 className={styles.heading}>连签奖励</h2>
      <ul className={styles.rewards}>
        {view.streakRewards.map((reward) => (
          <li key={reward.days} className={reward.reached ? styles.rewardReached : styles.reward}>
            {reward.prize && <img src={reward.prize.image} alt="" />}
            <strong>连签{reward.days}天</strong>
            <span>{reward.prize?.name ?? '神秘好礼'}</span>
            <em>
              {reward.reached
                ? '已达成'
                : view.campaign.state !== 'running'
                  ? view.campaign.state === 'ended'
                    ? '已结束'
                    : '未开始'
                  : view.loggedIn
                    ? `还差${daysToGo(view.streak, reward.days)}天`
                    : '待解锁'}
            </em>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SignPage() {
  const [month, setMonth] = useState<string | undefined>(undefined);
  // Which sign-in campaign: `?campaign=` (decision 0037), else the current one.
  const { campaignId, which } = useWhichCampaign();
  const { remote, refresh, retry } = useRemote(
    () => api.call('sign.calendar', month ? { ...which, month } : which),
    [month, which],
  );
  const [signing, setSigning] = useState(false);
  const [reward, setReward] = useState<Reward | null>(null);
  const [streakAward, setStreakAward] = useState<Award | null>(null);
  const [addressFor, setAddressFor] = useState<Award | null>(null);
  // Shared under the campaign's configured title (an operator may change it), once it is read.
  const share = usePageShare(
    remote.status === 'ready'
      ? {
          path: paths.sign({ campaign: campaignId }),
          title: remote.data.campaign.title,
          description: remote.data.campaign.shareText,
          image: '/api/campaign/assets/points.png',
        }
      : null,
  );

  const sign = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) {
      askLogin('登录后即可签到，每天领取积分', { action: 'sign.today' });
      return;
    }
    setSigning(true);
    const reply = await runAction(() => api.call('sign.today', which), toast);
    setSigning(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      const { points, streak, reward: won } = reply.data;
      const note = `签到成功 +${points}积分，已连续签到 ${streak} 天`;
      setStreakAward(won);
      if (won) {
        // A streak milestone: the prize is the news, the day's points a line under it.
        void loadAwardReward(won).then((r) => setReward({ ...r, title: '连签奖励到手', note }));
      } else {
        setReward({
          title: '签到成功',
          name: `+${points} 积分`,
          kind: 'points',
          image: '/api/campaign/assets/points.png',
          note: `已连续签到 ${streak} 天`,
        });
      }
      setMonth(undefined);
      refresh();
      return;
    }
    toast(reply.message);
    if (codeOf(reply) === CODES.alreadySigned.code) refresh();
  });
  useResumeAction(
    'sign.today',
    remote.status === 'ready' && remote.data.campaign.state === 'running',
    sign,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const view = remote.data;
  const running = view.campaign.state === 'running';
  const buttonText = !running
    ? view.campaign.state === 'ended'
      ? '活动已结束'
      : view.campaign.state === 'paused'
        ? '活动已暂停'
        : '活动未开始'
    : view.signedToday
      ? '今日已签到'
      : `立即签到 +${view.dailyPoints}积分`;

  return (
    <main className={styles.page}>
      <Hero
        title={view.campaign.title}
        subtitle={view.campaign.tagline || `每天签到得${view.dailyPoints}积分`}
        rules={view.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={view.campaign} />
      </Hero>
      <section className={`${styles.card} ${styles.status}`} aria-label="签到状态">
        <div className={styles.figures}>
          <div>
            <strong>{view.streak}</strong>
            <span>连续签到(天)</span>
          </div>
          <div>
            <strong>{view.points ?? 0}</strong>
            <span>我的积分</span>
          </div>
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={signing}
          disabled={!running || view.signedToday}
          onClick={sign}
        >
          {buttonText}
        </Button>
        {!view.loggedIn && <p className={styles.hint}>登录后签到，积分和连签天数不丢失</p>}
        {running && view.signedToday && (
          // Signed for today: the next thing worth doing, not a dead grey button.
          <p className={styles.next}>
            明天再来可连签第{view.streak + 1}天 ·{' '}
            <Link to={paths.raffle()} className={styles.nextLink}>
              去抽奖试试手气 ›
            </Link>
          </p>
        )}
      </section>
      <Calendar view={view} onMonth={setMonth} />
      <Rewards view={view} />
      <Link className={styles.awards} to={paths.awards('sign', campaignId)}>
        查看我的奖品 ›
      </Link>
      <RewardPopup
        reward={reward}
        onClose={() => setReward(null)}
        onAddress={streakAward?.kind === 'goods' ? () => setAddressFor(streakAward) : undefined}
      />
      {addressFor && (
        <Suspense fallback={null}>
          <AddressSheet
            campaign={view.campaign.id}
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
