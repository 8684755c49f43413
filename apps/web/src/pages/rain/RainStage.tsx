// The round on screen: a 3-2-1 countdown, then the canvas full screen with the seconds left and
// the packets caught; at the end it hands the catches (and the frame statistics, written on the
// canvas's data attributes for the e2e) to the page. The page's React tree does not re-render
// per frame: only the once-a-second tick touches state.
import { useEffect, useRef, useState } from 'react';
import { RainGame, type Catch, type FrameStats, type RoundPlan } from './engine.ts';
import styles from './RainPage.module.css';

export function RainStage({
  plan,
  settling,
  onEnd,
}: {
  plan: RoundPlan;
  /** The round ended and its report is on its way. */
  settling: boolean;
  onEnd: (catches: Catch[]) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [countdown, setCountdown] = useState(3);
  const [tick, setTick] = useState({ left: Math.ceil(plan.roundMs / 1000), caught: 0 });
  const ended = useRef(onEnd);
  ended.current = onEnd;

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((n) => n - 1), 800);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  useEffect(() => {
    if (countdown > 0 || !canvas.current) return;
    const element = canvas.current;
    const game = new RainGame({
      canvas: element,
      plan,
      onTick: (left, caught) => setTick({ left, caught }),
      onEnd: (catches, stats: FrameStats) => {
        element.dataset.frames = String(stats.frames);
        element.dataset.frameP50 = stats.p50.toFixed(1);
        element.dataset.frameP95 = stats.p95.toFixed(1);
        element.dataset.frameWorst = stats.worst.toFixed(1);
        element.dataset.poolSize = String(stats.poolSize);
        element.dataset.poolGrown = String(stats.poolGrown);
        element.dataset.state = 'ended';
        ended.current(catches);
      },
    });
    element.dataset.state = 'running';
    game.begin();
    return () => game.stop();
  }, [countdown, plan]);

  return (
    <div className={styles.stageOverlay} role="dialog" aria-modal="true" aria-label="红包雨进行中">
      <div className={styles.stageBar} aria-live="off">
        <span>
          剩余 <strong>{tick.left}</strong> 秒
        </span>
        <span>
          已抢 <strong data-testid="rain-caught">{tick.caught}</strong> 个
        </span>
      </div>
      <canvas ref={canvas} className={styles.canvas} data-testid="rain-canvas" />
      {settling && (
        <div className={styles.countdown} role="status">
          <p>红包清点中…</p>
        </div>
      )}
      {countdown > 0 && (
        <div className={styles.countdown} role="status">
          <span>{countdown}</span>
          <p>点击落下的红包</p>
        </div>
      )}
    </div>
  );
}
