import { describe, expect, it } from 'vitest';
import {
  CODE_LOGIN_INVALID,
  HOSTS,
  IMAGE_SIZES,
  LIMITS,
  OPEN_API_CLIENT,
  PRODUCT,
  REQUEST_FAILED,
  SERVICES,
  parseKeyList,
} from './product.ts';

describe('product configuration', () => {
  it('carries the values of spec section 1', () => {
    expect(PRODUCT).toEqual({
      companyId: 30,
      platformId: 3,
      platformCode: 2,
      cloudChannelType: 188,
      clientVersion: '4.12.251',
      mode: 'production',
    });
    expect(HOSTS).toEqual({ mobile: '', static: '', openApi: '' });
    expect(OPEN_API_CLIENT).toEqual({ id: 'morsel-h5', secret: 'morsel-h5-public-signing-key' });
  });

  it('carries the third-party services of spec section 1: maps 2.0 with geolocation, customer-service keys, analytics ids', () => {
    // No keys in this build: each deployment sets its own.
    expect(SERVICES).toEqual({
      maps: { key: '', version: '2.0', plugins: ['AMap.Geolocation'] },
      customerServiceKeys: {},
      analyticsProductIds: {},
    });
    expect(parseKeyList(' appKey:abc , tenant:t-1,,broken, empty: ')).toEqual({
      appKey: 'abc',
      tenant: 't-1',
    });
    expect(parseKeyList(undefined)).toEqual({});
  });

  it('carries the constants of spec section 9', () => {
    expect(LIMITS).toMatchObject({
      requestTimeoutMs: 30_000,
      cacheDefaultMs: 300_000,
      lizardCacheMs: 30 * 86_400_000,
      chunkLoadTimeoutMs: 120_000,
      bridgeToastMs: 1500,
      uiToastMs: 2000,
      doubleClickGuardMs: 500,
      cookieDays: 365,
      shareCallbackDelayNativeMs: 2000,
      shareCallbackDelayWechatMs: 3000,
      imageMaxWidth: 750,
      longScreen: { minHeight: 812, minWidth: 375 },
    });
    expect(LIMITS.tempCookieDays * 86_400_000).toBeCloseTo(5 * 60_000);
    expect(IMAGE_SIZES).toEqual({ xs: 100, s: 200, m: 300, l: 400, xl: 800 });
    expect(CODE_LOGIN_INVALID).toBe(-331007);
    expect(REQUEST_FAILED).toEqual({ status: -500, message: '请求出错，请稍后再试' });
  });
});
