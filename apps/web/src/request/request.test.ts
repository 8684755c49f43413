import Cookies from 'js-cookie';
import { verifySignature } from '@morsel/open-api-sign';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { setToken } from '../session/session.ts';
import { legacyRequest } from './legacy.ts';
import { setLoginNavigator } from './loginRedirect.ts';
import { openApiRequest } from './openApi.ts';
import { LoginInvalid, RequestFailure } from './types.ts';

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

let seen: Seen[];
let answer: () => Response | Promise<Response>;

function json(value: unknown, status = 200) {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  seen = [];
  answer = () => json({ code: 0, message: 'ok', data: { n: seen.length } });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    seen.push({
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body as string | undefined,
    });
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return answer();
  });
  localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  Object.defineProperty(navigator, 'userAgent', {
    value: 'Mozilla/5.0 (iPhone) Mobile',
    configurable: true,
  });
  resetEnvironment();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLoginNavigator((to) => location.assign(to));
});

describe('the older wrapper', () => {
  it('form-encodes the payload with ut, times, platform, companyId, platformId and deviceId', async () => {
    setToken('tok-9');
    const reply = await legacyRequest('/ouser-web/mobileRegister/isRepeatPhoneForm.do', {
      data: { mobile: '13800138000' },
    });
    expect(reply).toEqual({ code: 0, message: 'ok', data: { n: 1 } });
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.url.pathname).toBe('/ouser-web/mobileRegister/isRepeatPhoneForm.do');
    expect(call!.headers.get('content-type')).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(call!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(call!.headers.get('ut')).toBe('tok-9');
    expect(JSON.parse(call!.headers.get('clientInfo')!)).toMatchObject({
      platformId: 3,
      clientSystem: 'H5',
      appVersion: '4.12.251',
    });
    const body = Object.fromEntries(new URLSearchParams(call!.body));
    expect(body).toMatchObject({
      mobile: '13800138000',
      ut: 'tok-9',
      platform: '2',
      companyId: '30',
      platformId: '3',
    });
    expect(body.deviceId).toBe(Cookies.get('deviceId'));
    expect(Number(body.times)).toBeGreaterThan(0);
  });

  it('sends JSON when asked', async () => {
    await legacyRequest('/x.do', { data: { a: [1, 2] }, json: true });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(seen[0]!.body!)).toMatchObject({ a: [1, 2], companyId: 30 });
  });
});

describe('the newer wrapper', () => {
  it('signs a GET with its query so that the gateway can verify it', async () => {
    await openApiRequest('/api/location/getCompleteAreaInfo', { data: { regionCode: '310101' } });
    const [call] = seen;
    expect(call!.url.search).toBe('?regionCode=310101');
    expect(call!.headers.get('x-co-client')).toBe('morsel-h5');
    const ok = await verifySignature(
      {
        method: 'GET',
        path: call!.url.pathname,
        query: call!.url.searchParams,
        clientId: 'morsel-h5',
        timestamp: Number(call!.headers.get('x-co-timeStamp')),
      },
      'morsel-h5-public-signing-key',
      call!.headers.get('x-co-sign')!,
    );
    expect(ok).toBe(true);
  });

  it('signs a POST over the MD5 of the exact body', async () => {
    await openApiRequest('/miniapp-bff/miniapp/app/user/shareCode', {
      method: 'POST',
      data: { scene: 'a b' },
    });
    const [call] = seen;
    expect(call!.body).toBe('scene=a+b');
    const request = {
      method: 'POST',
      path: call!.url.pathname,
      query: call!.url.searchParams,
      clientId: 'morsel-h5',
      timestamp: Number(call!.headers.get('x-co-timeStamp')),
    };
    const signature = call!.headers.get('x-co-sign')!;
    expect(
      await verifySignature(
        { ...request, body: call!.body },
        'morsel-h5-public-signing-key',
        signature,
      ),
    ).toBe(true);
    expect(
      await verifySignature(
        { ...request, body: 'scene=other' },
        'morsel-h5-public-signing-key',
        signature,
      ),
    ).toBe(false);
  });
});

describe('shared rules', () => {
  it('caches code-0 answers for the default 5 minutes, and only those', async () => {
    const first = await openApiRequest('/api/commondata/getConfig', { cache: true });
    const second = await openApiRequest('/api/commondata/getConfig', { cache: true });
    expect(second).toEqual(first);
    expect(seen).toHaveLength(1);

    answer = () => json({ code: 1001, message: 'busy', data: null });
    await legacyRequest('/a.do', { cache: true });
    await legacyRequest('/a.do', { cache: true });
    expect(seen).toHaveLength(3);
  });

  it('keys the older wrapper cache by the caller payload, not by its per-call times', async () => {
    await legacyRequest('/b.do', { data: { q: 1 }, cache: 60_000 });
    await legacyRequest('/b.do', { data: { q: 1 }, cache: 60_000 });
    await legacyRequest('/b.do', { data: { q: 2 }, cache: 60_000 });
    expect(seen).toHaveLength(2);
  });

  it('accepts code "0" as success for caching', async () => {
    answer = () => json({ code: '0', message: 'ok', data: 1 });
    await openApiRequest('/c', { cache: true });
    await openApiRequest('/c', { cache: true });
    expect(seen).toHaveLength(1);
  });

  it('turns a non-2xx answer, a network failure and an unreadable body into -500', async () => {
    answer = () => json({ code: 0 }, 502);
    await expect(legacyRequest('/x.do')).rejects.toMatchObject({
      status: -500,
      message: '请求出错，请稍后再试',
    });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(openApiRequest('/y')).rejects.toBeInstanceOf(RequestFailure);
    answer = () => new Response('<html>', { status: 200 });
    await expect(openApiRequest('/z')).rejects.toMatchObject({ status: -500 });
  });

  it('on -331007 deletes the token, goes to login with loginFrom and rejects', async () => {
    setToken('stale');
    const went: string[] = [];
    setLoginNavigator((to) => went.push(to));
    history.replaceState(null, '', '/activity/sign/award?x=1');
    answer = () => json({ code: -331007, message: '登录失效', data: null });
    await expect(legacyRequest('/ouser-web/api/user/info.do')).rejects.toBeInstanceOf(LoginInvalid);
    expect(Cookies.get('ut')).toBeUndefined();
    expect(went).toEqual([`/my/login?loginFrom=${encodeURIComponent('/activity/sign/award?x=1')}`]);
  });

  it('gives up after the time-out', async () => {
    answer = () => new Promise(() => {});
    vi.stubGlobal(
      'fetch',
      (_input: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    await expect(openApiRequest('/slow', { timeoutMs: 5 })).rejects.toMatchObject({ status: -500 });
  });

  it('keeps a cached answer for 5 minutes by default, then asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T04:00:00Z'));
    await openApiRequest('/api/commondata/getConfig', { cache: true });
    vi.setSystemTime(new Date('2026-01-15T04:04:59Z'));
    await openApiRequest('/api/commondata/getConfig', { cache: true });
    expect(seen).toHaveLength(1);
    vi.setSystemTime(new Date('2026-01-15T04:05:00Z'));
    await openApiRequest('/api/commondata/getConfig', { cache: true });
    expect(seen).toHaveLength(2);
  });

  it('waits 30 s by default before giving up with -500', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      (_input: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    let outcome: unknown = 'pending';
    const call = legacyRequest('/slow.do').catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(outcome).toMatchObject({ status: -500, message: '请求出错，请稍后再试' });
  });
});
