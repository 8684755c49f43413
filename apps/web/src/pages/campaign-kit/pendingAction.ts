// The action a logged-out shopper tapped (sign in, draw, claim, the typed password), kept across
// the login detour so the page completes it when login returns. One at a time, for the page it
// was tapped on, and only for a while: an abandoned login does not fire it hours later.
import { useEffect, useRef } from 'react';
import { isLoggedIn } from '../../session/session.ts';

const KEY = 'morsel.pendingAction';
const FRESH_MS = 10 * 60_000;

interface Pending {
  path: string;
  action: string;
  payload?: string;
  at: number;
}

export function rememberAction(action: string, payload?: string): void {
  const pending: Pending = { path: location.pathname, action, payload, at: Date.now() };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode quota): the shopper taps again after login, as before.
  }
}

/**
 * Takes the pending action of this page named `action` (it is gone afterwards, whether it was
 * this one or not, so nothing fires twice). Null when there is none, it belongs to another page
 * or it is stale.
 */
export function takeAction(action: string): { payload?: string } | null {
  let pending: Pending;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    pending = JSON.parse(raw) as Pending;
    if (pending.action !== action) return null;
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (pending.path !== location.pathname || Date.now() - pending.at > FRESH_MS) return null;
  return { payload: pending.payload };
}

/**
 * Completes the page's pending `action` once the page is `ready` (its data read) and the shopper
 * is logged in: the tap made before the login detour is not lost.
 */
export function useResumeAction(
  action: string,
  ready: boolean,
  run: (payload?: string) => void,
): void {
  const runner = useRef(run);
  runner.current = run;
  useEffect(() => {
    if (!ready) return;
    const pending = takeAction(action);
    if (pending && isLoggedIn()) runner.current(pending.payload);
  }, [action, ready]);
}
