// /activity/sign/index "每日签到": this month's calendar of sign-ins, sign today (login asked
// then), the current streak, the streak rewards and the rules. Works logged out.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { useDoubleClickGuard } from '../../feedback/useDoubleClickGuard.ts';
import { isSuccess } from '../../request/types.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { api, type DataOf } from '../../request/api.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Failed, Hero, Loading } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { calendarGrid, daysToGo, monthLabel, shiftMonth, WEEKDAYS } from './calendar.ts';
import styles from './SignPage.module.css';

type SignView = DataOf<'sign.calendar'>;

function Calendar({ view, onMonth }: { view: SignView; onMonth: (month: string) => void }) {
  const thisMonth = view.today.slice(0, 7);
  const startMonth = new Date(view.campaign.startsAt + 8 * 3600_000).toISOString().slice(0, 7);
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
                  aria-label={`${cell.date}${cell.signed ? ' 已签到' : ''}${cell.isToday ? ' 今天' : ''}`}
                  className={[
                    styles.day,
                    cell.signed && styles.signed,
                    cell.isToday && styles.today,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {cell.signed ? '✓' : Number(cell.date.slice(8))}
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
                  ? '—'
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
  const { remote, refresh, retry } = useRemote(
    () => api.call('sign.calendar', month ? { month } : {}),
    [month],
  );
  const [signing, setSigning] = useState(false);
  // Shared under the campaign's configured title (an operator may change it), once it is read.
  const share = usePageShare(
    remote.status === 'ready'
      ? {
          path: '/activity/sign/index',
          title: remote.data.campaign.title,
          description: '天天签到领积分，连签3天、7天还有零食大奖，一起来签到吧',
          image: '/api/campaign/assets/points.svg',
        }
      : null,
  );

  const sign = useDoubleClickGuard(async () => {
    if (!isLoggedIn()) {
      askLogin('登录后即可签到，每天领取积分');
      return;
    }
    setSigning(true);
    const reply = await runAction(() => api.call('sign.today'), toast);
    setSigning(false);
    if (!reply) return;
    if (isSuccess(reply)) {
      const { points, streak, reward } = reply.data;
      void Dialog.alert({
        title: '签到成功',
        content: (
          <div className={styles.result}>
            <p className={styles.resultPoints}>+{points} 积分</p>
            <p>已连续签到 {streak} 天</p>
            {reward && <p className={styles.resultReward}>获得连签奖励：{reward.name}</p>}
          </div>
        ),
        confirmText: '好的',
      });
      setMonth(undefined);
      refresh();
      return;
    }
    toast(reply.message);
    if (codeOf(reply) === CODES.alreadySigned.code) refresh();
  });

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <Failed message={remote.message} onRetry={retry} />;
  const view = remote.data;
  const running = view.campaign.state === 'running';
  const buttonText = !running
    ? view.campaign.state === 'ended'
      ? '活动已结束'
      : '活动未开始'
    : view.signedToday
      ? '今日已签到'
      : `立即签到 +${view.dailyPoints}积分`;

  return (
    <main className={styles.page}>
      <Hero
        title={view.campaign.title}
        subtitle={`每天签到得${view.dailyPoints}积分，连签还有零食大奖`}
        rules={view.campaign.rules}
        onShare={share}
      >
        <CampaignNotice campaign={view.campaign} />
      </Hero>
      <section className={`${styles.card} ${styles.status}`} aria-label="签到状态">
        <div className={styles.figures}>
          <div>
            <strong aria-label="连续签到天数">{view.loggedIn ? view.streak : '-'}</strong>
            <span>连续签到(天)</span>
          </div>
          <div>
            <strong aria-label="我的积分">{view.points ?? '-'}</strong>
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
      </section>
      <Calendar view={view} onMonth={setMonth} />
      <Rewards view={view} />
      <Link className={styles.awards} to="/activity/sign/award">
        查看我的奖品 ›
      </Link>
    </main>
  );
}
