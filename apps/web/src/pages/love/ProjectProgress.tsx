// A project's progress as both pages show it: the bar, points raised of the goal, and 爱心人次.
import { formatPoints, percentRaised } from './donation.ts';
import styles from './love.module.css';

export interface ProgressProps {
  goalPoints: number;
  raisedPoints: number;
  donations: number;
  state: 'open' | 'funded';
}

export function ProjectProgress({ goalPoints, raisedPoints, donations, state }: ProgressProps) {
  const percent = percentRaised(raisedPoints, goalPoints);
  return (
    <div className={styles.progress}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="筹集进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <i style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.figures}>
        <span>
          已筹 <b>{formatPoints(raisedPoints)}</b> / {formatPoints(goalPoints)} 积分
        </span>
        <span>{state === 'funded' ? '已筹满' : `${percent}%`}</span>
      </p>
      <p className={styles.count}>{donations} 人次参与</p>
    </div>
  );
}
