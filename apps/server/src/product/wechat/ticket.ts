// Where the WeChat JS-SDK jsapi_ticket comes from. Either a ticket given as is
// (MORSEL_WECHAT_JSAPI_TICKET) or fetched from WeChat's API with the official account's app id
// and secret: access_token first, then ticket/getticket?type=jsapi. Both last 7200 s; they are
// cached in the store (shared by every process, since a new access_token retires the old one)
// and in memory, and refreshed five minutes before they expire.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { readCache, writeCache } from '../store/housekeeping.ts';

export interface JsapiTicketSource {
  getTicket(): Promise<string>;
}

/** WeChat answered with an error or could not be reached. */
export class WechatApiError extends Error {
  override name = 'WechatApiError';
}

export class FixedTicketSource implements JsapiTicketSource {
  constructor(private readonly ticket: string) {}
  async getTicket(): Promise<string> {
    return this.ticket;
  }
}

export const REFRESH_MARGIN_MS = 5 * 60_000;
const DEFAULT_LIFETIME_S = 7200;
// errcodes meaning the access token is no longer valid: fetch a new one and try once more.
const STALE_TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

interface Cached {
  value: string;
  expiresAt: number;
}

export interface WechatApiOptions {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a stand-in (tests use a local server). */
  apiBase: string;
  db: Kysely<Database>;
  clock: Clock;
  log: Logger;
  fetch?: typeof fetch;
}

export class WechatApiTicketSource implements JsapiTicketSource {
  private memory: Cached | undefined;
  private inFlight: Promise<string> | undefined;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: WechatApiOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async getTicket(): Promise<string> {
    if (this.memory && this.memory.expiresAt > this.options.clock.now()) return this.memory.value;
    // One refresh at a time in this process; callers arriving meanwhile share it.
    this.inFlight ??= this.refreshTicket().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private key(kind: string): string {
    return `wechat.${kind}:${this.options.appId}`;
  }

  private async refreshTicket(): Promise<string> {
    const { db, clock } = this.options;
    const stored = await readCache(db, this.key('jsapi_ticket'), clock.now());
    if (stored) return this.remember(JSON.parse(stored) as Cached);

    let token = await this.accessToken(false);
    let answer = await this.call('/cgi-bin/ticket/getticket', {
      access_token: token,
      type: 'jsapi',
    });
    if (STALE_TOKEN_ERRCODES.has(Number(answer.errcode))) {
      token = await this.accessToken(true);
      answer = await this.call('/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' });
    }
    if (Number(answer.errcode ?? 0) !== 0 || typeof answer.ticket !== 'string') {
      throw new WechatApiError(`getticket failed: ${answer.errcode} ${answer.errmsg}`);
    }
    const ticket = this.expiring(answer.ticket, answer.expires_in);
    await writeCache(db, this.key('jsapi_ticket'), JSON.stringify(ticket), ticket.expiresAt);
    this.options.log.info(
      { appId: this.options.appId, expiresAt: ticket.expiresAt },
      'wechat jsapi ticket fetched',
    );
    return this.remember(ticket);
  }

  private async accessToken(forceNew: boolean): Promise<string> {
    const { db, clock, appId, appSecret } = this.options;
    if (!forceNew) {
      const stored = await readCache(db, this.key('access_token'), clock.now());
      if (stored) return (JSON.parse(stored) as Cached).value;
    }
    const answer = await this.call('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: appId,
      secret: appSecret,
    });
    if (typeof answer.access_token !== 'string') {
      throw new WechatApiError(`token failed: ${answer.errcode} ${answer.errmsg}`);
    }
    const token = this.expiring(answer.access_token, answer.expires_in);
    await writeCache(db, this.key('access_token'), JSON.stringify(token), token.expiresAt);
    return token.value;
  }

  private expiring(value: string, expiresIn: unknown): Cached {
    const lifetimeS =
      typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S;
    return { value, expiresAt: this.options.clock.now() + lifetimeS * 1000 - REFRESH_MARGIN_MS };
  }

  private remember(cached: Cached): string {
    this.memory = cached;
    return cached.value;
  }

  private async call(
    pathname: string,
    query: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const url = new URL(pathname, this.options.apiBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await this.fetch(url, { signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new WechatApiError(`${pathname} unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new WechatApiError(`${pathname} answered HTTP ${response.status}`);
    try {
      return (await response.json()) as Record<string, unknown>;
    } catch {
      throw new WechatApiError(`${pathname} answered something other than JSON`);
    }
  }
}
