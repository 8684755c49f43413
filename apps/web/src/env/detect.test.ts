import { describe, expect, it } from 'vitest';
import { clientSystem, detectEnvironment, formatNativeUserAgent, parseNativeUserAgent } from './detect.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const WECHAT = `${IPHONE} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;
const MINI_PROGRAM = `${WECHAT} miniProgram/wx1234567890`;
const ALIPAY = `${ANDROID} AlipayClient/10.5.86.8000 AliApp(AP/10.5.86.8000) Nebula`;

describe('environment detection', () => {
  it('sees a plain mobile browser as H5', () => {
    const env = detectEnvironment(IPHONE);
    expect(env).toMatchObject({ app: null, wechat: false, alipay: false, miniProgram: false, h5: true, os: 'iOS' });
    expect(clientSystem(env)).toBe('H5');
  });

  it('sees WeChat, and a mini-program by UA or by __wxjs_environment', () => {
    expect(detectEnvironment(WECHAT)).toMatchObject({ wechat: true, miniProgram: false, h5: false });
    expect(clientSystem(detectEnvironment(WECHAT))).toBe('WeChat');
    expect(detectEnvironment(MINI_PROGRAM).miniProgram).toBe(true);
    expect(detectEnvironment(WECHAT, { __wxjs_environment: 'miniprogram' }).miniProgram).toBe(true);
  });

  it('sees Alipay by AlipayClient/x or by AliApp(AP/x)', () => {
    expect(detectEnvironment(ALIPAY)).toMatchObject({ alipay: true, wechat: false, h5: false, os: 'Android' });
    // Some Alipay containers carry only the AliApp marker (APP-REFERENCE).
    const aliApp = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 NebulaSDK/1.8.100112 Nebula AliApp(AP/10.5.96.6000)';
    expect(detectEnvironment(aliApp)).toMatchObject({ alipay: true, h5: false, os: 'iOS' });
    expect(detectEnvironment('Mozilla/5.0 (iPhone) AliAppKit/1.0').alipay).toBe(false);
  });

  it('reads the native app marker and its user data, percent-decoded', () => {
    const ua = `${ANDROID} MorselApp/4.12.251 (os=Android; ut=tok%3Bx%29; deviceId=dev-1; sessionId=s-9)`;
    const env = detectEnvironment(ua);
    expect(env.app).toEqual({ version: '4.12.251', os: 'Android', ut: 'tok;x)', deviceId: 'dev-1', sessionId: 's-9' });
    expect(env.h5).toBe(false);
    expect(clientSystem(env)).toBe('Android');
  });

  it('round-trips the marker it documents', () => {
    const data = { version: '4.12.251', os: 'iOS' as const, ut: 'a b;c', deviceId: 'd', sessionId: '' };
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
