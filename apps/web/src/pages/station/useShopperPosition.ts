// Where the shopper is, from the browser's geolocation (the page asks once). Denied or failing,
// the pages fall back to a city the shopper picks; nothing here guesses a position.
import { useCallback, useEffect, useState } from 'react';

export type Position =
  | { status: 'locating' }
  | { status: 'located'; lat: number; lng: number }
  /** The shopper (or the browser's settings) refused. */
  | { status: 'denied' }
  /** No geolocation here, or it timed out or failed. */
  | { status: 'unavailable' };

const OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 300_000,
};

/** Six decimals (about 10 cm) are all the server takes. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

export function useShopperPosition(): { position: Position; locate: () => void } {
  const [position, setPosition] = useState<Position>({ status: 'locating' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setPosition({ status: 'unavailable' });
      return;
    }
    let live = true;
    setPosition({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (live)
          setPosition({
            status: 'located',
            lat: round(p.coords.latitude),
            lng: round(p.coords.longitude),
          });
      },
      (error) => {
        if (live)
          setPosition({
            status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
          });
      },
      OPTIONS,
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const locate = useCallback(() => setAttempt((n) => n + 1), []);
  return { position, locate };
}
