// The console's session: an HttpOnly, SameSite=Strict cookie on /admin holding a random token
// whose sha256 is all the store keeps. Writes must carry the `x-morsel-console` header, which a
// form or an image on another site cannot send, so a forged request is refused even if a
// browser sent the cookie along. A session admits the admin API by role: an operator as the
// admin key, a cashier as the cashier key, a viewer for reads (GET) only.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '@morsel/api';
import { headerValue } from '../../api/index.ts';
import type { CampaignContext } from '../context.ts';
import {
  deleteConsoleSession,
  findSessionUser,
  insertConsoleSession,
  type ConsoleRole,
} from '../store/console-accounts.ts';

export const CONSOLE_COOKIE = 'morsel_console';
export const CONSOLE_HEADER = 'x-morsel-console';
const COOKIE_PATH = '/admin';

export interface ConsoleAccount {
  readonly id: number;
  readonly name: string;
  readonly role: ConsoleRole;
  readonly expiresAt: number;
}

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The cookie's token, when the request carries one of a plausible size. */
export function consoleToken(request: FastifyRequest): string | undefined {
  const token = (request.cookies as Record<string, string | undefined> | undefined)?.[
    CONSOLE_COOKIE
  ];
  return token && token.length <= 128 ? token : undefined;
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** A write from the console carries its header; anything else may be another site's form. */
export function requireConsoleHeader(request: FastifyRequest): void {
  if (!isRead(request) && headerValue(request, CONSOLE_HEADER) !== '1')
    throw fail('consoleHeaderMissing', { status: 403 });
}

/**
 * The account of the request's session, or the refusal that sends the console to its login:
 * HTTP 401 on the admin API; "who am I" answers it with 200, since nobody is an answer there.
 */
export async function requireConsoleAccount(
  ctx: CampaignContext,
  request: FastifyRequest,
  status: 200 | 401 = 401,
): Promise<ConsoleAccount> {
  const token = consoleToken(request);
  const found =
    token && (await findSessionUser(ctx.product.db, digest(token), ctx.product.clock.now()));
  if (!found) throw fail('consoleSessionInvalid', { status });
  return { id: found.id, name: found.name, role: found.role, expiresAt: found.expires_at };
}

/**
 * Admits a console session to an admin route that `keyRoles` (the key roles of auth.ts) may
 * call, answering with the key role it acts as.
 */
export async function admitConsoleSession(
  ctx: CampaignContext,
  request: FastifyRequest,
  keyRoles: readonly ('admin' | 'cashier')[],
): Promise<'admin' | 'cashier'> {
  requireConsoleHeader(request);
  const account = await requireConsoleAccount(ctx, request);
  // Every line this request logs names who acted: the admin API's edits are attributable.
  request.log = request.log.child({ account: account.name, role: account.role });
  if (account.role === 'operator') return 'admin';
  if (account.role === 'cashier') {
    if (!keyRoles.includes('cashier')) throw fail('adminCashierOnly', { status: 403 });
    return 'cashier';
  }
  if (!isRead(request)) throw fail('consoleReadOnly', { status: 403 });
  return 'admin';
}

export async function startConsoleSession(
  ctx: CampaignContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<number> {
  const now = ctx.product.clock.now();
  const expiresAt = now + ctx.console.sessionMs;
  const token = randomBytes(32).toString('base64url');
  await insertConsoleSession(ctx.product.db, { tokenHash: digest(token), userId, now, expiresAt });
  reply.setCookie(CONSOLE_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ctx.console.sessionMs / 1000),
  });
  return expiresAt;
}

export async function endConsoleSession(
  ctx: CampaignContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = consoleToken(request);
  if (token) await deleteConsoleSession(ctx.product.db, digest(token));
  reply.clearCookie(CONSOLE_COOKIE, { path: COOKIE_PATH });
}
