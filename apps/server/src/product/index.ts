// The product HTTP API behind the campaign web app (spec/campaign-app.md sections 3-9,
// docs/product-api.md): session and login by SMS code on the legacy .do endpoints, the
// signature-checked open-API endpoints, the lizard script and, with the outbox SMS provider, the
// dev outbox. Everything lives in one encapsulated API scope (src/api), every route from the
// @morsel/api table.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@morsel/api';
import type { Config } from '../config/index.ts';
import type { Store } from '../store/index.ts';
import type { Logger } from '../log.ts';
import { systemClock, type Clock } from './clock.ts';
import { parseOpenApiClients, type ProductContext } from './context.ts';
import { prepareApiScope } from '../api/index.ts';
import { loadAreas } from './areas.ts';
import { createSmsProvider, type SmsProvider } from './sms/provider.ts';
import {
  FixedTicketSource,
  WechatApiTicketSource,
  type JsapiTicketSource,
} from './wechat/ticket.ts';
import {
  DevelopmentWechatOAuth,
  HttpWechatOAuth,
  type WechatOAuthProvider,
} from './wechat/oauth.ts';
import { WechatSchemes, type MiniProgramSchemes } from './wechat/scheme.ts';
import { stateKey } from './wechat/state.ts';
import { registerWechatLoginRoutes } from './routes/wechat-login.ts';
import { deleteExpired } from './store/housekeeping.ts';
import { SessionEvents } from './session-events.ts';
import { registerCaptchaRoutes } from './routes/captcha.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerOpenApiRoutes } from './routes/open-api.ts';
import { registerLizardRoutes } from './routes/lizard.ts';
import { registerDevOutboxRoute } from './routes/dev-outbox.ts';

export type { Clock } from './clock.ts';
export type { SmsProvider } from './sms/provider.ts';
export { ManualClock, systemClock } from './clock.ts';
export type { AreaIndex } from './areas.ts';
export type { ProductContext } from './context.ts';
export { clientAddress, headerValue } from '../api/index.ts';
export { readToken, requireUser } from './session.ts';
export { hitCounter } from './store/rate-limit.ts';
export {
  createUser,
  findUserById,
  findUserByMobile,
  maskMobile,
  type ProductUser,
} from './store/users.ts';
export { peekCounter } from './store/rate-limit.ts';
export { nextChinaMidnight } from './clock.ts';
export { findIdentityOfUser, type WechatIdentity } from './store/wechat-identities.ts';
export { WechatApiError } from './wechat/api-client.ts';
export type { SchemeTarget } from './wechat/scheme.ts';
export { readCache, writeCache } from './store/housekeeping.ts';
export type { SessionEvents } from './session-events.ts';

export interface ProductDeps {
  config: Config;
  store: Store;
  log: Logger;
  /** Defaults to the system clock; tests pass a ManualClock. */
  clock?: Clock;
  /** Used to call WeChat's and the SMS provider's APIs; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Replaces the provider MORSEL_SMS_PROVIDER names (tests: a provider that fails). */
  sms?: SmsProvider;
}

const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

function wechatTicketSource(deps: ProductDeps, clock: Clock): JsapiTicketSource | undefined {
  const { config } = deps;
  if (config.wechatJsapiTicket) return new FixedTicketSource(config.wechatJsapiTicket);
  if (!config.wechatAppId || !config.wechatAppSecret) return undefined;
  return new WechatApiTicketSource({
    appId: config.wechatAppId,
    appSecret: config.wechatAppSecret,
    apiBase: config.wechatApiBase,
    db: deps.store.db,
    clock,
    log: deps.log,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
}

const DEV_AUTHORIZE_PATH = ENDPOINTS['wechat.devAuthorize'].path;

function wechatOauth(
  deps: ProductDeps,
  clock: Clock,
  key: Buffer,
): WechatOAuthProvider | undefined {
  const { config } = deps;
  if (config.wechatOauth === 'off') return undefined;
  if (config.wechatOauth === 'development') {
    return new DevelopmentWechatOAuth(
      (redirectUri) => new URL(DEV_AUTHORIZE_PATH, redirectUri).toString(),
      key,
      () => clock.now(),
    );
  }
  return new HttpWechatOAuth({
    appId: config.wechatAppId!,
    appSecret: config.wechatAppSecret!,
    oauthBase: config.wechatOauthBase,
    apiBase: config.wechatApiBase,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
}

function wechatSchemes(deps: ProductDeps, clock: Clock): MiniProgramSchemes | undefined {
  const { config } = deps;
  if (!config.wechatMiniAppId || !config.wechatMiniAppSecret) return undefined;
  return new WechatSchemes({
    appId: config.wechatMiniAppId,
    appSecret: config.wechatMiniAppSecret,
    apiBase: config.wechatApiBase,
    db: deps.store.db,
    clock,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
}

export function createProductContext(deps: ProductDeps): ProductContext {
  const clock = deps.clock ?? systemClock;
  const db = deps.store.db;
  const key = stateKey(
    deps.config.wechatOauth === 'wechat' ? deps.config.wechatAppSecret : undefined,
  );
  return {
    db,
    config: deps.config,
    log: deps.log,
    clock,
    sms:
      deps.sms ??
      createSmsProvider(deps.config, {
        db,
        log: deps.log,
        clock,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      }),
    openApiClients: parseOpenApiClients(deps.config.openApiClients),
    wechatTickets: wechatTicketSource(deps, clock),
    wechatOauth: wechatOauth(deps, clock, key),
    wechatStateKey: key,
    wechatSchemes: wechatSchemes(deps, clock),
    areas: loadAreas(),
    sessionTtlMs: deps.config.sessionTtlDays * 86_400_000,
    sessionEvents: new SessionEvents(deps.log),
  };
}

export async function registerProductApi(
  http: FastifyInstance,
  deps: ProductDeps,
): Promise<ProductContext> {
  const ctx = createProductContext(deps);
  await http.register(async (scope) => {
    await prepareApiScope(scope);
    registerCaptchaRoutes(scope, ctx);
    registerAccountRoutes(scope, ctx);
    registerLizardRoutes(scope, ctx);
    registerDevOutboxRoute(scope, ctx);
    registerWechatLoginRoutes(scope, ctx);
    await scope.register(async (signed) => registerOpenApiRoutes(signed, ctx));
  });

  const timer = setInterval(() => {
    const retention = {
      pageViewDays: deps.config.pageViewRetentionDays,
      smsOutboxDays: deps.config.smsOutboxRetentionDays,
    };
    deleteExpired(ctx.db, ctx.clock.now(), retention).catch((err: unknown) =>
      ctx.log.warn({ err }, 'product housekeeping failed'),
    );
  }, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  http.addHook('onClose', async () => clearInterval(timer));
  return ctx;
}
