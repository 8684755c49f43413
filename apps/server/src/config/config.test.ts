import { describe, expect, it } from 'vitest';
import { ConfigError, describeSettings, loadConfig } from './index.ts';
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

  it('wants the IM app key and secret together', () => {
    expect(() => loadConfig({ MORSEL_IM_APP_KEY: 'abcdefgh12' })).toThrow(/MORSEL_IM_APP_SECRET/);
    expect(
      loadConfig({ MORSEL_IM_APP_KEY: 'abcdefgh12', MORSEL_IM_APP_SECRET: 'secret-secret-1' }).imAppKey,
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
    expect(() => loadConfig({ MORSEL_WECHAT_APP_ID: 'wx1234567890' })).toThrow(/MORSEL_WECHAT_APP_SECRET/);
  });
});

describe('MORSEL_TRUST_PROXY', () => {
  it('trusts nobody by default, and every hop only when told `all`', () => {
    expect(parseTrustProxy(loadConfig({}).trustProxy)).toBe(false);
    expect(parseTrustProxy(loadConfig({ MORSEL_TRUST_PROXY: 'all' }).trustProxy)).toBe(true);
    const twoHops = parseTrustProxy(loadConfig({ MORSEL_TRUST_PROXY: '2' }).trustProxy) as (a: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(parseTrustProxy(loadConfig({ MORSEL_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1/128,loopback' }).trustProxy)).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1/128',
      'loopback',
    ]);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'proxy.example', '127.0.0.1,', '0', 'true'])('refuses %s naming the variable', (value) => {
    expect(() => loadConfig({ MORSEL_TRUST_PROXY: value })).toThrow(/^MORSEL_TRUST_PROXY=.* is not valid/);
  });
});
