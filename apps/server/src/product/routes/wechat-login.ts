// WeChat web authorisation (docs/wechat.md, decision 0021). authorize sends the browser to the
// provider's authorise page with a state bound to this browser; callback takes the state once,
// exchanges the code on the server and then: logs in the shopper the WeChat is bound to, binds it
// to the shopper already logged in, or (first WeChat login) sends the browser to the login page
// with a bind ticket, where a mobile number verified by SMS code completes the login (bind).
// The callback always ends on a page: a failure returns to login with `wxError` set to its code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, ENDPOINTS, fail, ok, type CodeName } from '@morsel/api';
import { clientAddress, route } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { hitCounter } from '../store/rate-limit.ts';
import { writeCache } from '../store/housekeeping.ts';
import { createSession, resolveSession } from '../store/sessions.ts';
import { SMS_PURPOSE } from '../store/sms-captchas.ts';
import { createUser, findUserByMobile, publicUser } from '../store/users.ts';
import {
  findIdentity,
  findIdentityOfUser,
  linkIdentity,
  recordIdentity,
  takePendingState,
} from '../store/wechat-identities.ts';
import { readToken, requireUser, setSessionCookie } from '../session.ts';
import { requireSmsCode } from './account.ts';
import { WechatApiError } from '../wechat/api-client.ts';
import {
  BAD_CODE_ERRCODES,
  DevelopmentWechatOAuth,
  type OAuthProfile,
  type OAuthScope,
} from '../wechat/oauth.ts';
import {
  BROWSER_COOKIE,
  STATE_LIFETIME_MS,
  newBrowserId,
  randomAlnum,
  signBindTicket,
  signState,
  stateCacheKey,
  verifyBindTicket,
  verifyState,
} from '../wechat/state.ts';
import { developmentAuthorizePage } from '../wechat/dev-page.ts';

/** The web app's login page (spec section 2); it reads loginFrom, wxBind and wxError. */
export const LOGIN_PAGE = '/my/login';
const CALLBACK_PATH = ENDPOINTS['wechat.callback'].path;
const DEV_OPENID_COOKIE = 'wx_dev_openid';
const AUTHORIZE_PER_ADDRESS_PER_10_MIN = 120;
const ANY_SMS_PURPOSE = [SMS_PURPOSE.register, SMS_PURPOSE.login, SMS_PURPOSE.quickLogin];

interface Pending {
  returnTo: string;
  scope: OAuthScope;
}

function cookie(request: FastifyRequest, name: string): string {
  const jar = (request as FastifyRequest & { cookies?: Record<string, string | undefined> })
    .cookies;
  const value = jar?.[name] ?? '';
  return /^[A-Za-z0-9]{16,32}$/.test(value) ? value : '';
}

