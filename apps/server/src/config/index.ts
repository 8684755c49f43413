import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { ConfigSchema, type Config } from './schema.ts';
import { productionViolations, type Violation } from './production.ts';
import { parseTrustProxy } from './trust-proxy.ts';

export type { Config } from './schema.ts';
export { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

/** A setting that cannot be used; names the environment variable so the operator can fix it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    reason: string,
  ) {
    super(`${variable}=${JSON.stringify(value)} is not valid: ${reason}`);
    this.name = 'ConfigError';
  }
}

/** MORSEL_ENV=production with insecure defaults in force: names every variable to change. */
export class InsecureProductionError extends ConfigError {
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => v.variable).join(', '), '', 'insecure in production');
    this.name = 'InsecureProductionError';
    this.message =
      `MORSEL_ENV=production refuses to start with insecure settings: ` +
      violations.map((v) => `${v.variable} (${v.reason})`).join('; ');
  }
}

type Env = Record<string, string | undefined>;

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

function parseRaw(variable: string, raw: string, schema: TSchema): unknown {
  switch (schema.type) {
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) throw new ConfigError(variable, raw, 'expected a whole number');
      return Number(raw);
    }
    case 'boolean': {
      const word = raw.toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      throw new ConfigError(variable, raw, 'expected true or false');
    }
    default:
      return raw;
  }
}

function describeSchema(schema: TSchema): string {
  if (schema.anyOf) return `one of ${schema.anyOf.map((s: TSchema) => s.const).join(', ')}`;
  if (schema.pattern) return `expected to match ${schema.pattern}`;
  const limits = [
    schema.minimum !== undefined && `at least ${schema.minimum}`,
    schema.maximum !== undefined && `at most ${schema.maximum}`,
    schema.minLength !== undefined && `at least ${schema.minLength} characters`,
    schema.maxLength !== undefined && `at most ${schema.maxLength} characters`,
  ].filter(Boolean);
  return limits.length ? limits.join(', ') : `expected a ${schema.type}`;
}

/** Settings whose value is a credential: a refusal names them but does not print them. */
const SECRET_VARIABLE = /(SECRET|_KEY|_CLIENTS|_TICKET)$/;

/** The value as an error message may show it: credentials hidden, passwords in URLs masked. */
function shownValue(variable: string, value: string): string {
  if (SECRET_VARIABLE.test(variable)) return `<${value.length} characters, hidden>`;
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}

