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
import { AccidForm, BlockForm, CreateForm, UpdateForm } from './schemas.ts';

export { computeCheckSum } from './checksum.ts';
export { NimError } from './nim-errors.ts';
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
export type NimActions = (
  scope: FastifyInstance,
  appKeyOf: (request: { nimApp?: { appKey: string } }) => string,
) => void;

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
      typeBoxValidatorCompiler((problem) => new NimError(414, problem.message)),
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

    scope.post<{ Body: CreateForm }>(
      '/nimserver/user/create.action',
      { schema: { body: CreateForm } },
      async (request) => {
        const info = await accounts.create({ appKey: appKeyOf(request), ...request.body });
        return { code: 200, info };
      },
    );

    scope.post<{ Body: UpdateForm }>(
      '/nimserver/user/update.action',
      { schema: { body: UpdateForm } },
      async (request) => {
        await accounts.update({ appKey: appKeyOf(request), ...request.body });
        return { code: 200 };
      },
    );

    scope.post<{ Body: AccidForm }>(
      '/nimserver/user/refreshToken.action',
      { schema: { body: AccidForm } },
      async (request) => {
        const info = await accounts.refreshToken(appKeyOf(request), request.body.accid);
        return { code: 200, info };
      },
    );

    scope.post<{ Body: BlockForm }>(
      '/nimserver/user/block.action',
      { schema: { body: BlockForm } },
      async (request) => {
        // needkick is checked (NIM's true/false) but a block always ends live connections.
        await accounts.block(appKeyOf(request), request.body.accid);
        return { code: 200 };
      },
    );

    scope.post<{ Body: AccidForm }>(
      '/nimserver/user/unblock.action',
      { schema: { body: AccidForm } },
      async (request) => {
        await accounts.unblock(appKeyOf(request), request.body.accid);
        return { code: 200 };
      },
    );

    for (const register of options.actions ?? []) register(scope, appKeyOf);
  });
}
