// The shopper's session: the token `ut` travels in the `ut` header, or in the `ut` cookie that
// login sets (365 days, readable by the page's script, which reads it as spec section 3 says).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './codes.ts';
import { headerValue } from './http.ts';
import type { ProductContext } from './context.ts';
import { resolveSession } from './store/sessions.ts';
import { findUserById, type ProductUser } from './store/users.ts';

export const UT_COOKIE = 'ut';
const COOKIE_MAX_AGE_S = 365 * 86_400;

export function readToken(request: FastifyRequest): string | undefined {
  const header = headerValue(request, 'ut')?.trim();
  if (header) return header;
  const cookie = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[UT_COOKIE];
  return cookie?.trim() || undefined;
}

/** The logged-in user, or the -331007 refusal that sends the client back to login. */
export async function requireUser(ctx: ProductContext, request: FastifyRequest): Promise<ProductUser> {
  const token = readToken(request);
  if (!token || token.length > 128) throw fail('loginInvalid');
  const userId = await resolveSession(ctx.db, token, ctx.clock.now(), ctx.sessionTtlMs);
  const user = userId === undefined ? undefined : await findUserById(ctx.db, userId);
  if (!user) throw fail('loginInvalid');
  return user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
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