function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeS: number,
): void {
  reply.setCookie(name, value, {
    path: '/',
    maxAge: maxAgeS,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

function loginPage(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return `${LOGIN_PAGE}?${params.toString()}`;
}

/** This site as WeChat must call it back: MORSEL_PUBLIC_URL, else the request's own origin. */
function siteOrigin(ctx: ProductContext, request: FastifyRequest): string {
  if (ctx.config.publicUrl) return new URL(ctx.config.publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** The shopper of the request's session, if any (a dead token is simply nobody). */
async function sessionUserId(
  ctx: ProductContext,
  request: FastifyRequest,
): Promise<number | undefined> {
  let token: string | undefined;
  try {
    token = readToken(request);
  } catch {
    return undefined;
  }
  if (!token || token.length > 128) return undefined;
  return resolveSession(ctx.db, token, ctx.clock.now(), ctx.sessionTtlMs);
}

export function registerWechatLoginRoutes(scope: FastifyInstance, ctx: ProductContext): void {
  const provider = ctx.wechatOauth;

  async function logIn(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const ut = await createSession(ctx.db, userId, ctx.clock.now(), ctx.sessionTtlMs);
    setSessionCookie(request, reply, ut);
    request.log.info({ userId }, 'shopper logged in with wechat');
  }

  route(scope, 'wechat.authorize', async (request, reply) => {
    // Returning to the login page itself would loop: the hub instead (as the page's returnPath).
    const asked = request.query.returnTo ?? '/';
    const returnTo = asked.startsWith(LOGIN_PAGE) ? '/' : asked;
    if (!provider) return reply.redirect(loginPage({ loginFrom: returnTo, wxError: 50010 }));
    const now = ctx.clock.now();
    const budget = await hitCounter(
      ctx.db,
      `wechat.authorize:${clientAddress(request)}`,
      now,
      (Math.floor(now / 600_000) + 1) * 600_000,
    );
    if (budget.count > AUTHORIZE_PER_ADDRESS_PER_10_MIN) throw fail('tooManyRequests');

    let browserId = cookie(request, BROWSER_COOKIE);
    if (!browserId) browserId = newBrowserId();
    // Refreshed on every start, so a browser mid-authorisation keeps it.
    setCookie(request, reply, BROWSER_COOKIE, browserId, 86_400);
    const { state, nonce } = signState(ctx.wechatStateKey, browserId);
    const pending: Pending = { returnTo, scope: request.query.scope ?? 'snsapi_userinfo' };
    await writeCache(
      ctx.db,
      stateCacheKey(nonce),
      JSON.stringify(pending),
      now + STATE_LIFETIME_MS,
    );
    const redirectUri = `${siteOrigin(ctx, request)}${CALLBACK_PATH}`;
    return reply.redirect(provider.authorizeUrl({ redirectUri, scope: pending.scope, state }));
  });

  route(scope, 'wechat.callback', async (request, reply) => {
    const back = (code: CodeName, returnTo?: string) =>
      reply.redirect(loginPage({ loginFrom: returnTo, wxError: CODES[code].code }));
    if (!provider) return back('wechatLoginOff');
    const now = ctx.clock.now();
    const browserId = cookie(request, BROWSER_COOKIE);
    const nonce = verifyState(ctx.wechatStateKey, request.query.state ?? '', browserId);
    const stored = nonce && (await takePendingState(ctx.db, stateCacheKey(nonce), now));
    if (!stored) return back('wechatStateInvalid');
    const pending = JSON.parse(stored) as Pending;
    const code = request.query.code;
    // Refusing on WeChat's page brings the browser back without a code.
    if (!code) return back('wechatAuthDenied', pending.returnTo);

    let profile: OAuthProfile | undefined;
    let grant;
    try {
      grant = await provider.exchangeCode(code);
      if (grant.scope === 'snsapi_userinfo') profile = await provider.profile(grant);
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      const badCode = error.errcode !== undefined && BAD_CODE_ERRCODES.has(error.errcode);
      request.log.warn({ err: error, errcode: error.errcode }, 'wechat code exchange failed');
      return back(badCode ? 'wechatCodeInvalid' : 'wechatAuthFailed', pending.returnTo);
    }
    const identity = await recordIdentity(
      ctx.db,
      {
        appId: provider.appId,
        openid: grant.openid,
        unionid: profile?.unionid ?? grant.unionid,
        ...(profile
          ? { profile: { nickname: profile.nickname, avatarUrl: profile.avatarUrl } }
          : {}),
      },
      now,
    );

    if (identity.user_id !== null) {
      // The WeChat in hand decides who is logged in (decision 0021).
      await logIn(request, reply, Number(identity.user_id));
      return reply.redirect(pending.returnTo);
    }
    const current = await sessionUserId(ctx, request);
    if (current !== undefined) {
      const outcome = await linkIdentity(ctx.db, Number(identity.id), current, now);
      if (outcome === 'linked' || outcome === 'alreadyYours')
        return reply.redirect(pending.returnTo);
      return back(
        outcome === 'userHasOther' ? 'wechatMobileTaken' : 'wechatBoundElsewhere',
        pending.returnTo,
      );
    }
    const ticket = signBindTicket(ctx.wechatStateKey, Number(identity.id), browserId, now);
    return reply.redirect(loginPage({ loginFrom: pending.returnTo, wxBind: ticket }));
  });

  route(scope, 'wechat.devAuthorize', async (request, reply) => {
    if (!(provider instanceof DevelopmentWechatOAuth))
      throw fail('wechatDevelopmentOnly', { status: 404 });
    const { redirect_uri: redirectUri, scope: asked, state } = request.query;
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      throw fail('badParameter', { message: 'redirect_uri 不是本站的授权回调地址' });
    }
    // Only our own callback: the page must not hand codes to anyone else.
    if (target.origin !== siteOrigin(ctx, request) || target.pathname !== CALLBACK_PATH)
      throw fail('badParameter', { message: 'redirect_uri 不是本站的授权回调地址' });
    let openid = cookie(request, DEV_OPENID_COOKIE);
    if (!openid) openid = randomAlnum(16);
    setCookie(request, reply, DEV_OPENID_COOKIE, openid, 365 * 86_400);
    const allow = new URL(target);
    allow.search = new URLSearchParams({
      code: provider.issueCode(openid, asked),
      state,
    }).toString();
    const deny = new URL(target);
    deny.search = new URLSearchParams({ state }).toString();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return developmentAuthorizePage({
      allowUrl: allow.toString(),
      denyUrl: deny.toString(),
      openid: `dev-${openid}`,
      scope: asked,
    });
  });

  route(scope, 'wechat.bind', async (request, reply) => {
    if (!provider) throw fail('wechatLoginOff');
    const { ticket, mobile, captchas } = request.body;
    const now = ctx.clock.now();
    const check = verifyBindTicket(
      ctx.wechatStateKey,
      ticket,
      cookie(request, BROWSER_COOKIE),
      now,
    );
    if (!check.ok) throw fail('wechatBindExpired');
    const identity = await findIdentity(ctx.db, check.identityId);
    if (!identity || identity.app_id !== provider.appId) throw fail('wechatBindExpired');
    if (identity.user_id !== null) throw fail('wechatBoundElsewhere');
    await requireSmsCode(ctx, mobile, captchas, ANY_SMS_PURPOSE);
    let user = await findUserByMobile(ctx.db, mobile);
    const registered = !user;
    user ??= (await createUser(ctx.db, mobile, now)) ?? (await findUserByMobile(ctx.db, mobile));
    if (!user) throw new Error('the shopper of a verified number could not be found or created');
    const outcome = await linkIdentity(ctx.db, Number(identity.id), Number(user.id), now);
    if (outcome === 'boundElsewhere') throw fail('wechatBoundElsewhere');
    if (outcome === 'userHasOther') throw fail('wechatMobileTaken');
    const ut = await createSession(ctx.db, Number(user.id), now, ctx.sessionTtlMs);
    setSessionCookie(request, reply, ut);
    request.log.info({ userId: user.id, registered }, 'wechat bound to a mobile number');
    return ok({ ut, user: publicUser(user), registered });
  });

  route(scope, 'wechat.identity', async (request) => {
    const user = await requireUser(ctx, request);
    const identity = provider
      ? await findIdentityOfUser(ctx.db, provider.appId, Number(user.id))
      : undefined;
    return ok({
      bound: identity !== undefined,
      nickname: identity?.nickname ?? '',
      avatarUrl: identity?.avatar_url ?? '',
      provider: provider?.kind ?? 'off',
    });
  });
}
