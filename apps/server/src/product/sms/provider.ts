// Text messages leave through a provider chosen by MORSEL_SMS_PROVIDER. The development default
// is the outbox: it stores each message so a fresh install (and the tests) can log in without an
// SMS contract, readable at /dev/sms-outbox from this machine only; production refuses it
// (config/production.ts). `aliyun` sends through Alibaba Cloud SMS (aliyun.ts). No provider
// logs a message's text or code: logs travel further than the store.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../../config/index.ts';
import { AliyunSmsProvider } from './aliyun.ts';
import { insertOutboxMessage, latestOutboxMessages } from '../store/sms-outbox.ts';

export { SmsSendError } from './errors.ts';

export interface SmsProvider {
  readonly name: string;
  /**
   * Sends `text` to `mobile`. Gateways that send an approved template instead of free text (every
   * Chinese one) fill it from `params`, e.g. `{ code }`. Throws SmsSendError on refusal.
   */
  send(mobile: string, text: string, params: { code: string }): Promise<void>;
}

export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    private readonly clock: Clock,
  ) {}

  async send(mobile: string, text: string): Promise<void> {
    await insertOutboxMessage(this.db, { mobile, text, createdAt: this.clock.now() });
    this.log.info({ mobile }, 'sms outbox: message stored instead of sent');
  }
}

export interface OutboxMessage {
  mobile: string;
  /** The verification code as a reader of the text finds it (its first run of six digits). */
  code: string | null;
  text: string;
  createdAt: number;
}

/** The latest messages of a number, newest first. */
export async function readOutbox(
  db: Kysely<Database>,
  mobile: string,
  limit = 10,
): Promise<OutboxMessage[]> {
  const messages = await latestOutboxMessages(db, mobile, limit);
  return messages.map(({ mobile, text, createdAt }) => ({
    mobile,
    code: /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0] ?? null,
    text,
    createdAt,
  }));
}

export function createSmsProvider(
  config: Config,
  deps: { db: Kysely<Database>; log: Logger; clock: Clock; fetch?: typeof fetch },
): SmsProvider {
  switch (config.smsProvider) {
    case 'outbox':
      return new OutboxSmsProvider(deps.db, deps.log, deps.clock);
    case 'aliyun':
      // loadConfig has checked that every aliyun setting is present.
      return new AliyunSmsProvider({
        accessKeyId: config.smsAccessKeyId!,
        accessKeySecret: config.smsAccessKeySecret!,
        signName: config.smsSignName!,
        templateCode: config.smsTemplateCode!,
        endpoint: config.smsEndpoint,
        timeoutMs: config.smsTimeoutMs,
        clock: deps.clock,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      });
  }
}

export function captchaText(code: string): string {
  return `【Morsel】您的验证码是${code}，5分钟内有效。如非本人操作，请忽略本短信。`;
}
