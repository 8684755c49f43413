// 眼疾手快: snacks pop up in a 3×3 grid one after another; tap each before it is gone. The round's
// schedule comes from the seed the server issued; the page only records where and when the
// shopper tapped and reports that — the server rebuilds the schedule and computes the score.
import { useEffect, useRef, useState } from 'react';
import { roundLength, tapSchedule, type Tap, type TapTarget } from '@morsel/api/tap-game';
import type { DataOf } from '@morsel/api/client';
import { toast } from '../../feedback/toast.ts';
import { api } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';
import { Button } from '../../ui/index.ts';
import { runAction } from '../campaign-kit/useRemote.ts';
import styles from './GameCentrePage.module.css';

type Result = DataOf<'game.finish'>;
type Round = DataOf<'game.start'>;

const CELLS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const SNACKS = ['nuts', 'candy', 'chips', 'mango', 'jerky'];

interface Playing {
  round: Round;
  targets: TapTarget[];
  startedAt: number;
}

export function TapGame({
  disabled,
  label,
  onStart,
  onResult,
}: {
  disabled: boolean;
  label: string;
  /** Called before a round starts; false stops it (login asked, no rounds left). */
  onStart: () => boolean;
  onResult: (result: Result) => void;
}) {
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [hit, setHit] = useState<Set<number>>(new Set());
  const [starting, setStarting] = useState(false);
  const taps = useRef<Tap[]>([]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const length = roundLength(playing.targets, playing.round.rules);
    const tick = () => {
      const now = performance.now() - playing.startedAt;
      setElapsed(now);
      if (now < length + 200) frame = requestAnimationFrame(tick);
      else void finish(playing);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
    // finish reads the refs it needs; the round is the only dependency.
  }, [playing]);

  const start = async () => {
    if (starting || playing || !onStart()) return;
    setStarting(true);
    const reply = await runAction(() => api.call('game.start'), toast);
    setStarting(false);
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    taps.current = [];
    setHit(new Set());
    setElapsed(0);
    setPlaying({
      round: reply.data,
      targets: tapSchedule(reply.data.seed, reply.data.rules),
      startedAt: performance.now(),
    });
  };

  const finish = async (p: Playing) => {
    setPlaying(null);
    const reply = await runAction(
      () => api.call('game.finish', { round: p.round.round, taps: taps.current }, { json: true }),
      toast,
    );
    if (!reply) return;
    if (!isSuccess(reply)) {
      toast(reply.message);
      return;
    }
    onResult(reply.data);
  };

  const up = playing
    ? playing.targets.findIndex(
        (t, i) => !hit.has(i) && elapsed >= t.at && elapsed <= t.at + playing.round.rules.windowMs,
      )
    : -1;
  const upCell = up >= 0 ? playing!.targets[up]!.cell : -1;

  const tap = (cell: number) => {
    if (!playing) return;
    const at = Math.round(performance.now() - playing.startedAt);
    taps.current.push({ cell, at });
    if (cell === upCell) setHit((h) => new Set(h).add(up));
  };

  const shown = playing ? playing.targets.filter((t) => t.at <= elapsed).length : 0;
  return (
    <div className={styles.game}>
      <div className={styles.grid} role="group" aria-label="九宫格">
        {CELLS.map((cell) => (
          <button
            key={cell}
            type="button"
            className={cell === upCell ? styles.cellUp : styles.cell}
            aria-label={cell === upCell ? '零食，快点' : `格子 ${cell + 1}`}
            disabled={!playing}
            onPointerDown={() => tap(cell)}
          >
            {cell === upCell && (
              <img src={`/api/campaign/assets/${SNACKS[up % SNACKS.length]}.svg`} alt="" />
            )}
          </button>
        ))}
      </div>
      <p className={styles.gameStatus} role="status">
        {playing
          ? `第 ${shown}/${playing.targets.length} 个 · 命中 ${hit.size}`
          : '零食冒出来就点它，越快得分越高'}
      </p>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        disabled={disabled || starting || playing !== null}
        onClick={() => void start()}
      >
        {playing ? '游戏中…' : starting ? '准备中…' : label}
      </Button>
    </div>
  );
}
