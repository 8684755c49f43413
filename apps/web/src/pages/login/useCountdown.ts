import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a resend countdown; 0 when it may be sent again. Counted from a deadline, not
 * by chaining one-second timers, so it neither drifts nor stalls while a phone keeps the page
 * in the background.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (deadline <= 0) return;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) setDeadline(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const start = useCallback((seconds: number) => {
    setLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);
  return { left, start };
}
