// The admin API's key check. Two credentials: MORSEL_ADMIN_KEY may do everything, and
// MORSEL_CASHIER_KEY (for store devices) may only call the routes that allow the cashier role
// (redeeming a coupon). Header x-admin-key, compared in constant time (both sides hashed first
// so that lengths do not leak either). Wrong keys are counted per client address in the store's
// rate counters; past MORSEL_ADMIN_FAILURES_PER_HOUR the address is refused until the hour ends,
// even with the right key, so a key cannot be guessed from one address.
// A request without a key but with the operator console's session cookie is admitted by the
// session's role instead (console/session.ts): the console needs no key configured.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { clientAddress, headerValue } from '../../api/index.ts';
import { hitCounter, peekCounter } from '../../product/index.ts';
import { fail } from '@morsel/api';
import type { CampaignContext } from '../context.ts';
import { admitConsoleSession, consoleToken } from '../console/session.ts';

export type AdminRole = 'admin' | 'cashier';

const HOUR_MS = 3600_000;
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const failuresKey = (address: string) => `admin.failures:${address}`;

export function keyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function roleOf(ctx: CampaignContext, given: string): AdminRole | undefined {
  // Both comparisons always run, so the time taken does not tell which key was close.
  const admin = ctx.adminKey !== undefined && keyMatches(given, ctx.adminKey);
  const cashier = ctx.cashierKey !== undefined && keyMatches(given, ctx.cashierKey);
  return admin ? 'admin' : cashier ? 'cashier' : undefined;
}

/** Admits the request when its key holds one of `roles`, or throws the refusal that says why not. */
export async function requireKey(
  ctx: CampaignContext,
  request: FastifyRequest,
  roles: readonly AdminRole[],
): Promise<AdminRole> {
  if (headerValue(request, 'x-admin-key') === undefined && consoleToken(request) !== undefined)
    return admitConsoleSession(ctx, request, roles);
  if (!ctx.adminKey) throw fail('adminDisabled', { status: 503 });
  const { db, clock } = ctx.product;
  const address = clientAddress(request);
  const now = clock.now();
  if ((await peekCounter(db, failuresKey(address), now)) >= ctx.adminFailuresPerHour) {
    throw fail('adminThrottled', { status: 429 });
  }
  const role = roleOf(ctx, headerValue(request, 'x-admin-key') ?? '');
  if (!role) {
    const failures = await hitCounter(db, failuresKey(address), now, now + HOUR_MS);
    request.log.warn({ address, failures: failures.count }, 'admin API: wrong key');
    throw fail('adminKeyInvalid', { status: 401 });
  }
  if (!roles.includes(role)) throw fail('adminCashierOnly', { status: 403 });
  // A key has no name: its lines say which key acted (a console session names its account).
  request.log = request.log.child({ account: `${role}-key` });
  return role;
}
