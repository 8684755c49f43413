import { describe, expect, it } from 'vitest';
import { detectEnvironment } from '../env/detect.ts';
import { decide } from './guard.ts';

const H5 = detectEnvironment('Mozilla/5.0 (iPhone) Mobile');
const WECHAT = detectEnvironment('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
const ALIPAY = detectEnvironment('Mozilla/5.0 (Android) AlipayClient/10.5.86');
const MINI = detectEnvironment('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47 miniProgram');
const ALIPAY_MINI = detectEnvironment(
  'Mozilla/5.0 (iPhone) AliApp(AP/10.5.86) AlipayClient/10.5.86 MiniProgram',
);
const APP = detectEnvironment('Mozilla/5.0 (iPhone) MorselApp/4.12.251 (os=iOS; ut=)');

const fullPath = '/activity/sign/award?bank_channel=abc&x=1#top';
const at = (env: typeof H5, loggedIn = false) => ({
  env,
  loggedIn,
  fullPath,
  search: '?bank_channel=abc&x=1',
});

describe('route guard', () => {
  it('lets anyone into a route without requireLogin', () => {
    expect(decide({}, at(H5))).toEqual({ kind: 'pass' });
  });

  it('lets a logged-in user pass everywhere', () => {
    for (const env of [H5, WECHAT, ALIPAY, APP])
      expect(decide({ requireLogin: true }, at(env, true))).toEqual({ kind: 'pass' });
  });

  it('sends an unauthenticated user in the native app to native login', () => {
    expect(decide({ requireLogin: true }, at(APP))).toEqual({ kind: 'native-login' });
  });

  it('still allows the page inside WeChat and Alipay, their mini-programs included', () => {
    expect(ALIPAY_MINI.miniProgramHost).toBe('alipay');
    for (const env of [WECHAT, MINI, ALIPAY, ALIPAY_MINI])
      expect(decide({ requireLogin: true }, at(env))).toEqual({ kind: 'pass' });
  });

  it('otherwise redirects to /my/login with loginFrom = the full path and keeps bank_channel', () => {
    expect(decide({ requireLogin: true }, at(H5))).toEqual({
      kind: 'login',
      to: `/my/login?loginFrom=${encodeURIComponent(fullPath)}`,
      bankChannel: 'abc',
    });
  });
});
