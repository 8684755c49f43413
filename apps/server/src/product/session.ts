// The shopper's session: the token `ut` travels in the `ut` header, or in the `ut` cookie that
// login sets (365 days, readable by the page's script, which reads it as spec section 3 says).
// A browser attaches the cookie to requests other sites start too (a form or text/plain post
// needs no preflight, and SameSite=Lax does not cover sibling subdomains or every web view), so
// a state-changing request that relies on the cookie alone must come from a page of this site
// (review M12). The app always sends the header, which no other site can set.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '@morsel/api';
import { headerValue } from '../api/index.ts';
import type { ProductContext } from './context.ts';
import { resolveSession } from './store/sessions.ts';
import { findUserById, type ProductUser } from './store/users.ts';

export const UT_COOKIE = 'ut';
const COOKIE_MAX_AGE_S = 365 * 86_400;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origin (or, lacking it, Referer) names this very host; a browser sets both, pages cannot. */
function fromThisSite(request: FastifyRequest): boolean {
  const source = headerValue(request, 'origin') ?? headerValue(request, 'referer');
  const host = request.headers.host;
  if (!source || !host) return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false; // `Origin: null` (sandboxed frames, data: pages) and garbage
  }
}

export function readToken(request: FastifyRequest): string | undefined {
  const header = headerValue(request, 'ut')?.trim();
  if (header) return header;
  const cookie = (
    request as FastifyRequest & { cookies?: Record<string, string | undefined> }
  ).cookies?.[UT_COOKIE]?.trim();
  if (!cookie) return undefined;
  if (!SAFE_METHODS.has(request.method) && !fromThisSite(request))
    throw fail('crossSiteRefused', { status: 403 });
  return cookie;
}

/** The logged-in user, or the -331007 refusal that sends the client back to login. */
export async function requireUser(
  ctx: ProductContext,
  request: FastifyRequest,
): Promise<ProductUser> {
  const token = readToken(request);
  if (!token || token.length > 128) throw fail('loginInvalid');
  const userId = await resolveSession(ctx.db, token, ctx.clock.now(), ctx.sessionTtlMs);
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (!user) throw fail('loginInvalid');
  return user;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(UT_COOKIE, token, {
    path: '/',
    maxAge: COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(UT_COOKIE, { path: '/' });
}
