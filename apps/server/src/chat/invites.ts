// Group-chat invite links (docs/chat-pages.md, decision 0044): a team's owner or a manager makes
// one; it names the team, the inviter and when it expires (7 days, as a mature chat's group QR
// code), signed with the IM app's secret so nobody can forge or stretch one. Nothing is stored: a
// link stops working when it expires, when its inviter is no longer a manager, or when the team
// is dismissed. Joining itself is the IM cloud's applyTeam, which keeps the team's join mode
// (free, approval, closed) and its size.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const INVITE_TTL_MS = 7 * 86_400_000;

export interface InviteClaims {
  /** The team id. */
  teamId: string;
  /** The inviter's accid. */
  inviter: string;
  expiresAt: number;
}

function signature(secret: string, appKey: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(`team-invite:${appKey}:${payload}`)
    .digest('base64url');
}

export function signInvite(secret: string, appKey: string, claims: InviteClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ t: claims.teamId, i: claims.inviter, e: claims.expiresAt }),
  ).toString('base64url');
  return `${payload}.${signature(secret, appKey, payload)}`;
}

/** The claims of a link this server signed, or undefined for anything else. */
export function readInvite(
  secret: string,
  appKey: string,
  token: string,
): InviteClaims | undefined {
  const [payload, given] = token.split('.');
  if (!payload || !given) return undefined;
  const expected = Buffer.from(signature(secret, appKey, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      t?: unknown;
      i?: unknown;
      e?: unknown;
    };
    if (
      typeof claims.t !== 'string' ||
      typeof claims.i !== 'string' ||
      typeof claims.e !== 'number'
    )
      return undefined;
    return { teamId: claims.t, inviter: claims.i, expiresAt: claims.e };
  } catch {
    return undefined;
  }
}
