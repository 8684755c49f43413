// The per-address hourly caps of docs/product-api.md (code 10004): 300 image captchas and 600
// lizard reports an hour from one client address. Over real HTTP; the address comes from
// x-forwarded-for (the server trusts the loopback proxy), so each test has addresses of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import {
  LEGACY,
  postForm,
  startProductServer,
  type Envelope,
  type ProductTestServer,
} from './helpers.ts';

const INIT = '/ouser-web/api/user/init.do';
const IMAGES_PER_HOUR = 300;
const REPORTS_PER_HOUR = 600;

/** Runs `count` calls, `parallel` at a time, and returns every answer. */
async function repeat<T>(count: number, call: () => Promise<T>, parallel = 10): Promise<T[]> {
  const answers: T[] = [];
  for (let done = 0; done < count; done += parallel) {
    answers.push(
      ...(await Promise.all(Array.from({ length: Math.min(parallel, count - done) }, call))),
    );
  }
  return answers;
}

describe('hourly limits per client address (10004)', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    // Every init.do draws an image: the address threshold is 0.
    s = await startProductServer({ smsImageCaptchaAfterPerAddress: 0, trustProxy: 'loopback' });
  });
  afterAll(() => s?.stop());

  const init = (address: string) =>
    postForm<{ needImgCaptcha: boolean; image?: string; imageKey?: string }>(
      s.url,
      INIT,
      { mobile: '13700137000', ...LEGACY },
      {
        'x-forwarded-for': address,
      },
    );

  async function report(address: string): Promise<{ status: number; body: Envelope }> {
    const response = await fetch(`${s.url}/api/lizard/pv`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': address },
      body: JSON.stringify({ path: '/activity/sign/index', title: '每日签到' }),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  }

  it('draws 300 image captchas an hour for one address, then answers 10004 until the hour is over', async () => {
    const address = '203.0.113.7';
    const answers = await repeat(IMAGES_PER_HOUR, () => init(address));
    expect(
      answers.every((a) => a.body.code === 0 && a.body.data.needImgCaptcha && a.body.data.imageKey),
    ).toBe(true);

    const refused = await init(address);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      code: CODES.tooManyRequests.code,
      message: '操作过于频繁，请稍后再试',
    });
    expect(refused.body.code).toBe(10004);
    // A refused request draws nothing: no 301st image is stored.
    const stored = await s.server.store.db
      .selectFrom('image_captchas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(IMAGES_PER_HOUR);

    // Another address is not held back by this one.
    expect((await init('203.0.113.8')).body).toMatchObject({
      code: 0,
      data: { needImgCaptcha: true },
    });

    s.clock.advance(59 * 60_000);
    expect((await init(address)).body.code).toBe(CODES.tooManyRequests.code);
    s.clock.advance(60_000);
    expect((await init(address)).body).toMatchObject({ code: 0, data: { needImgCaptcha: true } });
  });

  it('stores 600 lizard reports an hour for one address, then answers 10004 until the hour is over', async () => {
    const address = '198.51.100.20';
    const before = await s.server.store.db
      .selectFrom('lizard_page_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answers = await repeat(REPORTS_PER_HOUR, () => report(address));
    expect(answers.every((a) => a.status === 200 && a.body.code === 0)).toBe(true);

    const refused = await report(address);
    expect(refused).toMatchObject({
      status: 200,
      body: { code: 10004, message: CODES.tooManyRequests.message, data: null },
    });
    const rows = await s.server.store.db
      .selectFrom('lizard_page_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_address', '=', address)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(REPORTS_PER_HOUR);
    expect(Number(before.n)).toBe(0);

    expect((await report('198.51.100.21')).body.code).toBe(0);

    s.clock.advance(59 * 60_000);
    expect((await report(address)).body.code).toBe(10004);
    s.clock.advance(60_000);
    expect((await report(address)).body.code).toBe(0);
  });
});
