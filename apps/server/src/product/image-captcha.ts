// When an image captcha is needed before an SMS is sent, and drawing one (svg-captcha).
// Thresholds: after MORSEL_SMS_IMAGE_CAPTCHA_AFTER_PER_MOBILE codes sent to a number today, or
// MORSEL_SMS_IMAGE_CAPTCHA_AFTER_PER_ADDRESS sent from one client address today (China time).
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { ProductContext } from './context.ts';
import { fail } from '@morsel/api';
import { hitCounter, peekCounter } from './store/rate-limit.ts';
import { storeImageCaptcha } from './store/image-captchas.ts';

export const smsDailyKey = {
  mobile: (mobile: string) => `sms.day.mobile:${mobile}`,
  address: (address: string) => `sms.day.address:${address}`,
};

export async function imageCaptchaNeeded(
  ctx: ProductContext,
  mobile: string | undefined,
  address: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const { smsImageCaptchaAfterPerMobile: perMobile, smsImageCaptchaAfterPerAddress: perAddress } =
    ctx.config;
  if (
    mobile !== undefined &&
    (await peekCounter(ctx.db, smsDailyKey.mobile(mobile), now)) >= perMobile
  )
    return true;
  return (await peekCounter(ctx.db, smsDailyKey.address(address), now)) >= perAddress;
}

export interface DrawnImageCaptcha {
  /** A data: URL of the SVG image. */
  image: string;
  imageKey: string;
}

// Each image is a stored row: an address asking for more than this an hour is refused.
const IMAGES_PER_ADDRESS_PER_HOUR = 300;

export async function drawImageCaptcha(
  ctx: ProductContext,
  address: string,
): Promise<DrawnImageCaptcha> {
  const now = ctx.clock.now();
  const budget = await hitCounter(ctx.db, `captcha.image.hour:${address}`, now, now + 3600_000);
  if (budget.count > IMAGES_PER_ADDRESS_PER_HOUR) throw fail('tooManyRequests');
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    width: 120,
    height: 40,
    background: '#f5f5f5',
  });
  const imageKey = randomUUID();
  await storeImageCaptcha(ctx.db, imageKey, drawn.text, now);
  return {
    image: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}`,
    imageKey,
  };
}
