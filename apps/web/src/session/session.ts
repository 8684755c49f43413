// Session and identity (spec section 3): the user token, device id, session id, trace code and
// bank channel, kept in cookies (or taken from the native app's user-agent data), and the
// clientInfo header every call carries. Lifetimes and the choice of which cookie is temporary
// are written down in docs/web-shell.md.
import Cookies from 'js-cookie';
import { LIMITS, PRODUCT } from '../config/product.ts';
import { clientSystem, environment } from '../env/detect.ts';

export const COOKIE = {
  token: 'ut',
  deviceId: 'deviceId',
  sessionId: 'sessionId',
  traceCode: 'traceCode',
  bankChannel: 'bank_channel',
} as const;

const LONG = { expires: LIMITS.cookieDays, path: '/', sameSite: 'lax' } as const;
const TEMPORARY = { expires: LIMITS.tempCookieDays, path: '/', sameSite: 'lax' } as const;

/** An app token removed after -331007 must not come back from the app's unchanging user agent. */
let revokedAppToken = '';

export function getToken(): string {
  const app = environment().app;
  if (app?.ut && app.ut !== revokedAppToken) return app.ut;
  return Cookies.get(COOKIE.token) ?? '';
}

export function setToken(token: string): void {
  Cookies.set(COOKIE.token, token, LONG);
}

export function removeToken(): void {
  const app = environment().app;
  if (app?.ut) revokedAppToken = app.ut;
  Cookies.remove(COOKIE.token, { path: '/' });
}

/** Logged in means a non-empty user token (spec section 4). */
export function isLoggedIn(): boolean {
  return getToken() !== '';
}

/**
 * In a mini-program web-view the host passes the token as `?ut=`; keep it as ours. Returns
 * whether it did, so the caller can take the token out of the address (and of shared links).
 */
export function adoptMiniProgramToken(search: string): boolean {
  if (!environment().miniProgram) return false;
  const ut = new URLSearchParams(search).get('ut');
  if (!ut) return false;
  setToken(ut);
  return true;
}

export function randomUuid(): string {
  // randomUUID exists only in secure contexts; a phone on a LAN address over http is not one.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The app's device id, else a random UUID kept for a year. */
export function getDeviceId(): string {
  const app = environment().app;
  if (app?.deviceId) return app.deviceId;
  let id = Cookies.get(COOKIE.deviceId);
  if (!id) {
    id = randomUuid();
    Cookies.set(COOKIE.deviceId, id, LONG);
  }
  return id;
}

/**
 * The app's session id, else timestamp plus a random number in a temporary cookie whose five
 * minutes restart on every use: a visit ends after five idle minutes.
 */
export function getSessionId(): string {
  const app = environment().app;
  if (app?.sessionId) return app.sessionId;
  const id =
    Cookies.get(COOKIE.sessionId) ?? `${Date.now()}${Math.floor(Math.random() * 1_000_000)}`;
  Cookies.set(COOKIE.sessionId, id, TEMPORARY);
  return id;
}

export function getTraceCode(): string {
  return Cookies.get(COOKIE.traceCode) ?? '';
}

/** Remembers where the visitor came from (`?traceCode=` on the landing URL) for a year. */
export function rememberTraceCode(search: string): void {
  const code = new URLSearchParams(search).get('traceCode');
  if (code) Cookies.set(COOKIE.traceCode, code, LONG);
}

export function getBankChannel(): string {
  return Cookies.get(COOKIE.bankChannel) ?? '';
}

/** Kept only across the login round trip, hence the temporary cookie. */
export function rememberBankChannel(channel: string): void {
  Cookies.set(COOKIE.bankChannel, channel, TEMPORARY);
}

export interface ClientInfo {
  deviceCode: string;
  platformId: number;
  appVersion: string;
  clientSystem: 'IOS' | 'Android' | 'WeChat' | 'H5';
}

export function clientInfo(): ClientInfo {
  const env = environment();
  return {
    deviceCode: getDeviceId(),
    platformId: PRODUCT.platformId,
    appVersion: env.app?.version || PRODUCT.clientVersion,
    clientSystem: clientSystem(env),
  };
}
