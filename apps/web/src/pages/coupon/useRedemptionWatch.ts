// The code page follows its coupon while the shopper holds it up at the till: it asks for the
// coupon's status again and again, at first every 2 s and then less often (×1.5 up to 15 s, since
// a till scans within a minute or not at all), and hands over the coupon once it is no longer
// unused (已核销). Nothing is asked while the page is hidden; showing it again asks at once.
import { useEffect, useRef } from 'react';
import { api, type DataOf } from '../../request/api.ts';
import { isSuccess } from '../../request/types.ts';

export type WatchedCoupon = DataOf<'coupon.mineDetail'>;

export const FIRST_DELAY_MS = 2000;
export const MAX_DELAY_MS = 15_000;

/** The wait after `delay`: 1.5 times longer, at most MAX_DELAY_MS. */
export const nextDelay = (delay: number) => Math.min(Math.round(delay * 1.5), MAX_DELAY_MS);

export function useRedemptionWatch(
  id: string,
  active: boolean,
  onChanged: (coupon: WatchedCoupon) => void,
): void {
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    let delay = FIRST_DELAY_MS;
    const hidden = () => document.visibilityState === 'hidden';

    const schedule = () => {
      if (stopped || hidden() || timer !== undefined || asking) return;
      timer = setTimeout(() => {
        timer = undefined;
        void ask();
      }, delay);
    };
    const ask = async () => {
      if (stopped || asking) return;
      asking = true;
      try {
        const reply = await api.call('coupon.mineDetail', { id });
        if (!stopped && isSuccess(reply) && reply.data.status !== 'unused') {
          stopped = true;
          changed.current(reply.data);
          return;
        }
      } catch {
        // No answer (offline, a timeout): keep asking, less often.
      } finally {
        asking = false;
      }
      delay = nextDelay(delay);
      schedule();
    };
    const onVisibility = () => {
      if (hidden()) {
        clearTimeout(timer);
        timer = undefined;
      } else {
        // Back at the till: ask now, then from the start of the backoff.
        delay = FIRST_DELAY_MS;
        void ask();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [id, active]);
}
