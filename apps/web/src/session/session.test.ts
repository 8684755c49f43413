import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import {
  adoptMiniProgramToken,
  clientInfo,
  getBankChannel,
  getDeviceId,
  getSessionId,
  getToken,
  getTraceCode,
  isLoggedIn,
  rememberBankChannel,
  rememberTraceCode,
  removeToken,
  setToken,
} from './session.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

function useUserAgent(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  resetEnvironment();
}

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

beforeEach(() => {
  clearCookies();
  useUserAgent(IPHONE);
});
afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

describe('session', () => {
  it('is logged in exactly when a non-empty token exists', () => {
    expect(isLoggedIn()).toBe(false);
    setToken('tok-1');
    expect(getToken()).toBe('tok-1');
    expect(Cookies.get('ut')).toBe('tok-1');
    expect(isLoggedIn()).toBe(true);
    removeToken();
    expect(isLoggedIn()).toBe(false);
  });

  it('takes the token, device and session ids from the native app, until the token is revoked', () => {
    useUserAgent(
      `${IPHONE} MorselApp/4.13.0 (os=iOS; ut=app-tok; deviceId=app-dev; sessionId=app-sess)`,
    );
    expect(getToken()).toBe('app-tok');
    expect(getDeviceId()).toBe('app-dev');
    expect(getSessionId()).toBe('app-sess');
    expect(clientInfo()).toEqual({
      deviceCode: 'app-dev',
      platformId: 3,
      appVersion: '4.13.0',
      clientSystem: 'IOS',
    });
    removeToken();
    expect(getToken()).toBe('');
    setToken('new-tok');
    expect(getToken()).toBe('new-tok');
  });

  it('makes a random UUID device id once and keeps it in a cookie', () => {
    const id = getDeviceId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Cookies.get('deviceId')).toBe(id);
    expect(getDeviceId()).toBe(id);
  });

  it('makes a timestamp-plus-random session id and keeps it', () => {
    const id = getSessionId();
    expect(id).toMatch(/^\d{14,}$/);
    expect(getSessionId()).toBe(id);
  });

  it('stores a mini-program ut parameter as the token, and only in a mini-program', () => {
    adoptMiniProgramToken('?ut=mp-tok');
    expect(getToken()).toBe('');
    useUserAgent(`${IPHONE} MicroMessenger/8.0.47 miniProgram/wx1`);
    adoptMiniProgramToken('?a=1&ut=mp-tok');
    expect(getToken()).toBe('mp-tok');
  });

  it("stores an Alipay mini-program's ut parameter as the token, and not the Alipay browser's", () => {
    useUserAgent(`${IPHONE} AliApp(AP/10.5.86.8000) AlipayClient/10.5.86.8000`);
    expect(adoptMiniProgramToken('?ut=ali-tok')).toBe(false);
    expect(getToken()).toBe('');
    useUserAgent(
      `${IPHONE} AliApp(AP/10.5.86.8000) AlipayClient/10.5.86.8000 Language/zh-Hans MiniProgram`,
    );
    expect(adoptMiniProgramToken('?ut=ali-tok&from=mini')).toBe(true);
    expect(getToken()).toBe('ali-tok');
  });

  it('keeps trace code and bank channel cookies', () => {
    rememberTraceCode('?traceCode=T-42');
    rememberBankChannel('abc');
    expect(getTraceCode()).toBe('T-42');
    expect(getBankChannel()).toBe('abc');
  });

  it('describes a plain browser and WeChat in clientInfo', () => {
    expect(clientInfo()).toMatchObject({
      platformId: 3,
      appVersion: '4.12.251',
      clientSystem: 'H5',
    });
    useUserAgent(`${IPHONE} MicroMessenger/8.0.47`);
    expect(clientInfo().clientSystem).toBe('WeChat');
  });

  it('keeps ut, deviceId and traceCode for 365 days, sessionId and bank_channel for 5 minutes', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('tok');
    getDeviceId();
    rememberTraceCode('?traceCode=T-1');
    getSessionId();
    rememberBankChannel('boc');
    const lifetimeMs = (name: string) => {
      const call = set.mock.calls.find(([cookie]) => cookie === name);
      const expires = call?.[2]?.expires;
      return typeof expires === 'number' ? expires * 86_400_000 : undefined;
    };
    for (const name of ['ut', 'deviceId', 'traceCode'])
      expect(lifetimeMs(name), name).toBe(365 * 86_400_000);
    for (const name of ['sessionId', 'bank_channel'])
      expect(lifetimeMs(name), name).toBeCloseTo(5 * 60_000);
    for (const [, , attributes] of set.mock.calls) expect(attributes).toMatchObject({ path: '/' });
  });

  it('renews the session cookie on every use, so a visit ends after five idle minutes', () => {
    const id = getSessionId();
    const set = vi.spyOn(Cookies, 'set');
    expect(getSessionId()).toBe(id);
    expect(set).toHaveBeenCalledWith(
      'sessionId',
      id,
      expect.objectContaining({ expires: 5 / (24 * 60) }),
    );
  });
});
