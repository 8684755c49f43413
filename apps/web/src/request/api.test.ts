import { verifySignature } from '@morsel/open-api-sign';
import { fillPath } from '@morsel/api/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { setToken } from '../session/session.ts';
import { OPEN_API_CLIENT } from '../config/product.ts';
import { setLoginNavigator } from './loginRedirect.ts';
import { LoginInvalid } from './types.ts';
import { api } from './api.ts';

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

let seen: Seen[];
let answer: unknown;

beforeEach(() => {
  seen = [];
  answer = { code: 0, message: 'success', data: { left: 2 } };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    seen.push({
      url: new URL(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body as string | undefined,
    });
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  });
  localStorage.clear();
  resetEnvironment();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLoginNavigator((to) => location.assign(to));
});

describe('the typed API client', () => {
  it('sends a route with its method and path through the older wrapper, with ut', async () => {
    setToken('tok-1');
    const reply = await api.call('raffle.draw');
    expect(reply).toEqual({ code: 0, message: 'success', data: { left: 2 } });
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.url.pathname).toBe('/api/campaign/raffle/draw');
    expect(call!.headers.get('ut')).toBe('tok-1');
    const form = new URLSearchParams(call!.body);
    expect(form.get('ut')).toBe('tok-1');
    expect(form.get('companyId')).toBe('30');
  });

  it('puts a GET route’s input in the query and fills path parameters', async () => {
    await api.call('coupon.mine', { status: 'used' });
    await api.call('awards.detail', { campaign: 'sign', id: '12' });
    expect(seen[0]!.url.pathname).toBe('/api/campaign/coupon/mine');
    expect(seen[0]!.url.searchParams.get('status')).toBe('used');
    expect(seen[1]!.method).toBe('GET');
    expect(seen[1]!.url.pathname).toBe('/api/campaign/sign/awards/12');
    expect(seen[1]!.url.searchParams.has('campaign')).toBe(false);
    expect(seen[1]!.url.searchParams.has('id')).toBe(false);
  });

  it('posts a body route’s fields and leaves the path parameters out of it', async () => {
    await api.call('coupon.use', { id: 7, orderAmount: 12_300 });
    const form = new URLSearchParams(seen[0]!.body);
    expect(seen[0]!.url.pathname).toBe('/api/campaign/coupon/mine/7/use');
    expect(form.get('orderAmount')).toBe('12300');
    expect(form.has('id')).toBe(false);
  });

  it('signs routes of the open-API host with the newer wrapper', async () => {
    await api.call('areas.children', { parentCode: '31' });
    const [call] = seen;
    expect(call!.url.pathname).toBe('/address-app-api/v1/areas');
    expect(call!.headers.get('x-co-client')).toBe(OPEN_API_CLIENT.id);
    const verified = await verifySignature(
      {
        method: 'GET',
        path: call!.url.pathname,
        query: call!.url.searchParams,
        clientId: OPEN_API_CLIENT.id,
        timestamp: Number(call!.headers.get('x-co-timeStamp')),
      },
      OPEN_API_CLIENT.secret,
      call!.headers.get('x-co-sign')!,
    );
    expect(verified).toBe(true);
  });

  it('keeps the transport’s -331007 rule', async () => {
    const navigated: string[] = [];
    setLoginNavigator((to) => navigated.push(to));
    answer = { code: -331007, message: '登录已失效，请重新登录', data: null };
    await expect(api.call('raffle.chances')).rejects.toBeInstanceOf(LoginInvalid);
    expect(navigated).toHaveLength(1);
  });

  it('refuses to send a route whose path parameter is missing', () => {
    expect(() => fillPath('/api/campaign/:campaign/awards', {})).toThrow(/campaign/);
    expect(fillPath('/api/campaign/:campaign/awards', { campaign: 'a b', x: 1 })).toEqual({
      path: '/api/campaign/a%20b/awards',
      payload: { x: 1 },
    });
  });
});
