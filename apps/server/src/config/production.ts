// What production refuses: every insecure default a development install runs with. loadConfig
// calls productionViolations when MORSEL_ENV=production and stops the start naming each variable,
// so a forgotten setting cannot ship the SMS outbox, the public signing key or demo data.
import type { Config } from './schema.ts';

/** The open-API secret shipped in the repository (MORSEL_OPENAPI_CLIENTS default): public. */
export const PUBLIC_OPENAPI_SECRET = 'morsel-h5-public-signing-key';

export interface Violation {
  variable: string;
  reason: string;
}

type Rule = (config: Config) => Violation | undefined;

const rules: Rule[] = [
  (c) =>
    c.smsProvider === 'outbox'
      ? {
          variable: 'MORSEL_SMS_PROVIDER',
          reason: 'the outbox is a development provider; choose a real SMS provider',
        }
      : undefined,
  (c) =>
    c.openApiClients
      .split(',')
      .some((entry) => entry.slice(entry.indexOf(':') + 1) === PUBLIC_OPENAPI_SECRET)
      ? {
          variable: 'MORSEL_OPENAPI_CLIENTS',
          reason: 'a client uses the public default secret; set your own secrets',
        }
      : undefined,
  (c) =>
    c.seedDemo
      ? {
          variable: 'MORSEL_SEED_DEMO',
          reason: 'demo campaigns, codes and IM accounts are for development only',
        }
      : undefined,
  (c) =>
    c.paymentSandbox
      ? {
          variable: 'MORSEL_PAYMENT_SANDBOX',
          reason:
            'the sandbox cashier marks orders paid without money; configure WeChat Pay or Alipay',
        }
      : undefined,
  (c) =>
    c.wechatOauth === 'development'
      ? {
          variable: 'MORSEL_WECHAT_OAUTH',
          reason: 'the development WeChat identity signs anyone in; choose wechat or off',
        }
      : undefined,
  (c) =>
    !c.adminKey
      ? { variable: 'MORSEL_ADMIN_KEY', reason: 'set an admin key (16+ random characters)' }
      : undefined,
  // A generated IM app secret would live only in the database, where an operator cannot read it
  // to sign the server API: production names its credentials.
  (c) =>
    !c.imAppSecret
      ? {
          variable: 'MORSEL_IM_APP_SECRET',
          reason: 'set the IM app key and secret (MORSEL_IM_APP_KEY, MORSEL_IM_APP_SECRET)',
        }
      : undefined,
  (c) =>
    c.s3Endpoint?.startsWith('http://') &&
    !/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(c.s3Endpoint)
      ? {
          variable: 'MORSEL_S3_ENDPOINT',
          reason: "users' files would cross the network unencrypted; use an https endpoint",
        }
      : undefined,
  (c) =>
    c.imCopyUrl?.startsWith('http://') &&
    !/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(c.imCopyUrl)
      ? {
          variable: 'MORSEL_IM_COPY_URL',
          reason: 'message copies would cross the network unencrypted; use an https URL',
        }
      : undefined,
  (c) =>
    c.trustProxy?.trim() === 'all'
      ? {
          variable: 'MORSEL_TRUST_PROXY',
          reason: 'trusting every proxy lets any client choose its address; name your proxies',
        }
      : undefined,
  // Without either, the load balancer hands out the address the server is bound to, which behind a
  // proxy is an internal one (and never https).
  (c) =>
    !c.publicUrl && !c.imLinkAddresses
      ? {
          variable: 'MORSEL_PUBLIC_URL',
          reason:
            'set the public URL (or MORSEL_IM_LINK_ADDRESSES) so clients get the real link addresses',
        }
      : undefined,
];

/** Every insecure default in force; empty in development, whatever the settings. */
export function productionViolations(config: Config): Violation[] {
  if (config.mode !== 'production') return [];
  return rules.map((rule) => rule(config)).filter((v): v is Violation => v !== undefined);
}