/**
 * Reads the configuration from environment variables (and explicit overrides, used by tests).
 * An empty variable counts as unset. Throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(ConfigSchema.properties) as [string, TSchema][]) {
    const variable = schema.env as string;
    const raw = env[variable];
    if (key in overrides) {
      out[key] = (overrides as Record<string, unknown>)[key];
    } else if (raw !== undefined && raw !== '') {
      out[key] = parseRaw(variable, raw, schema);
    } else if (out.mode === 'production' && schema.productionDefault !== undefined) {
      // `mode` is the first setting, so it is known here.
      out[key] = schema.productionDefault;
    } else if (schema.default !== undefined) {
      out[key] = schema.default;
    } else {
      continue;
    }
    if (out[key] !== undefined && !Value.Check(schema, out[key])) {
      throw new ConfigError(
        variable,
        shownValue(variable, String(raw ?? out[key])),
        describeSchema(schema),
      );
    }
  }
  checkParsed(out, 'trustProxy', 'MORSEL_TRUST_PROXY', parseTrustProxy);
  requirePair(out, ['imAppKey', 'MORSEL_IM_APP_KEY'], ['imAppSecret', 'MORSEL_IM_APP_SECRET']);
  // With a fixed jsapi ticket the app id alone is enough (it is only echoed to the page).
  if (!out.wechatJsapiTicket) {
    requirePair(
      out,
      ['wechatAppId', 'MORSEL_WECHAT_APP_ID'],
      ['wechatAppSecret', 'MORSEL_WECHAT_APP_SECRET'],
    );
  }
  if (out.wechatOauth === 'wechat' && (!out.wechatAppId || !out.wechatAppSecret)) {
    throw new ConfigError(
      'MORSEL_WECHAT_OAUTH',
      'wechat',
      'needs MORSEL_WECHAT_APP_ID and MORSEL_WECHAT_APP_SECRET',
    );
  }
  requirePair(
    out,
    ['wechatMiniAppId', 'MORSEL_WECHAT_MINI_APP_ID'],
    ['wechatMiniAppSecret', 'MORSEL_WECHAT_MINI_APP_SECRET'],
  );
  if (out.smsProvider === 'aliyun') {
    for (const [key, variable] of [
      ['smsAccessKeyId', 'MORSEL_SMS_ACCESS_KEY_ID'],
      ['smsAccessKeySecret', 'MORSEL_SMS_ACCESS_KEY_SECRET'],
      ['smsSignName', 'MORSEL_SMS_SIGN_NAME'],
      ['smsTemplateCode', 'MORSEL_SMS_TEMPLATE_CODE'],
    ] as const) {
      if (!out[key]) throw new ConfigError(variable, '', 'MORSEL_SMS_PROVIDER=aliyun needs it');
    }
  }
  requireAllOrNone(out, [
    ['wechatPayMchId', 'MORSEL_WECHATPAY_MCH_ID'],
    ['wechatPayAppId', 'MORSEL_WECHATPAY_APP_ID'],
    ['wechatPayMchSerial', 'MORSEL_WECHATPAY_MCH_SERIAL'],
    ['wechatPayPrivateKeyFile', 'MORSEL_WECHATPAY_PRIVATE_KEY_FILE'],
    ['wechatPayPlatformKeyFile', 'MORSEL_WECHATPAY_PLATFORM_KEY_FILE'],
    ['wechatPayPlatformSerial', 'MORSEL_WECHATPAY_PLATFORM_SERIAL'],
    ['wechatPayApiV3Key', 'MORSEL_WECHATPAY_API_V3_KEY'],
  ]);
  requireAllOrNone(out, [
    ['alipayAppId', 'MORSEL_ALIPAY_APP_ID'],
    ['alipayPrivateKeyFile', 'MORSEL_ALIPAY_PRIVATE_KEY_FILE'],
    ['alipayPublicKeyFile', 'MORSEL_ALIPAY_PUBLIC_KEY_FILE'],
  ]);
  // A provider sends its notifies to the public URL: without it there is nowhere to send them.
  if ((out.wechatPayMchId || out.alipayAppId) && !out.publicUrl) {
    throw new ConfigError('MORSEL_PUBLIC_URL', '', 'a payment provider needs it for its notifies');
  }
  if (out.cashierKey && out.cashierKey === out.adminKey) {
    throw new ConfigError('MORSEL_CASHIER_KEY', '', 'must differ from MORSEL_ADMIN_KEY');
  }
  const violations = productionViolations(out as Config);
  if (violations.length > 0) throw new InsecureProductionError(violations);
  return out as Config;
}

/** A setting whose schema is a string with its own grammar: a parse error stops the start. */
function checkParsed(
  out: Record<string, unknown>,
  key: string,
  variable: string,
  parse: (value: string | undefined) => unknown,
): void {
  const value = out[key] as string | undefined;
  try {
    parse(value);
  } catch (error) {
    throw new ConfigError(variable, value ?? '', (error as Error).message);
  }
}

/** Settings that only make sense together: one without the other stops the start. */
function requirePair(
  out: Record<string, unknown>,
  [a, variableA]: [string, string],
  [b, variableB]: [string, string],
): void {
  if (Boolean(out[a]) === Boolean(out[b])) return;
  throw new ConfigError(
    out[a] ? variableB : variableA,
    '',
    `${variableA} and ${variableB} are set together or not at all`,
  );
}

/** Settings of one provider: all of them or none. */
function requireAllOrNone(out: Record<string, unknown>, group: [string, string][]): void {
  const set = group.filter(([key]) => Boolean(out[key]));
  if (set.length === 0 || set.length === group.length) return;
  const missing = group.find(([key]) => !out[key])!;
  throw new ConfigError(
    missing[1],
    '',
    `${group.map(([, variable]) => variable).join(', ')} are set together or not at all`,
  );
}

/** Every setting with its variable and default, for the operator guide and `--help`. */
export function describeSettings(): { variable: string; default?: unknown; description: string }[] {
  return Object.values(ConfigSchema.properties).map((schema: TSchema) => ({
    variable: schema.env as string,
    default: schema.default,
    description: describeSchema(schema),
  }));
}
