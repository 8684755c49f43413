// Checks the signature headers of every /nimserver call: the app must exist, CheckSum must
// match, CurTime must be within 5 minutes of our clock, and the request must be new in that
// window. Two signatures are accepted (checksum.ts):
// - Nonce: CheckSum = sha1(AppSecret + Nonce + CurTime); the Nonce may not come back in the window.
// - MD5 (body-signed): CheckSum = sha1(AppSecret + MD5 + CurTime) and MD5 = md5(body), checked
//   once the body is read (verifyBodyMd5); the CheckSum itself may not come back in the window.
// With MORSEL_IM_REST_REQUIRE_BODY_SIGNATURE only the second is accepted. Refusals are NIM code
// 403; absent or malformed headers are 414. These headers are never logged.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ImAccounts, ImApp } from '../accounts/index.ts';
import { compile, firstProblem } from '../accounts/index.ts';
import { bodyMd5, checkSumMatches, hexDigestsEqual } from './checksum.ts';
import { NimError } from './nim-errors.ts';
import type { RestNonces } from './nonces.ts';

/** How far CurTime may be from the server's clock, either way (NIM: 5 minutes). */
export const CURTIME_WINDOW_SECONDS = 300;

/** Header names as NIM spells them; Node hands them to us lower-cased. */
const HEADER_NAMES: Record<string, string> = {
  appkey: 'AppKey',
  nonce: 'Nonce',
  curtime: 'CurTime',
  checksum: 'CheckSum',
  md5: 'MD5',
};

export const SignatureHeaders = Type.Object({
  appkey: Type.String({ minLength: 1, maxLength: 64 }),
  nonce: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  // Seconds since the epoch, without leading zeros: "0" + CurTime would otherwise sign the same
  // as a nonce ending in "0" followed by CurTime (security review M2).
  curtime: Type.String({ pattern: '^[1-9][0-9]{9,11}$', description: 'seconds since the epoch' }),
  checksum: Type.String({ minLength: 1, maxLength: 128 }),
  md5: Type.Optional(
    Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'md5 of the body in hex' }),
  ),
});

const checkHeaders = compile(SignatureHeaders);

declare module 'fastify' {
  interface FastifyRequest {
    /** The app whose signature this /nimserver request carried (set by the auth hook). */
    nimApp?: ImApp;
    /** The MD5 header the signature covered, to check against the body once it is read. */
    nimBodyMd5?: string;
  }
}

export interface AuthDeps {
  accounts: ImAccounts;
  nonces: RestNonces;
  /** Refuse requests whose signature does not cover the body. */
  requireBodySignature: boolean;
  now: () => number;
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
    throw new NimError(
      414,
      problem.message.replace(`parameter ${problem.field}`, `header ${name}`),
    );
  }
  const { appkey, nonce, curtime, checksum, md5 } = headers as {
    appkey: string;
    nonce?: string;
    curtime: string;
    checksum: string;
    md5?: string;
  };
  if (md5 === undefined) {
    if (deps.requireBodySignature)
      throw new NimError(
        403,
        'header MD5 is required: sign the body, CheckSum = sha1(AppSecret + MD5 + CurTime)',
      );
    if (nonce === undefined) throw new NimError(414, 'missing header Nonce');
  }

  const app = await deps.accounts.getApp(appkey);
  if (!app) throw new NimError(403, 'unknown AppKey');
  const signed = md5 !== undefined ? md5.toLowerCase() : nonce!;
  if (!checkSumMatches(checksum, app.secret, signed, curtime))
    throw new NimError(403, 'CheckSum mismatch');

  const now = deps.now();
  const curTimeSeconds = Number(curtime);
  if (Math.abs(now / 1000 - curTimeSeconds) > CURTIME_WINDOW_SECONDS) {
    throw new NimError(403, 'CurTime is more than 5 minutes away from the server time');
  }
  const expiresAt = (curTimeSeconds + CURTIME_WINDOW_SECONDS) * 1000;
  // A body-signed request is single-use by its CheckSum (the same body and CurTime again is a
  // replay); a nonce-signed one by its Nonce. Both share the app's nonce store.
  const once = md5 !== undefined ? `md5:${checksum.toLowerCase()}` : nonce!;
  if (!(await deps.nonces.remember(app.appKey, once, expiresAt, now))) {
    throw new NimError(
      403,
      md5 !== undefined
        ? 'request already used; sign each request anew'
        : 'Nonce already used; send a new Nonce with every request',
    );
  }
  if (md5 !== undefined) request.nimBodyMd5 = md5.toLowerCase();
  return app;
}

/** After the body is read: a body-signed request's body must be the one its MD5 names. */
export function verifyBodyMd5(request: FastifyRequest): void {
  if (request.nimBodyMd5 === undefined) return;
  // rawBody (declared with the product API's parsers) is kept by this scope's form parser.
  if (!hexDigestsEqual(bodyMd5(request.rawBody ?? Buffer.alloc(0)), request.nimBodyMd5)) {
    throw new NimError(403, 'MD5 does not match the request body');
  }
}
