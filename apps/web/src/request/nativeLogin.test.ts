import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { toast } from '../feedback/toast.ts';
import { getToken } from '../session/session.ts';
import { legacyRequest } from './legacy.ts';
import { LoginInvalid } from './types.ts';

const sent: { method: string; params: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent.length = 0;
  Object.defineProperty(navigator, 'userAgent', {
    value:
      'Mozilla/5.0 (iPhone) MorselApp/4.12.251 (os=iOS; ut=app-token; deviceId=d1; sessionId=s1)',
    configurable: true,
  });
  resetEnvironment();
  window.MorselNative = {
    invoke: (message) => void sent.push(JSON.parse(message) as (typeof sent)[number]),
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.MorselNative;
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('inside the native app', () => {
  it('-331007 forgets the app token and asks the app for native login', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ code: -331007, message: '登录已失效', data: null })),
    );
    history.replaceState(null, '', '/activity/bank/pay?order=1');
    await expect(legacyRequest('/ouser-web/api/user/info.do')).rejects.toBeInstanceOf(LoginInvalid);
    expect(getToken()).toBe('');
    expect(sent).toEqual([
      { id: expect.any(String), method: 'login', params: { redirect: location.href } },
    ]);
  });

  it('toasts through the app with its 1500 ms default', () => {
    toast('已领取');
    expect(sent).toEqual([
      { id: expect.any(String), method: 'toast', params: { message: '已领取', duration: 1500 } },
    ]);
  });
});
