// user/init.do (is an image captcha needed?) and sendCaptchasCodeFormNew.do (send the SMS code).
// Limits, all counted in the store: one code per number per 60 s, MORSEL_SMS_DAILY_LIMIT_PER_MOBILE
// a day per number, MORSEL_SMS_DAILY_LIMIT_PER_ADDRESS a day per client address.
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { clientAddress, route } from '../../api/index.ts';
import type { ProductContext } from '../context.ts';
import { drawImageCaptcha, imageCaptchaNeeded, smsDailyKey } from '../image-captcha.ts';
import { counterResetAt, hitCounter, peekCounter, releaseCounter } from '../store/rate-limit.ts';
import { checkImageCaptcha } from '../store/image-captchas.ts';
import {
  newSmsCode,
  storeSmsCaptcha,
  SMS_CODE_TTL_MS,
  SMS_PURPOSE,
} from '../store/sms-captchas.ts';
import { captchaText, SmsSendError } from '../sms/provider.ts';
import { nextChinaMidnight } from '../clock.ts';

export const SMS_RESEND_INTERVAL_MS = 60_000;

const intervalKey = (mobile: string) => `sms.interval:${mobile}`;

export function registerCaptchaRoutes(scope: FastifyInstance, ctx: ProductContext): void {
  route(scope, 'captcha.init', async (request) => {
    const body = request.body ?? {};
    const address = clientAddress(request);
    if (!(await imageCaptchaNeeded(ctx, body.mobile, address)))
      return ok({ needImgCaptcha: false });
    return ok({ needImgCaptcha: true, ...(await drawImageCaptcha(ctx, address)) });
  });

  route(scope, 'captcha.sendSms', async (request) => {
    const body = request.body;
    const address = clientAddress(request);
    const now = ctx.clock.now();

    // A cheap early answer for an impatient resend, before an image captcha gets used up.
    if ((await peekCounter(ctx.db, intervalKey(body.mobile), now)) > 0) {
      throw await tooSoon(ctx, body.mobile, now);
    }

    if (await imageCaptchaNeeded(ctx, body.mobile, address)) {
      const imageKey = body.imgeKey ?? body.imageKey;
      const answer = body.checkImageCode?.trim();
      if (!imageKey || !answer) {
        throw fail('imageCaptchaRequired', {
          data: { needImgCaptcha: true, ...(await drawImageCaptcha(ctx, address)) },
        });
      }
      if (!(await checkImageCaptcha(ctx.db, imageKey, answer, now))) {
        throw fail('imageCaptchaWrong', {
          data: { needImgCaptcha: true, ...(await drawImageCaptcha(ctx, address)) },
        });
      }
    }

    // The counted checks: atomic in the store, so concurrent sends cannot slip through.
    const interval = await hitCounter(
      ctx.db,
      intervalKey(body.mobile),
      now,
      now + SMS_RESEND_INTERVAL_MS,
    );
    if (interval.count > 1) throw await tooSoon(ctx, body.mobile, now);
    const midnight = nextChinaMidnight(now);
    const perMobile = await hitCounter(ctx.db, smsDailyKey.mobile(body.mobile), now, midnight);
    if (perMobile.count > ctx.config.smsDailyLimitPerMobile) throw fail('smsDailyLimitMobile');
    const perAddress = await hitCounter(ctx.db, smsDailyKey.address(address), now, midnight);
    if (perAddress.count > ctx.config.smsDailyLimitPerAddress) throw fail('smsDailyLimitAddress');

    const code = newSmsCode();
    await storeSmsCaptcha(ctx.db, {
      mobile: body.mobile,
      purpose: body.captchasType === undefined ? SMS_PURPOSE.quickLogin : Number(body.captchasType),
      code,
      clientAddress: address,
      now,
    });
    try {
      await ctx.sms.send(body.mobile, captchaText(code), { code });
    } catch (error) {
      // The provider's code says why (its message never holds the SMS code or text).
      const providerCode = error instanceof SmsSendError ? error.providerCode : 'unexpected';
      request.log.error(
        { err: error, provider: ctx.sms.name, providerCode },
        'sms provider failed',
      );
      // Nothing reached the phone: the send does not count against the resend interval or the
      // daily caps, so the shopper can try again at once. The stored code is never delivered
      // and is replaced by the next send.
      for (const key of [
        intervalKey(body.mobile),
        smsDailyKey.mobile(body.mobile),
        smsDailyKey.address(address),
      ]) {
        await releaseCounter(ctx.db, key, now);
      }
      throw fail('smsSendFailed');
    }
    return ok({ resendAfter: SMS_RESEND_INTERVAL_MS / 1000, expiresIn: SMS_CODE_TTL_MS / 1000 });
  });
}

async function tooSoon(ctx: ProductContext, mobile: string, now: number) {
  const resetAt = (await counterResetAt(ctx.db, intervalKey(mobile))) ?? now;
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return fail('smsTooSoon', {
    message: `验证码发送过于频繁，请${seconds}秒后再试`,
    data: { retryAfter: seconds },
  });
}
