// The open-API endpoints: signature checks first, then common config, areas from the real
// division data, and the share code behind login.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import {
  H5_CLIENT,
  LEGACY,
  outboxCode,
  postForm,
  sendCode,
  signedCall,
  startProductServer,
  type ProductTestServer,
} from './helpers.ts';

describe('open-API signature', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer({
      openApiClients: 'morsel-h5:morsel-h5-public-signing-key,partner-app:partner-secret-123',
    });
  });
  afterAll(() => s?.stop());

  it('accepts a signed request from every configured client', async () => {
    const h5 = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now(),
    });
    expect(h5.body).toMatchObject({
      code: 0,
      data: { defaultAreaCode: '310101', companyId: 30, platformId: 3 },
    });
    const partner = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now(),
      client: { id: 'partner-app', secret: 'partner-secret-123' },
    });
    expect(partner.body.code).toBe(0);
  });

  it('matches a signature computed independently with node:crypto', async () => {
    const timestamp = s.clock.now() + 1;
    const plain = `GET\n/api/location/getCompleteAreaInfo\nregionCode=310101\nx-co-client:morsel-h5\nx-co-timestamp:${timestamp}`;
    const response = await fetch(`${s.url}/api/location/getCompleteAreaInfo?regionCode=310101`, {
      headers: {
        'x-co-client': 'morsel-h5',
        'x-co-timeStamp': String(timestamp),
        'x-co-sign': createHmac('sha1', H5_CLIENT.secret).update(plain).digest('base64'),
      },
    });
    expect(((await response.json()) as { code: number }).code).toBe(0);
  });

  it('refuses missing headers, an unknown client, a stale or future timestamp and a bad signature', async () => {
    const unsigned = await fetch(`${s.url}/api/commondata/getConfig`);
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ code: CODES.signatureMissing.code });

    const unknown = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now(),
      client: { id: 'who-knows', secret: 'morsel-h5-public-signing-key' },
    });
    expect(unknown.body).toMatchObject({
      code: CODES.signatureUnknownClient.code,
      message: '未知的客户端',
    });

    const stale = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now() - 5 * 60_000 - 1,
    });
    expect(stale.body).toMatchObject({
      code: CODES.signatureStale.code,
      data: { serverTime: s.clock.now() },
    });
    const future = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now() + 5 * 60_000 + 1,
    });
    expect(future.body.code).toBe(CODES.signatureStale.code);
    const edge = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now() - 5 * 60_000,
    });
    expect(edge.body.code).toBe(0);

    const wrongSecret = await signedCall(s.url, 'GET', '/api/commondata/getConfig', {
      timestamp: s.clock.now(),
      client: { id: 'morsel-h5', secret: 'partner-secret-123' },
    });
    expect(wrongSecret.body).toMatchObject({
      code: CODES.signatureInvalid.code,
      message: '签名错误',
    });
  });

  it('refuses a changed query or a tampered body', async () => {
    const timestamp = s.clock.now();
    const url = new URL('/api/location/getCompleteAreaInfo?regionCode=310101', s.url);
    const { signatureHeaders } = await import('@morsel/open-api-sign');
    const headers = await signatureHeaders(
      {
        method: 'GET',
        path: url.pathname,
        query: url.searchParams,
        clientId: H5_CLIENT.id,
        timestamp,
      },
      H5_CLIENT.secret,
    );
    const changed = await fetch(`${s.url}/api/location/getCompleteAreaInfo?regionCode=110101`, {
      headers,
    });
    expect(await changed.json()).toMatchObject({ code: CODES.signatureInvalid.code });

    const tampered = await signedCall(s.url, 'POST', '/miniapp-bff/miniapp/app/user/shareCode', {
      timestamp,
      body: 'platformId=3',
      sendBody: 'platformId=4',
    });
    expect(tampered.body.code).toBe(CODES.signatureInvalid.code);
  });

  it('refuses a replayed request inside the window, and keeps the body MD5 over the raw bytes', async () => {
    const timestamp = s.clock.now();
    const first = await signedCall(s.url, 'POST', '/miniapp-bff/miniapp/app/user/shareCode', {
      timestamp,
      body: 'a=%E4%B8%AD&b=x+y',
    });
    // Not logged in: the signature passed, the session check answered.
    expect(first.body.code).toBe(-331007);
    const replay = await signedCall(s.url, 'POST', '/miniapp-bff/miniapp/app/user/shareCode', {
      timestamp,
      body: 'a=%E4%B8%AD&b=x+y',
    });
    expect(replay.body).toMatchObject({
      code: CODES.signatureReplayed.code,
      message: '重复的请求',
    });
  });
});

