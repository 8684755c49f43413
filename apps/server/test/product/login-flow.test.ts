// The shopper's login through the outbox, end to end over real HTTP, and every refusal on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import { checkPostgres, createPostgresDatabase } from '../harness/index.ts';
import {
  LEGACY,
  getJson,
  outboxCode,
  postForm,
  sendCode,
  startProductServer,
  type ProductTestServer,
} from './helpers.ts';

const LOGIN = '/ouser-web/mobileLogin/loginForm.do';
const REGISTER = '/ouser-web/memberRegisterForm.do';
const INFO = '/ouser-web/api/user/info.do';
const INIT = '/ouser-web/api/user/init.do';

interface LoggedIn {
  ut: string;
  user: { id: number; mobile: string; nickname: string };
}

let numberSeed = 13_900_000_000;
/** A number no other test of this file uses. */
const freshMobile = () => String(++numberSeed);

describe('login by SMS code through the outbox', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    // High address limits here: every test of this file comes from 127.0.0.1.
    s = await startProductServer({
      smsDailyLimitPerAddress: 1000,
      smsImageCaptchaAfterPerAddress: 1000,
    });
  });
  afterAll(() => s?.stop());

  it('registers, checks the session, logs out, then is refused with -331007', async () => {
    const mobile = '13800138000';
    const init = await postForm(s.url, INIT, {
      mobile,
      initType: 1,
      width: 375,
      height: 812,
      platformId: 3,
    });
    expect(init.body).toEqual({ code: 0, message: 'success', data: { needImgCaptcha: false } });

    expect(
      (await postForm(s.url, '/ouser-web/mobileRegister/isRepeatPhoneForm.do', { mobile })).body
        .data,
    ).toEqual({ isRepeat: false });
    expect((await sendCode(s.url, mobile)).body).toMatchObject({
      code: 0,
      data: { resendAfter: 60, expiresIn: 300 },
    });

    const outbox = await getJson<
      { mobile: string; code: string; text: string; createdAt: number }[]
    >(s.url, `/dev/sms-outbox?mobile=${mobile}`);
    expect(outbox.body.data).toHaveLength(1);
    expect(outbox.body.data[0]).toMatchObject({ mobile, createdAt: s.clock.now() });
    expect(outbox.body.data[0]!.code).toMatch(/^\d{6}$/);
    expect(outbox.body.data[0]!.text).toContain(outbox.body.data[0]!.code);

    // The older wrapper's extra fields ride along and are ignored.
    const registered = await postForm<LoggedIn>(s.url, REGISTER, {
      mobile,
      captchas: outbox.body.data[0]!.code,
      ...LEGACY,
      ut: '',
      times: 1,
      platform: 'H5',
      deviceId: 'device-1',
    });
    expect(registered.body.code).toBe(0);
    expect(registered.body.data.user).toEqual({
      id: expect.any(Number),
      mobile: '138****8000',
      nickname: '用户8000',
    });
    const { ut } = registered.body.data;
    expect(ut.length).toBeGreaterThanOrEqual(40);
    const cookie = registered.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`ut=${ut}`);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');

    expect(
      (await postForm(s.url, '/ouser-web/mobileRegister/isRepeatPhoneForm.do', { mobile })).body
        .data,
    ).toEqual({ isRepeat: true });
    expect((await getJson(s.url, INFO, { ut })).body).toMatchObject({
      code: 0,
      data: { mobile: '138****8000' },
    });
    // The cookie carries the session as well as the header.
    expect((await getJson(s.url, INFO, { cookie: `ut=${ut}` })).body.code).toBe(0);

    expect((await postForm(s.url, '/ouser-web/mobileLogin/logout.do', {}, { ut })).body.code).toBe(
      0,
    );
    expect((await getJson(s.url, INFO, { ut })).body).toEqual({
      code: -331007,
      message: '登录已失效，请重新登录',
      data: null,
    });
  });

  it('logs an existing shopper in again with a new code, as JSON too', async () => {
    const mobile = freshMobile();
    await sendCode(s.url, mobile);
    await postForm(s.url, REGISTER, {
      mobile,
      captchas: await outboxCode(s.url, mobile),
      ...LEGACY,
    });

    s.clock.advance(61_000);
    await sendCode(s.url, mobile);
    const response = await fetch(`${s.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, captchas: await outboxCode(s.url, mobile), ...LEGACY }),
    });
    const body = (await response.json()) as { code: number; data: LoggedIn };
    expect(body.code).toBe(0);
    expect((await getJson(s.url, INFO, { ut: body.data.ut })).body.code).toBe(0);
  });

  it('answers -331007 without a token, with an unknown one, and after the session expires', async () => {
    expect((await getJson(s.url, INFO)).body.code).toBe(-331007);
    expect((await getJson(s.url, INFO, { ut: 'not-a-token' })).body.code).toBe(-331007);

    const mobile = freshMobile();
    await sendCode(s.url, mobile);
    const { body } = await postForm<LoggedIn>(s.url, REGISTER, {
      mobile,
      captchas: await outboxCode(s.url, mobile),
      ...LEGACY,
    });
    // Sliding: used after 20 days, the session lives 30 days from then.
    s.clock.advance(20 * 86_400_000);
    expect((await getJson(s.url, INFO, { ut: body.data.ut })).body.code).toBe(0);
    s.clock.advance(29 * 86_400_000);
    expect((await getJson(s.url, INFO, { ut: body.data.ut })).body.code).toBe(0);
    s.clock.advance(30 * 86_400_000 + 1);
    expect((await getJson(s.url, INFO, { ut: body.data.ut })).body.code).toBe(-331007);
  });

  it('tells an unknown number to register and a known one to log in', async () => {
    const mobile = freshMobile();
    await sendCode(s.url, mobile);
    const code = await outboxCode(s.url, mobile);
    expect((await postForm(s.url, LOGIN, { mobile, captchas: code, ...LEGACY })).body.code).toBe(
      CODES.mobileNotRegistered.code,
    );
    // Refusing the login did not use the code up.
    expect((await postForm(s.url, REGISTER, { mobile, captchas: code, ...LEGACY })).body.code).toBe(
      0,
    );
    s.clock.advance(61_000);
    await sendCode(s.url, mobile);
    const again = await postForm(s.url, REGISTER, {
      mobile,
      captchas: await outboxCode(s.url, mobile),
      ...LEGACY,
    });
    expect(again.body).toMatchObject({
      code: CODES.mobileRegistered.code,
      message: '该手机号已注册，请直接登录',
    });
  });

  it('refuses a login before any code was sent, a wrong code, an expired code and a used code', async () => {
    const mobile = freshMobile();
    expect(
      (await postForm(s.url, REGISTER, { mobile, captchas: '123456', ...LEGACY })).body.code,
    ).toBe(CODES.smsCaptchaMissing.code);

    await sendCode(s.url, mobile);
    const code = await outboxCode(s.url, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await postForm(s.url, REGISTER, { mobile, captchas: wrong, ...LEGACY });
    expect(refused.body).toEqual({
      code: CODES.smsCaptchaWrong.code,
      message: '短信验证码错误，还可尝试4次',
      data: { attemptsLeft: 4 },
    });

    s.clock.advance(5 * 60_000 + 1);
    expect((await postForm(s.url, REGISTER, { mobile, captchas: code, ...LEGACY })).body.code).toBe(
      CODES.smsCaptchaExpired.code,
    );

    await sendCode(s.url, mobile);
    const fresh = await outboxCode(s.url, mobile);
    expect(fresh).toBeDefined();
    expect(
      (await postForm(s.url, REGISTER, { mobile, captchas: fresh, ...LEGACY })).body.code,
    ).toBe(0);
    expect((await postForm(s.url, LOGIN, { mobile, captchas: fresh, ...LEGACY })).body.code).toBe(
      CODES.smsCaptchaUsed.code,
    );
  });

  it('locks a code after five wrong tries, even for the right code afterwards', async () => {
    const mobile = freshMobile();
    await sendCode(s.url, mobile);
    const code = await outboxCode(s.url, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await postForm(s.url, REGISTER, { mobile, captchas: wrong, ...LEGACY })).body.code,
      );
    expect(codes).toEqual([
      ...Array(4).fill(CODES.smsCaptchaWrong.code),
      CODES.smsCaptchaLocked.code,
    ]);
    expect((await postForm(s.url, REGISTER, { mobile, captchas: code, ...LEGACY })).body.code).toBe(
      CODES.smsCaptchaLocked.code,
    );
  });

  it('allows one code per number per 60 s and says how long to wait', async () => {
    const mobile = freshMobile();
    expect((await sendCode(s.url, mobile)).body.code).toBe(0);
    s.clock.advance(15_000);
    expect((await sendCode(s.url, mobile)).body).toEqual({
      code: CODES.smsTooSoon.code,
      message: '验证码发送过于频繁，请45秒后再试',
      data: { retryAfter: 45 },
    });
    s.clock.advance(45_000);
    expect((await sendCode(s.url, mobile)).body.code).toBe(0);
  });

  it('refuses bad input with a code and a message naming the field, never a 500', async () => {
    const badMobile = await sendCode(s.url, '12345');
    expect(badMobile.status).toBe(400);
    expect(badMobile.body).toMatchObject({
      code: CODES.badMobile.code,
      message: '请输入正确的手机号',
    });

    const missing = await postForm(s.url, LOGIN, { mobile: freshMobile() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: CODES.badParameter.code,
      message: '缺少参数 captchas',
    });

    const platform = await postForm(s.url, LOGIN, {
      mobile: freshMobile(),
      captchas: '123456',
      companyId: 30,
      platformId: 4,
    });
    expect(platform.body).toMatchObject({
      code: CODES.badParameter.code,
      message: '参数 platformId 取值不正确',
    });

    const json = await fetch(`${s.url}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"mobile":',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: CODES.badRequest.code });

    const outbox = await getJson(s.url, '/dev/sms-outbox');
    expect(outbox.body).toMatchObject({
      code: CODES.badParameter.code,
      message: '缺少参数 mobile',
    });
  });
});

