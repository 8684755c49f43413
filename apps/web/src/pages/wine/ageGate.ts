// The wine corner's age confirmation, remembered on the device: a confirmation for the days the
// settings say (then asked again), a decline only for this visit (the tab), so a wrong tap is
// not a lasting lock-out and a minor is asked again next time rather than let in.
const CONFIRMED_KEY = 'morsel.wine.ageConfirmedAt';
const DECLINED_KEY = 'morsel.wine.ageDeclined';
const DAY_MS = 86_400_000;

export type AgeAnswer = 'unknown' | 'adult' | 'declined';

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage refused (private mode, a WebView without it): ask every time.
    return fallback;
  }
}

export function rememberedAnswer(rememberDays: number, now = Date.now()): AgeAnswer {
  return safely(() => {
    if (sessionStorage.getItem(DECLINED_KEY) === '1') return 'declined';
    const at = Number(localStorage.getItem(CONFIRMED_KEY) ?? NaN);
    if (Number.isFinite(at) && at <= now && now - at < rememberDays * DAY_MS) return 'adult';
    return 'unknown';
  }, 'unknown');
}

export function rememberAnswer(answer: 'adult' | 'declined', now = Date.now()): void {
  safely(() => {
    if (answer === 'adult') {
      localStorage.setItem(CONFIRMED_KEY, String(now));
      sessionStorage.removeItem(DECLINED_KEY);
    } else {
      localStorage.removeItem(CONFIRMED_KEY);
      sessionStorage.setItem(DECLINED_KEY, '1');
    }
  }, undefined);
}

export function forgetAnswer(): void {
  safely(() => {
    localStorage.removeItem(CONFIRMED_KEY);
    sessionStorage.removeItem(DECLINED_KEY);
  }, undefined);
}