describe('common config, areas and the share code', () => {
  let s: ProductTestServer;
  // Each call a millisecond later: two identical requests with one timestamp are a replay.
  const call = <T>(path: string) => {
    s.clock.advance(1);
    return signedCall<T>(s.url, 'GET', path, { timestamp: s.clock.now() });
  };
  beforeAll(async () => {
    s = await startProductServer();
  });
  afterAll(() => s?.stop());

  it('gives the product constants', async () => {
    const { body } = await call('/api/commondata/getConfig');
    expect(body.data).toMatchObject({
      defaultAreaCode: '310101',
      companyId: 30,
      platformId: 3,
      platformCode: 2,
      wechatConfigured: false,
    });
  });

  it('resolves a county code to its province and city', async () => {
    expect((await call('/api/location/getCompleteAreaInfo?regionCode=310101')).body.data).toEqual({
      provinceName: '上海市',
      provinceCode: '310000',
      cityName: '上海市',
      cityCode: '310100',
      regionName: '黄浦区',
      regionCode: '310101',
    });
    expect(
      (await call('/api/location/getCompleteAreaInfo?regionCode=440305')).body.data,
    ).toMatchObject({
      provinceName: '广东省',
      cityName: '深圳市',
      regionName: '南山区',
    });
    expect((await call('/api/location/getCompleteAreaInfo?regionCode=999999')).body.code).toBe(
      CODES.areaNotFound.code,
    );
    const bad = await call('/api/location/getCompleteAreaInfo?regionCode=31');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: CODES.badParameter.code,
      message: '参数 regionCode 格式不正确',
    });
  });

  it('lists provinces, cities of a province and counties of a city', async () => {
    const provinces = await call<{ code: string; name: string }[]>(
      '/address-app-api/v1/areas?parentCode=',
    );
    expect(provinces.body.data).toHaveLength(31);
    expect(provinces.body.data).toContainEqual({ code: '310000', name: '上海市' });
    expect(provinces.body.data).toContainEqual({ code: '440000', name: '广东省' });
    expect((await call('/address-app-api/v1/areas')).body.data).toEqual(provinces.body.data);

    const cities = await call<{ code: string; name: string }[]>(
      '/address-app-api/v1/areas?parentCode=440000',
    );
    expect(cities.body.data).toContainEqual({ code: '440300', name: '深圳市' });
    expect(cities.body.data).toHaveLength(21);
    // 2- and 4-digit codes name the same divisions.
    expect((await call('/address-app-api/v1/areas?parentCode=44')).body.data).toEqual(
      cities.body.data,
    );

    const counties = await call<{ code: string; name: string }[]>(
      '/address-app-api/v1/areas?parentCode=4403',
    );
    expect(counties.body.data).toContainEqual({ code: '440305', name: '南山区' });
    expect((await call('/address-app-api/v1/areas?parentCode=440305')).body.data).toEqual([]);
    expect((await call('/address-app-api/v1/areas?parentCode=990000')).body.code).toBe(
      CODES.areaNotFound.code,
    );
  });

  it('gives a logged-in shopper the same share code on every call', async () => {
    const mobile = '13600000001';
    await sendCode(s.url, mobile);
    const { body } = await postForm<{ ut: string }>(s.url, '/ouser-web/memberRegisterForm.do', {
      mobile,
      captchas: await outboxCode(s.url, mobile),
      ...LEGACY,
    });
    const shareCode = (ut: string) => {
      s.clock.advance(1);
      return signedCall<{ shareCode: string }>(
        s.url,
        'POST',
        '/miniapp-bff/miniapp/app/user/shareCode',
        {
          timestamp: s.clock.now(),
          headers: { ut },
        },
      );
    };
    const first = await shareCode(body.data.ut);
    expect(first.body.code).toBe(0);
    expect(first.body.data.shareCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await shareCode(body.data.ut)).body.data.shareCode).toBe(first.body.data.shareCode);
    expect((await shareCode('expired-or-forged')).body.code).toBe(-331007);
  });
});