describe('daily SMS limits and the image captcha', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer({
      smsDailyLimitPerMobile: 3,
      smsImageCaptchaAfterPerMobile: 1,
      smsDailyLimitPerAddress: 6,
      smsImageCaptchaAfterPerAddress: 100,
    });
  });
  afterAll(() => s?.stop());

  /** Sends a code to a number that now needs an image captcha, solving it from the store. */
  async function sendWithImage(mobile: string) {
    const init = await postForm<{ needImgCaptcha: boolean; image: string; imageKey: string }>(
      s.url,
      INIT,
      { mobile, ...LEGACY },
    );
    expect(init.body.data.needImgCaptcha).toBe(true);
    // The answer is drawn into the SVG as paths; a test reads it where the server keeps it.
    const row = await s.server.store.db
      .selectFrom('image_captchas')
      .select('answer')
      .where('key', '=', init.body.data.imageKey)
      .executeTakeFirstOrThrow();
    return sendCode(s.url, mobile, {
      checkImageCode: row.answer.toUpperCase(),
      imgeKey: init.body.data.imageKey,
    });
  }

  it('asks for an image captcha after a send, refuses a missing or wrong one, accepts the right one', async () => {
    const mobile = '13700000001';
    expect((await sendCode(s.url, mobile)).body.code).toBe(0);
    s.clock.advance(60_000);

    const init = await postForm<{ needImgCaptcha: boolean; image: string; imageKey: string }>(
      s.url,
      INIT,
      { mobile, ...LEGACY },
    );
    expect(init.body.data.needImgCaptcha).toBe(true);
    expect(init.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(init.body.data.image.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const missing = await sendCode(s.url, mobile);
    expect(missing.body).toMatchObject({
      code: CODES.imageCaptchaRequired.code,
      data: { needImgCaptcha: true },
    });

    const wrong = await sendCode(s.url, mobile, {
      checkImageCode: '####',
      imgeKey: init.body.data.imageKey,
    });
    expect(wrong.body.code).toBe(CODES.imageCaptchaWrong.code);
    // One guess per image: the right answer now fails too, for that key.
    expect(
      (await sendCode(s.url, mobile, { checkImageCode: 'abcd', imgeKey: init.body.data.imageKey }))
        .body.code,
    ).toBe(CODES.imageCaptchaWrong.code);

    expect((await sendWithImage(mobile)).body.code).toBe(0);
  });

  it('caps sends per number per day and per client address per day, until midnight China time', async () => {
    const mobile = '13700000002';
    expect((await sendCode(s.url, mobile)).body.code).toBe(0);
    for (let i = 0; i < 2; i++) {
      s.clock.advance(60_000);
      expect((await sendWithImage(mobile)).body.code).toBe(0);
    }
    s.clock.advance(60_000);
    expect((await sendWithImage(mobile)).body).toMatchObject({
      code: CODES.smsDailyLimitMobile.code,
    });

    // This address has sent 5 codes (2 in the test above, 3 here; the refused one did not reach
    // the address count): a 6th number passes, a 7th is refused.
    expect((await sendCode(s.url, '13700000003')).body.code).toBe(0);
    const other = await sendCode(s.url, '13700000004');
    expect(other.body).toMatchObject({
      code: CODES.smsDailyLimitAddress.code,
      message: '当前网络今日获取验证码次数已达上限',
    });

    s.clock.advance(24 * 3600_000);
    expect((await sendCode(s.url, '13700000004')).body.code).toBe(0);
  });
});

