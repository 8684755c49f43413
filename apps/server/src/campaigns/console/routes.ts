// The console's login, logout and "who am I" (docs/operator-console.md). Failed logins are
// counted per client address and per account name in the store's rate counters; past
// MORSEL_CONSOLE_LOGIN_FAILURES_PER_HOUR either one refuses logins until its hour ends, even
// with the right password, so a password cannot be guessed from many addresses nor an account
// locked out from a single one for longer than an hour.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress } from '../../api/index.ts';
import { route } from '../../api/index.ts';
import { hitCounter, peekCounter } from '../../product/index.ts';
import type { CampaignContext } from '../context.ts';
import { findConsoleUser } from '../store/console-accounts.ts';
import { verifyPassword } from './passwords.ts';
import {
  endConsoleSession,
  requireConsoleAccount,
  requireConsoleHeader,
  startConsoleSession,
} from './session.ts';

const HOUR_MS = 3600_000;

export function registerConsoleRoutes(scope: FastifyInstance, ctx: CampaignContext): void {
  const { db, clock } = ctx.product;

  route(scope, 'console.login', async (request, reply) => {
    requireConsoleHeader(request);
    const { name, password } = request.body;
    const now = clock.now();
    const keys = [`console.login:address:${clientAddress(request)}`, `console.login:name:${name}`];
    for (const key of keys)
      if ((await peekCounter(db, key, now)) >= ctx.console.loginFailuresPerHour)
        throw fail('consoleLoginThrottled', { status: 429 });
    const user = await findConsoleUser(db, name);
    const matches = await verifyPassword(password, user?.password_hash);
    if (!user || !matches || user.disabled !== 0) {
      for (const key of keys) await hitCounter(db, key, now, now + HOUR_MS);
      request.log.warn({ address: clientAddress(request) }, 'console: failed login');
      throw fail('consoleLoginFailed', { status: 401 });
    }
    const expiresAt = await startConsoleSession(ctx, request, reply, Number(user.id));
    request.log.info({ account: user.name, role: user.role }, 'console: logged in');
    return ok({ name: user.name, role: user.role, expiresAt });
  });

  route(scope, 'console.logout', async (request, reply) => {
    requireConsoleHeader(request);
    await endConsoleSession(ctx, request, reply);
    return ok(null);
  });

  route(scope, 'console.me', async (request) => {
    const account = await requireConsoleAccount(ctx, request, 200);
    return ok({ name: account.name, role: account.role, expiresAt: account.expiresAt });
  });
}
