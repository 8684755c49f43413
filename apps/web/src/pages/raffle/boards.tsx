// The two raffle boards drawn from configuration: the nine-grid (eight prizes round a draw
// button) and the wheel (one sector per prize under a pointer). Both animate to the slot the
// server answered and call onSettled when the prize is shown.
import { useEffect, useRef, useState } from 'react';
import { GRID_RING, gridSteps, slotAt, stepDelay, wheelRotation } from './spin.ts';
import styles from './RafflePage.module.css';

export interface BoardPrize {
  key: string;
  name: string;
  image: string;
  kind: string;
  slot: number;
}

export interface SpinTarget {
  slot: number;
  /** Changes with every draw, so the same slot twice still spins. */
  draw: number;
}

export interface BoardProps {
  prizes: BoardPrize[];
  target: SpinTarget | null;
  onSettled: () => void;
  onDraw: () => void;
  drawLabel: string;
  drawHint: string;
  disabled: boolean;
}

function bySlot(prizes: BoardPrize[]): Map<number, BoardPrize> {
  return new Map(prizes.filter((p) => p.slot >= 0).map((p) => [p.slot, p]));
}

export function NineGrid({
  prizes,
  target,
  onSettled,
  onDraw,
  drawLabel,
  drawHint,
  disabled,
}: BoardProps) {
  const [lit, setLit] = useState(-1);
  const litRef = useRef(0);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const slots = bySlot(prizes);

  useEffect(() => {
    if (!target) return;
    // A shopper who asked for less motion sees the light go straight to the prize.
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const total = gridSteps(Math.max(litRef.current, 0), target.slot, still ? 0 : 3);
    const delay = (index: number) => (still ? 0 : stepDelay(index, total));
    let step = 0;
    let timer: ReturnType<typeof setTimeout>;
    if (total === 0) {
      timer = setTimeout(() => settled.current(), 0);
      return () => clearTimeout(timer);
    }
    const tick = () => {
      step += 1;
      litRef.current = (litRef.current + 1) % GRID_RING.length;
      setLit(litRef.current);
      if (step >= total) {
        timer = setTimeout(() => settled.current(), 300);
        return;
      }
      timer = setTimeout(tick, delay(step));
    };
    timer = setTimeout(tick, delay(0));
    return () => clearTimeout(timer);
  }, [target]);

  return (
    <div className={styles.grid} aria-label="九宫格抽奖">
      {[0, 1, 2].flatMap((row) =>
        [0, 1, 2].map((column) => {
          const slot = slotAt(row, column);
          if (slot === -1) {
            return (
              <button
                key="draw"
                type="button"
                className={styles.drawCell}
                disabled={disabled}
                onClick={onDraw}
              >
                <strong>{drawLabel}</strong>
                <span>{drawHint}</span>
              </button>
            );
          }
          const prize = slots.get(slot);
          return (
            <div
              key={slot}
              className={slot === lit ? styles.cellLit : styles.cell}
              data-slot={slot}
              aria-current={slot === lit || undefined}
            >
              {prize && <img src={prize.image} alt="" />}
              <span>{prize?.name ?? '敬请期待'}</span>
            </div>
          );
        }),
      )}
    </div>
  );
}

const SECTOR_COLOURS = ['#fff3e8', '#ffd9c2'];

export function Wheel({
  prizes,
  target,
  onSettled,
  onDraw,
  drawLabel,
  drawHint,
  disabled,
}: BoardProps) {
  const ordered = [...bySlot(prizes).entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
  const count = Math.max(ordered.length, 1);
  const sector = 360 / count;
  const [rotation, setRotation] = useState(0);
  const spinning = useRef(false);

  useEffect(() => {
    if (!target) return;
    spinning.current = true;
    const index = Math.max(
      0,
      ordered.findIndex((p) => p.slot === target.slot),
    );
    setRotation((current) => wheelRotation(current, index, count));
    // Only a new draw turns the wheel; `ordered` follows the configuration, which does not change mid-draw.
  }, [target]);

  const stops = ordered
    .map((_, i) => `${SECTOR_COLOURS[i % 2]} ${i * sector}deg ${(i + 1) * sector}deg`)
    .join(', ');
  return (
    <div className={styles.wheelBox} aria-label="大转盘抽奖">
      <div
        className={styles.wheel}
        style={{ transform: `rotate(${rotation}deg)`, background: `conic-gradient(${stops})` }}
        onTransitionEnd={() => {
          if (!spinning.current) return;
          spinning.current = false;
          onSettled();
        }}
      >
        {ordered.map((prize, i) => (
          <div
            key={prize.key}
            className={styles.sector}
            style={{ transform: `rotate(${(i + 0.5) * sector}deg)` }}
            data-slot={i}
          >
            <span>{prize.name}</span>
            <img src={prize.image} alt="" />
          </div>
        ))}
      </div>
      <div className={styles.pointer} aria-hidden />
      <button type="button" className={styles.wheelButton} disabled={disabled} onClick={onDraw}>
        <strong>{drawLabel}</strong>
        <span>{drawHint}</span>
      </button>
    </div>
  );
}
