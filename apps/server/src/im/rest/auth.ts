// Checks the signature headers of every /nimserver call before its body is even read: the app
// must exist, CheckSum must match, CurTime must be within 5 minutes of our clock and the Nonce
// must not have been used in that window. Refusals are NIM code 403; absent headers are 414.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { type ImAccounts, type ImApp, compile, firstProblem } from '../accounts/index.ts';
import { checkSumMatches } from './checksum.ts';
import { NimError } from './nim-errors.ts';
import type { RestNonces } from './nonces.ts';

/** How far CurTime may be from the server's clock, either way (NIM: 5 minutes). */
export const CURTIME_WINDOW_SECONDS = 300;

/** Header names as NIM spells them; Node hands them to us lower-cased. */
const HEADER_NAMES: Record<string, string> = { appkey: 'AppKey', nonce: 'Nonce', curtime: 'CurTime', checksum: 'CheckSum' };

export const SignatureHeaders = Type.Object({
  appkey: Type.String({ minLength: 1, maxLength: 64 }),
  nonce: Type.String({ minLength: 1, maxLength: 128 }),
  curtime: Type.String({ pattern: '^[0-9]{1,12}$', description: 'seconds since the epoch' }),
  checksum: Type.String({ minLength: 1, maxLength: 128 }),
});

const checkHeaders = compile(SignatureHeaders);

declare module 'fastify' {
  interface FastifyRequest {
    /** The app whose signature this /nimserver request carried (set by the auth hook). */
    nimApp?: ImApp;
  }
}

export interface AuthDeps {
  accounts: ImAccounts;
  nonces: RestNonces;
}

export async function authenticate(request: FastifyRequest, deps: AuthDeps): Promise<ImApp> {
  // Only the headers that are present, so an absent one reads as missing, not as undefined.
  const headers: Record<string, unknown> = {};
  for (const name of Object.keys(HEADER_NAMES)) {
    if (request.headers[name] !== undefined) headers[name] = request.headers[name];
  }
  const problem = firstProblem(checkHeaders, headers);
  if (problem) {
    const name = HEADER_NAMES[problem.field] ?? problem.field;
    throw new NimError(414, problem.message.replace(`parameter ${problem.field}`, `header ${name}`));
  }
  const { appkey, nonce, curtime, checksum } = headers as { appkey: string; nonce: string; curtime: string; checksum: string };

  const app = await deps.accounts.getApp(appkey);
  if (!app) throw new NimError(403, 'unknown AppKey');
  if (!checkSumMatches(checksum, app.secret, nonce, curtime)) throw new NimError(403, 'CheckSum mismatch');

  const now = Date.now();
  const curTimeSeconds = Number(curtime);
  if (Math.abs(now / 1000 - curTimeSeconds) > CURTIME_WINDOW_SECONDS) {
    throw new NimError(403, 'CurTime is more than 5 minutes away from the server time');
  }
  const expiresAt = (curTimeSeconds + CURTIME_WINDOW_SECONDS) * 1000;
  if (!(await deps.nonces.remember(app.appKey, nonce, expiresAt, now))) {
    throw new NimError(403, 'Nonce already used; send a new Nonce with every request');
  }
  return app;
}
