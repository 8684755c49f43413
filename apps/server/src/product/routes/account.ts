// Registration, login, logout and the current user (legacy .do endpoints). Login and
// registration both take an SMS code, answer `{ut, user}` and set the `ut` cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { checkSmsCaptcha, SMS_PURPOSE } from '../store/sms-captchas.ts';
import { createSession, resolveSession, revokeSession } from '../store/sessions.ts';
import { createUser, findUserByMobile, publicUser, type ProductUser } from '../store/users.ts';
import { clearSessionCookie, readToken, requireUser, setSessionCookie } from '../session.ts';

/** Which codes each route takes: its own purpose, or a quick login (which does either). */
const REGISTER_PURPOSES = [SMS_PURPOSE.register, SMS_PURPOSE.quickLogin];
const LOGIN_PURPOSES = [SMS_PURPOSE.login, SMS_PURPOSE.quickLogin];

/** Accepts the SMS code or throws the refusal that says why not. */
export async function requireSmsCode(
  ctx: ProductContext,
  mobile: string,
  code: string,
  purposes: readonly number[],
): Promise<void> {
  const check = await checkSmsCaptcha(ctx.db, mobile, code, purposes, ctx.clock.now());
  switch (check.outcome) {
    case 'ok':
      return;
    case 'missing':
      throw fail('smsCaptchaMissing');
    case 'used':
      throw fail('smsCaptchaUsed');
    case 'expired':
      throw fail('smsCaptchaExpired');
    case 'locked':
      throw fail('smsCaptchaLocked');
    case 'otherPurpose':
      throw fail('smsCaptchaOtherPurpose');
    case 'wrong':
      throw fail('smsCaptchaWrong', {
        message: `短信验证码错误，还可尝试${check.attemptsLeft}次`,
        data: { attemptsLeft: check.attemptsLeft },
      });
  }
}

async function startSession(
  ctx: ProductContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: ProductUser,
) {
  const ut = await createSession(ctx.db, Number(user.id), ctx.clock.now(), ctx.sessionTtlMs);
  setSessionCookie(request, reply, ut);
  request.log.info({ userId: user.id }, 'shopper logged in');
  return ok({ ut, user: publicUser(user) });
}

export function registerAccountRoutes(scope: FastifyInstance, ctx: ProductContext): void {
  route(scope, 'account.isRegistered', async (request) => {
    const { mobile } = request.body;
    return ok({ isRepeat: (await findUserByMobile(ctx.db, mobile)) !== undefined });
  });

  route(scope, 'account.register', async (request, reply) => {
    const { mobile, captchas } = request.body;
    // Checked before the code so that a taken number does not use the code up.
    if (await findUserByMobile(ctx.db, mobile)) throw fail('mobileRegistered');
    await requireSmsCode(ctx, mobile, captchas, REGISTER_PURPOSES);
    const user = await createUser(ctx.db, mobile, ctx.clock.now());
    if (!user) throw fail('mobileRegistered');
    return startSession(ctx, request, reply, user);
  });

  route(scope, 'account.login', async (request, reply) => {
    const { mobile, captchas } = request.body;
    const user = await findUserByMobile(ctx.db, mobile);
    if (!user) throw fail('mobileNotRegistered');
    await requireSmsCode(ctx, mobile, captchas, LOGIN_PURPOSES);
    return startSession(ctx, request, reply, user);
  });

  // Logging out twice, or with a token already dead, is still a success: the outcome is the same.
  route(scope, 'account.logout', async (request, reply) => {
    const token = readToken(request);
    if (token && token.length <= 128) {
      const now = ctx.clock.now();
      const userId = await resolveSession(ctx.db, token, now, ctx.sessionTtlMs);
      if ((await revokeSession(ctx.db, token, now)) && userId !== undefined)
        await ctx.sessionEvents.ended(userId);
    }
    clearSessionCookie(reply);
    return ok(null);
  });

  // GET as the contract names it; POST too, which is how the older wrapper sends every call.
  route(scope, 'account.info', async (request) => ok(publicUser(await requireUser(ctx, request))));
}
