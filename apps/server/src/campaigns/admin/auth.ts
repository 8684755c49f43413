// The admin API's key check: header x-admin-key against MORSEL_ADMIN_KEY, compared in constant
// time (both sides hashed first so that lengths do not leak either). No key configured: the
// admin API answers 61001 and does nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { headerValue } from '../../product/index.ts';
import { refuse } from '../kernel/codes.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function keyMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function requireAdmin(adminKey: string | undefined, request: FastifyRequest): void {
  if (!adminKey) throw refuse('adminDisabled', { status: 503 });
  const given = headerValue(request, 'x-admin-key') ?? '';
  if (!keyMatches(given, adminKey)) throw refuse('adminKeyInvalid', { status: 401 });
}
