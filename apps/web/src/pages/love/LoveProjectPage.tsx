// /activity/loveAccount/detail?id=<project> "爱心项目": the project's story and progress, the
// donation form (quick amounts or a typed amount, bounded by the balance, the per-donation
// maximum and what the goal still needs; confirmed before it is sent), and the latest donors with
// names and mobiles masked by the server. Reads logged out; giving asks for login and resumes the
// chosen amount when login returns. A retried donation carries the same request id, so a lost
// answer never gives twice.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn, randomUuid } from '../../session/session.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { CODES, codeOf } from '../campaign-kit/api.ts';
import { formatDateTime } from '../campaign-kit/format.ts';
import { useResumeAction } from '../campaign-kit/pendingAction.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import { askLogin, CampaignNotice, Empty, Loading, RemoteFailed } from '../campaign-kit/states.tsx';
import { runAction, useRemote } from '../campaign-kit/useRemote.ts';
import { amountProblem, formatPoints, maxDonation, parsePoints } from './donation.ts';
import { ProjectProgress } from './ProjectProgress.tsx';
import styles from './love.module.css';

const RESUME = 'love.donate';
const EXIT = { label: '返回爱心账户', to: paths.loveAccount() };

export default function LoveProjectPage() {
  const [params] = useSearchParams();
  const key = params.get('id') ?? '';
  const valid = /^[a-z0-9-]{1,64}$/.test(key);
  const { remote, retry, refresh } = useRemote(
    () =>
      valid
        ? api.call('love.project', { key })
        : Promise.resolve({
            code: CODES.loveProjectNotFound.code,
            message: CODES.loveProjectNotFound.message,
            data: null as never,
          }),
    [key],
  );
  const [amount, setAmount] = useState('');
  const [giving, setGiving] = useState(false);
  /** The id of the donation being made: kept until the server answers it, so a retry reuses it. */
  const [requestId, setRequestId] = useState(randomUuid);
  const view = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    view
      ? {
          path: paths.loveProject(view.project.key),
          title: view.project.title,
          description: view.project.summary,
          image: view.project.image,
        }
      : null,
  );

  const send = async (points: number) => {
    setGiving(true);
    const reply = await runAction(
      () => api.call('love.donate', { project: key, points, requestId }, { json: true }),
      toast,
    );
    setGiving(false);
    if (!reply) return; // No answer: the same request id goes with the next tap.
    setRequestId(randomUuid());
    if (isSuccess(reply)) {
      setAmount('');
      toast(`捐赠成功，感谢您的${formatPoints(points)}积分爱心`);
      refresh();
      return;
    }
    toast(reply.message);
    const stale: number[] = [
      CODES.pointsInsufficient.code,
      CODES.loveOverGoal.code,
      CODES.loveProjectFunded.code,
      CODES.loveDailyLimit.code,
    ];
    if (stale.includes(codeOf(reply))) refresh();
  };

  const give = (points: number | null) => {
    if (!view || giving) return;
    if (!isLoggedIn()) {
      askLogin('登录后即可用积分为项目献爱心', {
        action: RESUME,
        payload: points === null ? undefined : String(points),
      });
      return;
    }
    const problem = amountProblem(points, {
      balance: view.balance ?? 0,
      maxPointsPerDonation: view.maxPointsPerDonation,
      remainingPoints: view.project.remainingPoints,
    });
    if (problem || points === null) {
      toast(problem ?? '请输入要捐赠的积分');
      return;
    }
    void Dialog.confirm({
      title: '确认捐赠',
      content: `将为「${view.project.title}」捐赠${formatPoints(points)}积分，捐赠后不可撤回。`,
      confirmText: '确认捐赠',
      cancelText: '再想想',
      onConfirm: () => send(points),
    });
  };
  useResumeAction(
    RESUME,
    view !== null && view.loggedIn && view.campaign.state === 'running',
    (payload) => {
      if (payload) setAmount(payload);
    },
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed')
    return <RemoteFailed failure={remote} retry={retry} exit={EXIT} />;
  const v = remote.data;
  const p = v.project;
  const running = v.campaign.state === 'running';
  const funded = p.state === 'funded';
  const most = maxDonation({
    balance: v.balance ?? 0,
    maxPointsPerDonation: v.maxPointsPerDonation,
    remainingPoints: p.remainingPoints,
  });
  const typed = parsePoints(amount);
  const noneLeftToday = v.donationsLeftToday === 0;

  return (
    <main className={styles.page}>
      <header className={styles.projectHero}>
        <img src={p.image} alt="" width={120} height={120} />
        <div>
          <h1>{p.title}</h1>
          <p>{p.summary}</p>
          <p className={styles.organiser}>执行机构：{p.organiser}</p>
        </div>
        <button type="button" className={styles.sharePill} onClick={share}>
          分享
        </button>
      </header>
      <CampaignNotice campaign={v.campaign} />
      <section className={styles.card} aria-label="筹集进度">
        <ProjectProgress {...p} />
        {v.myPoints !== null && v.myPoints > 0 && (
          <p className={styles.mine}>我已为该项目捐赠 {formatPoints(v.myPoints)} 积分</p>
        )}
      </section>

      <section className={styles.card} aria-label="捐赠积分">
        <h2 className={styles.heading}>捐赠积分</h2>
        {funded ? (
          <p className={styles.done}>项目已筹满，感谢每一份爱心！</p>
        ) : !running ? (
          <p className={styles.closed}>
            {v.campaign.state === 'ended' ? '活动已结束，暂停接受捐赠' : '活动尚未开始'}
          </p>
        ) : (
          <>
            {v.loggedIn && (
              <p className={styles.balance}>
                可用积分 <b>{formatPoints(v.balance ?? 0)}</b>
                {v.donationsLeftToday !== null && ` · 今日还可捐赠${v.donationsLeftToday}次`}
              </p>
            )}
            <div className={styles.presets} role="group" aria-label="快捷金额">
              {v.presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  className={typed === preset ? styles.presetActive : styles.preset}
                  aria-pressed={typed === preset}
                  disabled={v.loggedIn && preset > most}
                  onClick={() => setAmount(String(preset))}
                >
                  {preset}积分
                </button>
              ))}
            </div>
            <label className={styles.amount}>
              <span>自定义积分</span>
              <input
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={9}
                placeholder={v.loggedIn ? `最多${formatPoints(most)}` : '输入积分'}
                value={amount}
                onChange={(event) => setAmount(event.target.value.replace(/\D/g, ''))}
              />
            </label>
            {v.loggedIn && v.balance === 0 && (
              <p className={styles.hint}>
                积分不足，<Link to={paths.sign()}>去签到赚积分 ›</Link>
              </p>
            )}
            {noneLeftToday && <p className={styles.hint}>今日捐赠次数已用完，明天再来吧</p>}
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              className={styles.give}
              loading={giving}
              disabled={v.loggedIn && (most === 0 || noneLeftToday)}
              onClick={() => give(typed)}
            >
              {!v.loggedIn ? '登录后捐赠' : typed ? `捐赠${formatPoints(typed)}积分` : '捐赠积分'}
            </Button>
          </>
        )}
      </section>

      <section className={styles.card} aria-label="项目介绍">
        <h2 className={styles.heading}>项目介绍</h2>
        {p.story.map((paragraph) => (
          <p key={paragraph} className={styles.story}>
            {paragraph}
          </p>
        ))}
      </section>

      <section className={styles.card} aria-label="爱心榜">
        <h2 className={styles.heading}>爱心榜</h2>
        {v.donors.length === 0 ? (
          <Empty title="还没有人捐赠" description="成为第一位献爱心的人吧" />
        ) : (
          <ul className={styles.list}>
            {v.donors.map((d, index) => (
              <li key={`${d.donatedAt}-${index}`} className={styles.row}>
                <div className={styles.rowBody}>
                  <span className={styles.rowTitle}>
                    {d.name} {d.mobile}
                  </span>
                  <span className={styles.rowTime}>{formatDateTime(d.donatedAt)}</span>
                </div>
                <strong className={styles.rowPoints}>{formatPoints(d.points)} 积分</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className={styles.back}>
        <Link to={paths.loveAccount()}>查看全部爱心项目 ›</Link>
      </p>
    </main>
  );
}
