// Where the WeChat JS-SDK jsapi_ticket comes from. Either a ticket given as is
// (MORSEL_WECHAT_JSAPI_TICKET) or fetched from WeChat's API with the official account's app id
// and secret: access_token first (api-client.ts), then ticket/getticket?type=jsapi. Both last
// 7200 s; they are cached in the store (shared by every process, since a new access_token
// retires the old one) and in memory, and refreshed five minutes before they expire.
import type { Logger } from '../../log.ts';
import { readCache, writeCache } from '../store/housekeeping.ts';
import {
  AccessTokenSource,
  WechatApiError,
  errcodeOf,
  expiring,
  type Expiring,
  type WechatAppOptions,
} from './api-client.ts';

export { REFRESH_MARGIN_MS, WechatApiError } from './api-client.ts';

export interface JsapiTicketSource {
  getTicket(): Promise<string>;
}

export class FixedTicketSource implements JsapiTicketSource {
  constructor(private readonly ticket: string) {}
  async getTicket(): Promise<string> {
    return this.ticket;
  }
}

export interface WechatApiOptions extends WechatAppOptions {
  log: Logger;
}

export class WechatApiTicketSource implements JsapiTicketSource {
  private memory: Expiring | undefined;
  private inFlight: Promise<string> | undefined;
  private readonly tokens: AccessTokenSource;

  constructor(private readonly options: WechatApiOptions) {
    this.tokens = new AccessTokenSource(options);
  }

  async getTicket(): Promise<string> {
    if (this.memory && this.memory.expiresAt > this.options.clock.now()) return this.memory.value;
    // One refresh at a time in this process; callers arriving meanwhile share it.
    this.inFlight ??= this.refreshTicket().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refreshTicket(): Promise<string> {
    const { db, clock } = this.options;
    const key = this.tokens.cacheKey('jsapi_ticket');
    const stored = await readCache(db, key, clock.now());
    if (stored) return this.remember(JSON.parse(stored) as Expiring);

    const answer = await this.tokens.call('/cgi-bin/ticket/getticket', { type: 'jsapi' });
    if (errcodeOf(answer) !== 0 || typeof answer.ticket !== 'string') {
      throw new WechatApiError(
        `getticket failed: ${answer.errcode} ${answer.errmsg}`,
        errcodeOf(answer),
      );
    }
    const ticket = expiring(clock, answer.ticket, answer.expires_in);
    await writeCache(db, key, JSON.stringify(ticket), ticket.expiresAt);
    this.options.log.info(
      { appId: this.options.appId, expiresAt: ticket.expiresAt },
      'wechat jsapi ticket fetched',
    );
    return this.remember(ticket);
  }

  private remember(cached: Expiring): string {
    this.memory = cached;
    return cached.value;
  }
}
