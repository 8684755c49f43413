import { describe, expect, it } from 'vitest';
import { ConfigError, InsecureProductionError, describeSettings, loadConfig } from './index.ts';
import { productionViolations } from './production.ts';
import { parseTrustProxy } from './trust-proxy.ts';

describe('loadConfig', () => {
  it('gives the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, dataDir: 'data', logLevel: 'info', seedDemo: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads typed values from MORSEL_* variables', () => {
    const config = loadConfig({
      PORT: '9001',
      MORSEL_DATA_DIR: '/tmp/x',
      MORSEL_SEED_DEMO: 'off',
      MORSEL_LOG_LEVEL: 'debug',
      MORSEL_DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      port: 9001,
      dataDir: '/tmp/x',
      seedDemo: false,
      logLevel: 'debug',
      databaseUrl: 'postgres://u@h/db',
    });
  });

  it.each([
    ['PORT', 'eighty', /PORT="eighty" is not valid: expected a whole number/],
    ['PORT', '70000', /PORT="70000" is not valid: .*at most 65535/],
    ['MORSEL_LOG_LEVEL', 'loud', /MORSEL_LOG_LEVEL="loud" is not valid: one of fatal/],
    ['MORSEL_SEED_DEMO', 'maybe', /expected true or false/],
    ['MORSEL_DATABASE_URL', 'mysql://x', /MORSEL_DATABASE_URL/],
    ['MORSEL_REDIS_URL', 'localhost:6379', /MORSEL_REDIS_URL/],
  ])('refuses %s=%s with a message naming the variable', (variable, value, message) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(message);
  });

  it('does not print credentials it refuses', () => {
    expect(() => loadConfig({ MORSEL_ADMIN_KEY: 'short-secret' })).toThrow(
      'MORSEL_ADMIN_KEY="<12 characters, hidden>" is not valid',
    );
    expect(() => loadConfig({ MORSEL_ADMIN_KEY: 'short-secret' })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ MORSEL_SMS_ACCESS_KEY_SECRET: 'tiny' })).not.toThrow(/tiny/);
    expect(() => loadConfig({ MORSEL_DATABASE_URL: 'mysql://app:hunter2@db/x' })).toThrow(
      'mysql://app:***@db/x',
    );
    expect(() => loadConfig({ MORSEL_DATABASE_URL: 'mysql://app:hunter2@db/x' })).not.toThrow(
      /hunter2/,
    );
  });

  it('wants the IM app key and secret together', () => {
    expect(() => loadConfig({ MORSEL_IM_APP_KEY: 'abcdefgh12' })).toThrow(/MORSEL_IM_APP_SECRET/);
    expect(
      loadConfig({ MORSEL_IM_APP_KEY: 'abcdefgh12', MORSEL_IM_APP_SECRET: 'secret-secret-1' })
        .imAppKey,
    ).toBe('abcdefgh12');
  });

  it('lists every setting with its variable', () => {
    const variables = describeSettings().map((s) => s.variable);
    expect(variables).toContain('MORSEL_DATA_DIR');
    expect(new Set(variables).size).toBe(variables.length);
  });
});

describe('settings that go in pairs', () => {
  it('wants the WeChat app id and secret together', () => {
    expect(() => loadConfig({ MORSEL_WECHAT_APP_ID: 'wx1234567890' })).toThrow(
      /MORSEL_WECHAT_APP_SECRET/,
    );
  });
});

