import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a resend countdown; 0 when it may be sent again. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start };
}