describe('the SMS provider setting', () => {
  it('defaults to the outbox and stops the start on an unknown provider', async () => {
    const { loadConfig, ConfigError } = await import('../../src/config/index.ts');
    expect(() => loadConfig({ MORSEL_SMS_PROVIDER: 'aliyun' })).toThrow(ConfigError);
    expect(loadConfig({}).smsProvider).toBe('outbox');
  });
});

// The same flow with the server on PostgreSQL: counters, codes and sessions through real routes.
describe.runIf(await checkPostgres())('on PostgreSQL', () => {
  describe('login by SMS code on PostgreSQL', () => {
    let s: ProductTestServer;
    let database: { url: string; drop(): Promise<void> };
    beforeAll(async () => {
      database = await createPostgresDatabase();
      s = await startProductServer({ databaseUrl: database.url });
    });
    afterAll(async () => {
      await s?.stop();
      await database?.drop();
    });

    it('registers, reuses nothing, logs out', async () => {
      const mobile = '13500000001';
      expect((await sendCode(s.url, mobile)).body.code).toBe(0);
      expect((await sendCode(s.url, mobile)).body.code).toBe(CODES.smsTooSoon.code);
      const code = await outboxCode(s.url, mobile);
      const registered = await postForm<LoggedIn>(s.url, REGISTER, {
        mobile,
        captchas: code,
        ...LEGACY,
      });
      expect(registered.body.code).toBe(0);
      expect((await postForm(s.url, LOGIN, { mobile, captchas: code, ...LEGACY })).body.code).toBe(
        CODES.smsCaptchaUsed.code,
      );
      const { ut } = registered.body.data;
      expect((await getJson(s.url, INFO, { ut })).body.code).toBe(0);
      await postForm(s.url, '/ouser-web/mobileLogin/logout.do', {}, { ut });
      expect((await getJson(s.url, INFO, { ut })).body.code).toBe(-331007);
    });
  });
});
