// The payment providers of this install, from the configuration: the sandbox in development
// (production refuses it, config/production.ts), WeChat Pay and Alipay when their settings are
// given (all of a provider's or none, config/index.ts). Key files are read once at start; a key
// that does not parse stops the start naming its variable.
import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../store/index.ts';
import { alipayProvider } from './payment/alipay.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { sandboxProvider } from './payment/sandbox.ts';
import { wechatPayProvider } from './payment/wechat-pay.ts';
import { sandboxSecret } from './store/sandbox-secret.ts';
import type { PaymentMethodId } from './store/tables.ts';

function readKey(variable: string, file: string, kind: 'private' | 'public'): KeyObject {
  try {
    const pem = readFileSync(file, 'utf8');
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (error) {
    throw new Error(
      `${variable}: cannot read a ${kind} key from ${file}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

export async function paymentProviders(
  config: Config,
  db: Kysely<Database>,
  deps: { fetch: typeof fetch; now: () => number },
): Promise<Map<PaymentMethodId, PaymentProvider>> {
  const providers = new Map<PaymentMethodId, PaymentProvider>();
  const base = config.publicUrl?.replace(/\/+$/, '') ?? '';
  if (config.wechatPayMchId) {
    providers.set(
      'wechat',
      wechatPayProvider({
        mchId: config.wechatPayMchId,
        appId: config.wechatPayAppId!,
        mchSerial: config.wechatPayMchSerial!,
        mchPrivateKey: readKey(
          'MORSEL_WECHATPAY_PRIVATE_KEY_FILE',
          config.wechatPayPrivateKeyFile!,
          'private',
        ),
        platformPublicKey: readKey(
          'MORSEL_WECHATPAY_PLATFORM_KEY_FILE',
          config.wechatPayPlatformKeyFile!,
          'public',
        ),
        platformSerial: config.wechatPayPlatformSerial!,
        apiV3Key: config.wechatPayApiV3Key!,
        apiBase: config.wechatPayApiBase,
        notifyUrl: `${base}/api/commerce/notify/wechat`,
        timeoutMs: config.paymentTimeoutMs,
        ...deps,
      }),
    );
  }
  if (config.alipayAppId) {
    providers.set(
      'alipay',
      alipayProvider({
        appId: config.alipayAppId,
        appPrivateKey: readKey(
          'MORSEL_ALIPAY_PRIVATE_KEY_FILE',
          config.alipayPrivateKeyFile!,
          'private',
        ),
        alipayPublicKey: readKey(
          'MORSEL_ALIPAY_PUBLIC_KEY_FILE',
          config.alipayPublicKeyFile!,
          'public',
        ),
        gateway: config.alipayGateway,
        notifyUrl: `${base}/api/commerce/notify/alipay`,
        timeoutMs: config.paymentTimeoutMs,
        ...deps,
      }),
    );
  }
  // Last at the cashier: the real methods come first where they are configured.
  if (config.paymentSandbox && config.mode !== 'production')
    providers.set('sandbox', sandboxProvider(await sandboxSecret(db)));
  return providers;
}
