// A countdown block: days, hours, minutes and seconds to the operator's end time, counted from
// the server's clock (the offset to the phone's is taken once), so a phone set wrong still shows
// the right time left. At zero it says the block's ended text.
import { useEffect, useState } from 'react';
import styles from './CmsPage.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

export function parts(msLeft: number) {
  const s = Math.max(0, Math.floor(msLeft / 1000));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

export function Countdown({
  title,
  endsAt,
  endedText,
  serverTime,
}: {
  title: string;
  endsAt: number;
  endedText: string;
  serverTime: number;
}) {
  const [offset] = useState(() => serverTime - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  const left = endsAt - now;
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [left <= 0, offset]);
  if (left <= 0)
    return (
      <section className={styles.countdown} aria-label={title}>
        <h2 className={styles.countdownTitle}>{title}</h2>
        <p className={styles.ended}>{endedText}</p>
      </section>
    );
  const t = parts(left);
  return (
    <section className={styles.countdown} aria-label={title}>
      <h2 className={styles.countdownTitle}>{title}</h2>
      <p
        className={styles.clock}
        role="timer"
        aria-label={`距结束还有${t.days}天${t.hours}小时${t.minutes}分`}
      >
        距结束
        {t.days > 0 && (
          <>
            <b>{t.days}</b>天
          </>
        )}
        <b>{pad(t.hours)}</b>:<b>{pad(t.minutes)}</b>:<b>{pad(t.seconds)}</b>
      </p>
    </section>
  );
}
