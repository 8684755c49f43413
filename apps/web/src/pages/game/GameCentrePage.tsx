// /activity/game/index "游戏中心": the games the operator lists (each with its window and the
// shopper's chances there today), the shopper's points, and 眼疾手快, played here and scored on
// the server (points go to the ledger). Works logged out: playing asks for login.
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../request/api.ts';
import { paths } from '../../routes/paths.ts';
import { isLoggedIn } from '../../session/session.ts';
import { Dialog } from '../../ui/index.ts';
import { usePageShare } from '../campaign-kit/share.ts';
import {
  askLogin,
  CampaignNotice,
  Empty,
  Hero,
  Loading,
  RemoteFailed,
} from '../campaign-kit/states.tsx';
import { useRemote } from '../campaign-kit/useRemote.ts';
import { TapGame } from './TapGame.tsx';
import styles from './GameCentrePage.module.css';

/**
 * The pages a catalogue entry may open (the `page` of its configuration), each on the campaign
 * instance the entry names (decision 0037).
 */
type Which = { campaign: string | null };
const PAGES: Record<string, (which: Which) => string> = {
  fission: paths.fission,
  free: paths.free,
  vote: paths.vote,
  bag: paths.bag,
  raffle: paths.raffle,
  sign: paths.sign,
  password: paths.password,
  rain: paths.rain,
};

const STATE_LABEL = { not_started: '即将开始', paused: '暂停中', ended: '已结束' } as const;

export default function GameCentrePage() {
  const { remote, retry, refresh } = useRemote(() => api.call('game.centre'), []);
  const [best, setBest] = useState<number | null>(null);
  const view = remote.status === 'ready' ? remote.data : null;
  const share = usePageShare(
    view
      ? {
          path: paths.gameCentre(),
          title: view.campaign.title,
          description: view.campaign.shareText,
          image: '/api/campaign/assets/tap-game.png',
        }
      : null,
  );

  if (remote.status === 'loading') return <Loading />;
  if (remote.status === 'failed') return <RemoteFailed failure={remote} retry={retry} />;
  const v = remote.data;
  const running = v.campaign.state === 'running';
  const games = v.games.filter((g) => PAGES[g.page]);
  const left = v.tap.roundsLeftToday;
  const bestToday = best ?? v.tap.bestToday;

  return (
    <main className={styles.page}>
      <Hero
        title={v.campaign.title}
        subtitle={v.campaign.tagline || undefined}
        rules={v.campaign.rules}
        onShare={v.campaign.state !== 'ended' ? share : undefined}
      >
        <CampaignNotice campaign={v.campaign} />
      </Hero>
      <section className={styles.points} aria-label="我的积分">
        {v.loggedIn ? (
          <p>
            我的积分 <strong>{v.points}</strong>
          </p>
        ) : (
          <p>登录后查看积分和游戏次数</p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="tap-title">
        <h2 id="tap-title" className={styles.heading}>
          {v.tap.title}
        </h2>
        <p className={styles.sub}>
          每 {v.tap.scorePerPoint} 分得 1 积分，每局最多 {v.tap.maxPointsPerRound} 积分 ·{' '}
          {left === null ? `每天 ${v.tap.roundsPerDay} 局` : `今日还可玩 ${left} 局`}
          {bestToday !== null && ` · 今日最佳 ${bestToday} 分`}
        </p>
        <TapGame
          disabled={!running || left === 0}
          label={
            !running
              ? v.campaign.state === 'ended'
                ? '活动已结束'
                : '活动未开始'
              : !v.loggedIn
                ? '登录开始游戏'
                : left === 0
                  ? '今日次数已用完'
                  : '开始游戏'
          }
          onStart={() => {
            if (isLoggedIn()) return true;
            askLogin(`登录后即可玩${v.tap.title}赢积分`);
            return false;
          }}
          onResult={(result) => {
            setBest(result.bestToday);
            refresh();
            void Dialog.alert({
              title: `得分 ${result.score}`,
              content:
                result.points > 0
                  ? `命中 ${result.hits} 个，获得 ${result.points} 积分`
                  : `命中 ${result.hits} 个，再接再厉`,
              confirmText: '好的',
            });
          }}
        />
      </section>
      <section className={styles.card} aria-labelledby="games-title">
        <h2 id="games-title" className={styles.heading}>
          更多游戏
        </h2>
        {games.length === 0 ? (
          <Empty title="游戏准备中，敬请期待" />
        ) : (
          <ul className={styles.games}>
            {games.map((g) => (
              <li key={g.key}>
                <Link
                  to={PAGES[g.page]!({ campaign: g.campaign === g.page ? null : g.campaign })}
                  className={styles.gameLink}
                >
                  <img src={g.image} alt="" width={48} height={48} />
                  <span className={styles.gameText}>
                    <strong>{g.title}</strong>
                    <span>{g.description}</span>
                    {g.state !== 'running' ? (
                      <em>{STATE_LABEL[g.state]}</em>
                    ) : (
                      g.chances && <em>{g.chances}</em>
                    )}
                  </span>
                  <span aria-hidden>›</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <nav className={styles.links}>
        <Link to={paths.myPrizes()}>我的奖品 ›</Link>
      </nav>
    </main>
  );
}