describe('MORSEL_ENV', () => {
  const SAFE_PRODUCTION = {
    MORSEL_ENV: 'production',
    MORSEL_SMS_PROVIDER: 'aliyun',
    MORSEL_SMS_ACCESS_KEY_ID: 'LTAI5tExample01',
    MORSEL_SMS_ACCESS_KEY_SECRET: 'example-secret-123',
    MORSEL_SMS_SIGN_NAME: '零食铺子',
    MORSEL_SMS_TEMPLATE_CODE: 'SMS_123456789',
    MORSEL_OPENAPI_CLIENTS: 'morsel-h5:our-own-secret-4f9a2c',
    MORSEL_ADMIN_KEY: 'a-long-random-admin-key-0123',
    MORSEL_IM_APP_KEY: 'shop-im-app-key-01',
    MORSEL_IM_APP_SECRET: 'shop-im-app-secret-0123',
    MORSEL_PUBLIC_URL: 'https://shop.example.com',
  };

  it('is development by default, with the demo seeds on', () => {
    expect(loadConfig({})).toMatchObject({
      mode: 'development',
      seedDemo: true,
      smsProvider: 'outbox',
    });
  });

  it('refuses to start in production with the insecure defaults, naming every variable', () => {
    let error: unknown;
    try {
      loadConfig({ MORSEL_ENV: 'production', MORSEL_SEED_DEMO: 'true' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InsecureProductionError);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as InsecureProductionError).violations.map((v) => v.variable)).toEqual([
      'MORSEL_SMS_PROVIDER',
      'MORSEL_OPENAPI_CLIENTS',
      'MORSEL_SEED_DEMO',
      'MORSEL_ADMIN_KEY',
      'MORSEL_IM_APP_SECRET',
      'MORSEL_PUBLIC_URL',
    ]);
    expect((error as Error).message).toMatch(
      /^MORSEL_ENV=production refuses to start.*MORSEL_SMS_PROVIDER.*MORSEL_ADMIN_KEY/,
    );
  });

  it('does not default the demo seeds on in production, and starts once every setting is secure', () => {
    const config = loadConfig(SAFE_PRODUCTION);
    expect(config).toMatchObject({ mode: 'production', seedDemo: false, smsProvider: 'aliyun' });
  });

  it('refuses the public signing secret even next to a private one', () => {
    const env = {
      ...SAFE_PRODUCTION,
      MORSEL_OPENAPI_CLIENTS: 'ours:our-own-secret-4f9a2c,morsel-h5:morsel-h5-public-signing-key',
    };
    expect(() => loadConfig(env)).toThrow(/MORSEL_OPENAPI_CLIENTS/);
  });

  it('refuses a plain-http message copy URL unless it is on loopback', () => {
    expect(() =>
      loadConfig({ ...SAFE_PRODUCTION, MORSEL_IM_COPY_URL: 'http://app.internal/nim/copies' }),
    ).toThrow(/MORSEL_IM_COPY_URL/);
    for (const url of ['https://app.example.com/nim/copies', 'http://127.0.0.1:9000/copies'])
      expect(loadConfig({ ...SAFE_PRODUCTION, MORSEL_IM_COPY_URL: url }).imCopyUrl).toBe(url);
  });

  it('refuses a plain-http S3 endpoint unless it is on loopback', () => {
    expect(() =>
      loadConfig({ ...SAFE_PRODUCTION, MORSEL_S3_ENDPOINT: 'http://minio.internal:9000' }),
    ).toThrow(/MORSEL_S3_ENDPOINT/);
    expect(
      loadConfig({ ...SAFE_PRODUCTION, MORSEL_S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3Endpoint,
    ).toBe('http://127.0.0.1:9000');
    expect(
      loadConfig({ ...SAFE_PRODUCTION, MORSEL_S3_ENDPOINT: 'https://s3.example.com' }).s3Endpoint,
    ).toBe('https://s3.example.com');
  });

  it('turns WeChat login off in production and refuses the development identity there', () => {
    expect(loadConfig({}).wechatOauth).toBe('development');
    expect(loadConfig(SAFE_PRODUCTION).wechatOauth).toBe('off');
    expect(() => loadConfig({ ...SAFE_PRODUCTION, MORSEL_WECHAT_OAUTH: 'development' })).toThrow(
      /MORSEL_WECHAT_OAUTH/,
    );
    expect(() => loadConfig({ ...SAFE_PRODUCTION, MORSEL_WECHAT_OAUTH: 'wechat' })).toThrow(
      /MORSEL_WECHAT_OAUTH.*MORSEL_WECHAT_APP_ID/,
    );
    const real = {
      ...SAFE_PRODUCTION,
      MORSEL_WECHAT_OAUTH: 'wechat',
      MORSEL_WECHAT_APP_ID: 'wx1234567890abcdef',
      MORSEL_WECHAT_APP_SECRET: 'official-account-secret',
    };
    expect(loadConfig(real).wechatOauth).toBe('wechat');
  });

  it('refuses trusting every proxy', () => {
    expect(() => loadConfig({ ...SAFE_PRODUCTION, MORSEL_TRUST_PROXY: 'all' })).toThrow(
      /MORSEL_TRUST_PROXY/,
    );
    const config = { ...loadConfig(SAFE_PRODUCTION), trustProxy: 'all' };
    expect(productionViolations(config).map((v) => v.variable)).toEqual(['MORSEL_TRUST_PROXY']);
    expect(productionViolations({ ...config, mode: 'development' })).toEqual([]);
  });

  it('wants every Alibaba Cloud SMS setting with MORSEL_SMS_PROVIDER=aliyun', () => {
    expect(() => loadConfig({ MORSEL_SMS_PROVIDER: 'aliyun' })).toThrow(
      /MORSEL_SMS_ACCESS_KEY_ID.*MORSEL_SMS_PROVIDER=aliyun needs it/,
    );
    const { MORSEL_SMS_TEMPLATE_CODE: _omitted, ...withoutTemplate } = SAFE_PRODUCTION;
    expect(() => loadConfig(withoutTemplate)).toThrow(/MORSEL_SMS_TEMPLATE_CODE/);
  });

  it('refuses a cashier key equal to the admin key', () => {
    expect(() =>
      loadConfig({
        MORSEL_ADMIN_KEY: 'same-key-0123456789',
        MORSEL_CASHIER_KEY: 'same-key-0123456789',
      }),
    ).toThrow(/MORSEL_CASHIER_KEY/);
  });
});

describe('MORSEL_TRUST_PROXY', () => {
  it('trusts nobody by default, and every hop only when told `all`', () => {
    expect(parseTrustProxy(loadConfig({}).trustProxy)).toBe(false);
    expect(parseTrustProxy(loadConfig({ MORSEL_TRUST_PROXY: 'all' }).trustProxy)).toBe(true);
    const twoHops = parseTrustProxy(loadConfig({ MORSEL_TRUST_PROXY: '2' }).trustProxy) as (
      a: string,
      hop: number,
    ) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(
      parseTrustProxy(
        loadConfig({ MORSEL_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1/128,loopback' }).trustProxy,
      ),
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1/128', 'loopback']);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'proxy.example', '127.0.0.1,', '0', 'true'])(
    'refuses %s naming the variable',
    (value) => {
      expect(() => loadConfig({ MORSEL_TRUST_PROXY: value })).toThrow(
        /^MORSEL_TRUST_PROXY=.* is not valid/,
      );
    },
  );
});
