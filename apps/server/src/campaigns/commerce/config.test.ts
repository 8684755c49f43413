// The payment settings: the sandbox is a development default production refuses; a provider's
// settings come all together, with the public URL its notifies go to.
import { describe, expect, it } from 'vitest';
import { ConfigError, InsecureProductionError, loadConfig } from '../../config/index.ts';

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

const ALIPAY = {
  MORSEL_ALIPAY_APP_ID: '2021000117650139',
  MORSEL_ALIPAY_PRIVATE_KEY_FILE: '/etc/morsel/alipay-app.pem',
  MORSEL_ALIPAY_PUBLIC_KEY_FILE: '/etc/morsel/alipay-public.pem',
};

describe('payment settings', () => {
  it('run the sandbox in development and not in production', () => {
    expect(loadConfig({}).paymentSandbox).toBe(true);
    expect(loadConfig(SAFE_PRODUCTION).paymentSandbox).toBe(false);
  });

  it('refuse the sandbox in production, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({ ...SAFE_PRODUCTION, MORSEL_PAYMENT_SANDBOX: 'true' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InsecureProductionError);
    expect((error as InsecureProductionError).violations.map((v) => v.variable)).toEqual([
      'MORSEL_PAYMENT_SANDBOX',
    ]);
  });

  it('want every setting of a provider, and the public URL for its notifies', () => {
    expect(loadConfig({ ...SAFE_PRODUCTION, ...ALIPAY }).alipayAppId).toBe('2021000117650139');
    const { MORSEL_ALIPAY_PUBLIC_KEY_FILE: _omitted, ...partial } = ALIPAY;
    expect(() => loadConfig({ ...SAFE_PRODUCTION, ...partial })).toThrow(
      /MORSEL_ALIPAY_PUBLIC_KEY_FILE.*set together/,
    );
    expect(() => loadConfig({ MORSEL_WECHATPAY_MCH_ID: '1900000109' })).toThrow(ConfigError);
    expect(() => loadConfig(ALIPAY)).toThrow(/MORSEL_PUBLIC_URL.*notifies/);
  });

  it('hide the APIv3 key when it is refused', () => {
    expect(() => loadConfig({ MORSEL_WECHATPAY_API_V3_KEY: 'too-short-secret' })).toThrow(
      /<16 characters, hidden>/,
    );
  });
});
