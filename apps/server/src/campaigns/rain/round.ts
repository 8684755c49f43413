// A red-packet rain round as the server sees it: the plan it draws when the round starts (when
// and where every packet falls), the token that names the round (an HMAC under the round's own
// key, so a forged or altered token is refused before anything is read into a prize), and the
// check of the catches a page reports (the caps on taps, each packet once and only while it falls).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { RainSettings } from './settings.ts';

export interface Packet {
  /** Milliseconds after the round starts. */
  at: number;
  /** 0 to 1 across the screen. */
  x: number;
  /** 0 small, 1 big. */
  size: number;
}

export interface Plan {
  fallMs: number;
  packets: Packet[];
}

/** Packets appear over the round so that the last one lands when it ends. */
export function drawPlan(
  settings: RainSettings,
  random: (max: number) => number = randomInt,
): Plan {
  const roundMs = settings.roundSeconds * 1000;
  const window = roundMs - settings.fallMs;
  const packets: Packet[] = [];
  for (let i = 0; i < settings.packetsPerRound; i++) {
    packets.push({
      at: random(window + 1),
      x: Math.round((0.08 + random(841) / 1000) * 1000) / 1000,
      size: random(4) === 0 ? 1 : 0,
    });
  }
  packets.sort((a, b) => a.at - b.at);
  return { fallMs: settings.fallMs, packets };
}

export const newTokenKey = (): string => randomBytes(32).toString('hex');

const PURPOSE = 'morsel-rain-round\n';

function mac(key: string, payload: string): string {
  return createHmac('sha256', Buffer.from(key, 'hex'))
    .update(PURPOSE)
    .update(payload)
    .digest('base64url');
}

/** `r1.<round id>.<user id>.<started at>.<mac>`. */
export function signToken(key: string, round: { id: number; userId: number; startedAt: number }) {
  const payload = `r1.${round.id}.${round.userId}.${round.startedAt}`;
  return `${payload}.${mac(key, payload)}`;
}

export interface TokenClaims {
  id: number;
  userId: number;
  startedAt: number;
  payload: string;
  mac: string;
}

/** The claims of a well-formed token (not yet verified); undefined for anything else. */
export function readToken(token: string): TokenClaims | undefined {
  const match = /^r1\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, userId, startedAt, signature] = match;
  return {
    id: Number(id),
    userId: Number(userId),
    startedAt: Number(startedAt),
    payload: `r1.${id}.${userId}.${startedAt}`,
    mac: signature!,
  };
}

export function verifyToken(key: string, claims: TokenClaims): boolean {
  const expected = Buffer.from(mac(key, claims.payload));
  const given = Buffer.from(claims.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface Catch {
  packet: number;
  at: number;
}

/** How late (or early) a catch may be against its packet's fall, for frame and clock jitter. */
export const CATCH_SLACK_MS = 400;

export type CatchCheck =
  { ok: true; catches: number } | { ok: false; reason: 'rainTooManyTaps' | 'rainCatchInvalid' };

/**
 * Checks what a page reports: at most maxTapsPerRound catches and maxTapsPerSecond in any second,
 * each a packet of the plan, caught once, while it was falling.
 */
export function checkCatches(
  plan: Plan,
  caps: { maxTapsPerSecond: number; maxTapsPerRound: number },
  catches: readonly Catch[],
): CatchCheck {
  if (catches.length > caps.maxTapsPerRound) return { ok: false, reason: 'rainTooManyTaps' };
  const times = catches.map((c) => c.at).sort((a, b) => a - b);
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    if (i - j + 1 > caps.maxTapsPerSecond) return { ok: false, reason: 'rainTooManyTaps' };
  }
  const seen = new Set<number>();
  for (const c of catches) {
    const packet = plan.packets[c.packet];
    if (!packet || seen.has(c.packet)) return { ok: false, reason: 'rainCatchInvalid' };
    if (c.at < packet.at - CATCH_SLACK_MS || c.at > packet.at + plan.fallMs + CATCH_SLACK_MS)
      return { ok: false, reason: 'rainCatchInvalid' };
    seen.add(c.packet);
  }
  return { ok: true, catches: catches.length };
}
