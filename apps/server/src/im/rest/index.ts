// The server-to-server REST API for app backends, in NIM's convention (docs/im-server-api.md):
// POST /nimserver/user/*.action, form-encoded, signed with AppKey/Nonce/CurTime/CheckSum,
// answered with HTTP 200 and a NIM code in the body.
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../store/index.ts';
import type { ImAccounts } from '../accounts/index.ts';
import { typeBoxValidatorCompiler } from '../accounts/index.ts';
import { authenticate, verifyBodyMd5 } from './auth.ts';
import { NimError, useNimErrors } from './nim-errors.ts';
import { RestNonces } from './nonces.ts';
import { nimAction, type AppKeyOf } from './action.ts';

export { computeCheckSum } from './checksum.ts';
export { nimAction, type NimCall } from './action.ts';
export { NimError } from './nim-errors.ts';
export { parseAccidList } from './form-values.ts';
export { actingAccount, type ActingAccount } from './acting-account.ts';
export { restSessions, type RestSessionOf } from './session.ts';
export { CURTIME_WINDOW_SECONDS } from './auth.ts';

export interface ImRestOptions {
  accounts: ImAccounts;
  store: Store;
  /** Accept only body-signed requests (MD5 header; MORSEL_IM_REST_REQUIRE_BODY_SIGNATURE). */
  requireBodySignature: boolean;
  /** The app's one clock (CurTime window, nonce expiry). */
  now: () => number;
  /** Other parts' actions (e.g. /nimserver/chatroom/*), registered in the same signed scope. */
  actions?: NimActions[];
}

/** Registers a part's actions in the signed scope; `appKeyOf` names the signing app. */
export type NimActions = (scope: FastifyInstance, appKeyOf: AppKeyOf) => void;

export async function registerImRest(http: FastifyInstance, options: ImRestOptions): Promise<void> {
  const { accounts } = options;
  const nonces = new RestNonces(options.store);

  await http.register(async (scope) => {
    // Form bodies only, and only here: the product API keeps its JSON-only parsers. The raw text
    // is kept, since a body-signed request's MD5 covers the bytes as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      (request, body, done) => {
        request.rawBody = body as Buffer;
        done(null, parseQueryString((body as Buffer).toString('utf8')));
      },
    );
    // Bodies are checked by TypeBox so that a bad field gets NIM's 414 naming it.
    scope.setValidatorCompiler(
      typeBoxValidatorCompiler(scope, (problem) => new NimError(414, problem.message)),
    );
    useNimErrors(scope);
    scope.addHook('onRequest', async (request) => {
      request.nimApp = await authenticate(request, {
        accounts,
        nonces,
        requireBodySignature: options.requireBodySignature,
        now: options.now,
      });
    });
    scope.addHook('preValidation', async (request) => verifyBodyMd5(request));

    const appKeyOf = (request: { nimApp?: { appKey: string } }) => {
      if (!request.nimApp) throw new NimError(403, 'request is not signed');
      return request.nimApp.appKey;
    };

    nimAction(scope, appKeyOf, 'user/create', async ({ appKey, form }) => ({
      info: await accounts.create({ appKey, ...form }),
    }));
    nimAction(scope, appKeyOf, 'user/update', async ({ appKey, form }) => {
      await accounts.update({ appKey, ...form });
      return {};
    });
    nimAction(scope, appKeyOf, 'user/refreshToken', async ({ appKey, form }) => ({
      info: await accounts.refreshToken(appKey, form.accid),
    }));
    nimAction(scope, appKeyOf, 'user/block', async ({ appKey, form }) => {
      // needkick is checked (NIM's true/false) but a block always ends live connections.
      await accounts.block(appKey, form.accid);
      return {};
    });
    nimAction(scope, appKeyOf, 'user/unblock', async ({ appKey, form }) => {
      await accounts.unblock(appKey, form.accid);
      return {};
    });

    nimAction(scope, appKeyOf, 'user/mute', async ({ appKey, form }) => {
      await accounts.setMuted(appKey, form.accid, form.mute === 'true');
      return {};
    });
    nimAction(scope, appKeyOf, 'user/setDonnop', async ({ appKey, form }) => {
      await accounts.setDonnop(appKey, form.accid, form.donnopOpen === 'true');
      return {};
    });
    nimAction(scope, appKeyOf, 'user/getDonnop', async ({ appKey, form }) => {
      const settings = await accounts.settings(appKey, form.accid);
      if (!settings) throw new NimError(414, `not register: ${form.accid.toLowerCase()}`);
      return { donnopOpen: settings.donnopOpen };
    });

    nimAction(scope, appKeyOf, 'user/muteAv', async ({ appKey, form }) => {
      await accounts.setMuteAv(appKey, form.accid, form.mute === 'true');
      return {};
    });

    for (const register of options.actions ?? []) register(scope, appKeyOf);
  });
}
