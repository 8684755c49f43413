import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientSystem,
  confirmAlipayMiniProgram,
  detectEnvironment,
  environment,
  formatNativeUserAgent,
  parseNativeUserAgent,
  resetEnvironment,
  type AlipayMy,
} from './detect.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const WECHAT = `${IPHONE} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;
const MINI_PROGRAM = `${WECHAT} miniProgram/wx1234567890`;
const ALIPAY = `${ANDROID} AlipayClient/10.5.86.8000 AliApp(AP/10.5.86.8000) Nebula`;
// Alipay's mini-program web-view: the Alipay markers plus `MiniProgram`.
const ALIPAY_MINI_PROGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.5.86.8000) Nebula WK AlipayClient/10.5.86.8000 Language/zh-Hans Region/CN NebulaX/1.0.0 MiniProgram';

describe('environment detection', () => {
  it('sees a plain mobile browser as H5', () => {
    const env = detectEnvironment(IPHONE);
    expect(env).toMatchObject({
      app: null,
      wechat: false,
      alipay: false,
      miniProgram: false,
      h5: true,
      os: 'iOS',
    });
    expect(clientSystem(env)).toBe('H5');
  });

  it('sees WeChat, and a mini-program by UA or by __wxjs_environment', () => {
    expect(detectEnvironment(WECHAT)).toMatchObject({
      wechat: true,
      miniProgram: false,
      h5: false,
    });
    expect(clientSystem(detectEnvironment(WECHAT))).toBe('WeChat');
    expect(detectEnvironment(MINI_PROGRAM).miniProgram).toBe(true);
    expect(detectEnvironment(WECHAT, { __wxjs_environment: 'miniprogram' }).miniProgram).toBe(true);
  });

  it('sees an Alipay mini-program web-view by MiniProgram next to the Alipay markers', () => {
    expect(detectEnvironment(ALIPAY_MINI_PROGRAM)).toMatchObject({
      alipay: true,
      wechat: false,
      miniProgram: true,
      miniProgramHost: 'alipay',
      h5: false,
      os: 'iOS',
    });
    expect(clientSystem(detectEnvironment(ALIPAY_MINI_PROGRAM))).toBe('H5');
    // The Alipay app's own browser is not a mini-program, nor is a plain browser saying MiniProgram.
    expect(detectEnvironment(ALIPAY)).toMatchObject({ miniProgram: false, miniProgramHost: null });
    expect(detectEnvironment(`${IPHONE} MiniProgram`)).toMatchObject({
      miniProgram: false,
      h5: true,
    });
    expect(detectEnvironment(MINI_PROGRAM).miniProgramHost).toBe('wechat');
    expect(detectEnvironment(IPHONE).miniProgramHost).toBeNull();
  });

  it('sees Alipay by AlipayClient/x or by AliApp(AP/x)', () => {
    expect(detectEnvironment(ALIPAY)).toMatchObject({
      alipay: true,
      wechat: false,
      h5: false,
      os: 'Android',
    });
    // Some Alipay containers carry only the AliApp marker (APP-REFERENCE).
    const aliApp =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 NebulaSDK/1.8.100112 Nebula AliApp(AP/10.5.96.6000)';
    expect(detectEnvironment(aliApp)).toMatchObject({ alipay: true, h5: false, os: 'iOS' });
    expect(detectEnvironment('Mozilla/5.0 (iPhone) AliAppKit/1.0').alipay).toBe(false);
  });

  it('reads the native app marker and its user data, percent-decoded', () => {
    const ua = `${ANDROID} MorselApp/4.12.251 (os=Android; ut=tok%3Bx%29; deviceId=dev-1; sessionId=s-9)`;
    const env = detectEnvironment(ua);
    expect(env.app).toEqual({
      version: '4.12.251',
      os: 'Android',
      ut: 'tok;x)',
      deviceId: 'dev-1',
      sessionId: 's-9',
    });
    expect(env.h5).toBe(false);
    expect(clientSystem(env)).toBe('Android');
  });

  it('round-trips the marker it documents', () => {
    const data = {
      version: '4.12.251',
      os: 'iOS' as const,
      ut: 'a b;c',
      deviceId: 'd',
      sessionId: '',
    };
    expect(parseNativeUserAgent(`${IPHONE} ${formatNativeUserAgent(data)}`)).toEqual(data);
    expect(clientSystem(detectEnvironment(`${IPHONE} ${formatNativeUserAgent(data)}`))).toBe('IOS');
  });

  it('takes an app marker without user data as logged out', () => {
    expect(parseNativeUserAgent(`${IPHONE} MorselApp/4.12.0`)).toEqual({
      version: '4.12.0',
      os: 'iOS',
      ut: '',
      deviceId: '',
      sessionId: '',
    });
  });
});

describe('confirmAlipayMiniProgram (my.getEnv)', () => {
  function useUserAgent(ua: string) {
    Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
    resetEnvironment();
  }
  const myAnswering = (miniprogram: boolean): AlipayMy => ({
    getEnv: (callback) => setTimeout(() => callback({ miniprogram }), 10),
  });

  afterEach(() => {
    vi.useRealTimers();
    useUserAgent(IPHONE);
  });

  it('makes the environment an Alipay mini-program when my.getEnv says so', async () => {
    useUserAgent(ALIPAY);
    expect(environment().miniProgram).toBe(false);
    await expect(confirmAlipayMiniProgram({ my: myAnswering(true) })).resolves.toBe(true);
    expect(environment()).toMatchObject({
      alipay: true,
      miniProgram: true,
      miniProgramHost: 'alipay',
    });
  });

  it('leaves the environment alone when my.getEnv says no', async () => {
    useUserAgent(ALIPAY);
    await expect(confirmAlipayMiniProgram({ my: myAnswering(false) })).resolves.toBe(false);
    expect(environment().miniProgram).toBe(false);
  });

  it('does not ask outside Alipay, and answers false without my.getEnv or when it never calls back', async () => {
    const getEnv = vi.fn();
    useUserAgent(WECHAT);
    await expect(confirmAlipayMiniProgram({ my: { getEnv } })).resolves.toBe(false);
    expect(getEnv).not.toHaveBeenCalled();

    useUserAgent(ALIPAY);
    await expect(confirmAlipayMiniProgram({})).resolves.toBe(false);
    vi.useFakeTimers();
    const silent = confirmAlipayMiniProgram({ my: { getEnv } }, 1000);
    expect(getEnv).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1000);
    await expect(silent).resolves.toBe(false);
    expect(environment().miniProgram).toBe(false);
  });

  it('answers from the user agent when it already says Alipay mini-program', async () => {
    useUserAgent(ALIPAY_MINI_PROGRAM);
    await expect(confirmAlipayMiniProgram({})).resolves.toBe(true);
    useUserAgent(MINI_PROGRAM);
    await expect(confirmAlipayMiniProgram({ my: myAnswering(true) })).resolves.toBe(false);
  });
});
