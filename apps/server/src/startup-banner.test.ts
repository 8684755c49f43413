import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/index.ts';
import { startupBanner } from './startup-banner.ts';

const seeded = {
  appKey: 'a'.repeat(32),
  demoAccounts: [
    { accid: 'demo1', token: 'tok-demo1-secret-value' },
    { accid: 'demo2', token: 'tok-demo2-secret-value' },
  ],
  demoCodes: [
    { campaignId: 'password', kind: 'password' as const, label: '零食节快乐', value: 'K7M2QX9PTA' },
  ],
};
const facts = { url: 'http://localhost:8080', storeEngine: 'sqlite', busKind: 'memory', seeded };

describe('the start-up banner', () => {
  it('says development mode, names the outbox and the demo accounts, and prints no token', () => {
    const text = startupBanner(loadConfig({}), facts).join('\n');
    expect(text).toContain('mode: development (MORSEL_ENV)');
    expect(text).toContain('DEVELOPMENT MODE');
    expect(text).toContain('http://localhost:8080/dev/sms-outbox?mobile=<number>');
    expect(text).toContain('WeChat login uses the development identity');
    expect(text).toContain('IM demo accounts: demo1, demo2');
    expect(text).toContain('password 零食节快乐 → K7M2QX9PTA');
    expect(text).not.toContain('tok-demo');
  });

  it('shows a generated IM app secret on the first start only', () => {
    const first = { ...facts, seeded: { ...seeded, generatedSecret: 'f00dcafe'.repeat(4) } };
    expect(startupBanner(loadConfig({}), first).join('\n')).toContain(
      `IM app secret: ${'f00dcafe'.repeat(4)} (generated on this first start and shown only now`,
    );
    expect(startupBanner(loadConfig({}), facts).join('\n')).not.toContain('IM app secret');
  });

  it('shows a generated console account on the first start only', () => {
    const first = {
      ...facts,
      seeded: {
        ...seeded,
        generatedConsoleAccount: { name: 'operator', password: 'p'.repeat(24) },
      },
    };
    expect(startupBanner(loadConfig({}), first).join('\n')).toContain(
      `Operator console: http://localhost:8080/admin, account operator, password ${'p'.repeat(24)}`,
    );
    expect(startupBanner(loadConfig({}), facts).join('\n')).not.toContain('Operator console');
  });

  it('in production says only where it runs', () => {
    const config = loadConfig({
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
    });
    const text = startupBanner(config, facts).join('\n');
    expect(text).toContain('mode: production');
    expect(text).not.toMatch(/DEVELOPMENT|outbox|demo|IM app key|K7M2QX9PTA/);
  });
});
