// What the product routes are given: the store, settings, clock and the providers built from
// settings (SMS, WeChat ticket source, open-API clients, area data).
import type { Kysely } from 'kysely';
import type { Config } from '../config/index.ts';
import type { Database } from '../store/index.ts';
import type { Logger } from '../log.ts';
import type { Clock } from './clock.ts';
import type { SmsProvider } from './sms/provider.ts';
import type { JsapiTicketSource } from './wechat/ticket.ts';
import type { AreaIndex } from './areas.ts';
import type { WechatOAuthProvider } from './wechat/oauth.ts';
import type { MiniProgramSchemes } from './wechat/scheme.ts';
import type { SessionEvents } from './session-events.ts';

export interface ProductContext {
  readonly db: Kysely<Database>;
  readonly config: Config;
  readonly log: Logger;
  readonly clock: Clock;
  readonly sms: SmsProvider;
  /** clientId -> secret of every client allowed to call the open-API endpoints. */
  readonly openApiClients: ReadonlyMap<string, string>;
  /** Undefined when WeChat is not configured. */
  readonly wechatTickets: JsapiTicketSource | undefined;
  /** WeChat web authorisation (MORSEL_WECHAT_OAUTH); undefined when off. */
  readonly wechatOauth: WechatOAuthProvider | undefined;
  /** Signs authorisation states and bind tickets (wechat/state.ts). */
  readonly wechatStateKey: Buffer;
  /** Mini-program URL schemes; undefined without the mini-program's app id and secret. */
  readonly wechatSchemes: MiniProgramSchemes | undefined;
  readonly areas: AreaIndex;
  readonly sessionTtlMs: number;
  /** Listeners of the shopper's sessions (a logout), for parts outside the product API. */
  readonly sessionEvents: SessionEvents;
}

/** Parses MORSEL_OPENAPI_CLIENTS (`id:secret,id:secret`), already checked by the config schema. */
export function parseOpenApiClients(setting: string): Map<string, string> {
  const clients = new Map<string, string>();
  for (const entry of setting.split(',')) {
    const at = entry.indexOf(':');
    clients.set(entry.slice(0, at), entry.slice(at + 1));
  }
  return clients;
}
