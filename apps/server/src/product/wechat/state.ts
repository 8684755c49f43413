// What ties a WeChat authorisation to the browser that started it. The `state` sent to WeChat is
// a random nonce plus an HMAC over the nonce and the browser's own cookie, letters and digits
// only and well under WeChat's 128 characters; the nonce's entry in the store (where to return,
// which scope) expires after ten minutes and is taken once. A callback with a state from another
// browser, a forged one, a stale or a replayed one is refused. The bind ticket (first WeChat
// login, the mobile number still to verify) is signed the same way: identity, expiry, browser.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const BROWSER_COOKIE = 'wx_oauth_b';
export const STATE_LIFETIME_MS = 10 * 60_000;
export const BIND_TICKET_LIFETIME_MS = 15 * 60_000;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomAlnum(length: number): string {
  return [...randomBytes(length)]
    .map((byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length])
    .join('');
}

/** The HMAC key: from the official account's secret, or a fixed development label. */
export function stateKey(appSecret: string | undefined): Buffer {
  return createHmac('sha256', appSecret ?? 'morsel-development-wechat-oauth')
    .update('morsel wechat oauth state v1')
    .digest();
}

function mac(key: Buffer, text: string, length: number): string {
  return createHmac('sha256', key).update(text).digest('hex').slice(0, length);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newBrowserId(): string {
  return randomAlnum(24);
}

/** A new state for this browser; the nonce keys its stored entry. */
export function signState(key: Buffer, browserId: string): { state: string; nonce: string } {
  const nonce = randomAlnum(20);
  return { state: `${nonce}${mac(key, `state:${nonce}:${browserId}`, 40)}`, nonce };
}

/** The nonce of a state this browser started; undefined for anything else. */
export function verifyState(key: Buffer, state: string, browserId: string): string | undefined {
  if (!/^[A-Za-z0-9]{60}$/.test(state) || !browserId) return undefined;
  const nonce = state.slice(0, 20);
  return sameText(state.slice(20), mac(key, `state:${nonce}:${browserId}`, 40)) ? nonce : undefined;
}

/** A ticket to bind identity `identityId` to a mobile number, in this browser, until expiry. */
export function signBindTicket(
  key: Buffer,
  identityId: number,
  browserId: string,
  now: number,
): string {
  const body = `${identityId}.${now + BIND_TICKET_LIFETIME_MS}`;
  return `${body}.${mac(key, `bind:${body}:${browserId}`, 40)}`;
}

export type BindTicketCheck =
  { ok: true; identityId: number } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyBindTicket(
  key: Buffer,
  ticket: string,
  browserId: string,
  now: number,
): BindTicketCheck {
  const match = /^(\d{1,15})\.(\d{1,15})\.([0-9a-f]{40})$/.exec(ticket);
  if (!match || !browserId) return { ok: false, reason: 'invalid' };
  const [, id, expiresAt, signature] = match as unknown as [string, string, string, string];
  if (!sameText(signature, mac(key, `bind:${id}.${expiresAt}:${browserId}`, 40)))
    return { ok: false, reason: 'invalid' };
  if (Number(expiresAt) <= now) return { ok: false, reason: 'expired' };
  return { ok: true, identityId: Number(id) };
}

/** What the store keys a pending state by (the nonce itself never sits in the store). */
export function stateCacheKey(nonce: string): string {
  return `wechat.oauth_state:${createHash('sha256').update(nonce).digest('hex')}`;
}
