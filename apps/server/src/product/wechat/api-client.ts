// Calls to api.weixin.qq.com (or the stand-in tests point MORSEL_WECHAT_API_BASE at) and the
// access_token each app id needs for them. The token lasts 7200 s and a new one retires the old,
// so it is cached in the store (shared by every process) until five minutes before it expires.
// The official account's token serves the JS-SDK ticket; the mini-program's serves
// generatescheme.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { Clock } from '../clock.ts';
import { readCache, writeCache } from '../store/housekeeping.ts';

/** WeChat answered with an error or could not be reached. */
export class WechatApiError extends Error {
  override name = 'WechatApiError';
  constructor(
    message: string,
    /** WeChat's errcode when it answered one. */
    readonly errcode?: number,
  ) {
    super(message);
  }
}

export const REFRESH_MARGIN_MS = 5 * 60_000;
const DEFAULT_LIFETIME_S = 7200;
const TIMEOUT_MS = 10_000;
/** errcodes meaning the access token is no longer valid: fetch a new one and try once more. */
export const STALE_TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

export type WechatAnswer = Record<string, unknown>;

/** GET (or POST with a JSON body) to a WeChat API; the answer's JSON, whatever its errcode. */
export async function callWechat(
  fetcher: typeof fetch,
  base: string,
  pathname: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<WechatAnswer> {
  const url = new URL(pathname, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetcher(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
    });
  } catch (error) {
    throw new WechatApiError(`${pathname} unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new WechatApiError(`${pathname} answered HTTP ${response.status}`);
  try {
    return (await response.json()) as WechatAnswer;
  } catch {
    throw new WechatApiError(`${pathname} answered something other than JSON`);
  }
}

/** errcode of an answer; 0 when it has none (success answers often leave it out). */
export function errcodeOf(answer: WechatAnswer): number {
  return Number(answer.errcode ?? 0);
}

export interface Expiring {
  value: string;
  expiresAt: number;
}

export function expiring(clock: Clock, value: string, expiresIn: unknown): Expiring {
  const lifetimeS = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_LIFETIME_S;
  return { value, expiresAt: clock.now() + lifetimeS * 1000 - REFRESH_MARGIN_MS };
}

export interface WechatAppOptions {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a stand-in (tests use a local server). */
  apiBase: string;
  db: Kysely<Database>;
  clock: Clock;
  fetch?: typeof fetch;
}

/** One app id's access_token (cgi-bin/token, client_credential), cached in the store. */
export class AccessTokenSource {
  readonly fetch: typeof fetch;

  constructor(readonly options: WechatAppOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  cacheKey(kind: string): string {
    return `wechat.${kind}:${this.options.appId}`;
  }

  /** The cached token, or a new one (always a new one with `forceNew`, after a stale errcode). */
  async get(forceNew = false): Promise<string> {
    const { db, clock, appId, appSecret, apiBase } = this.options;
    if (!forceNew) {
      const stored = await readCache(db, this.cacheKey('access_token'), clock.now());
      if (stored) return (JSON.parse(stored) as Expiring).value;
    }
    const answer = await callWechat(this.fetch, apiBase, '/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: appId,
      secret: appSecret,
    });
    if (typeof answer.access_token !== 'string') {
      throw new WechatApiError(
        `token failed: ${answer.errcode} ${answer.errmsg}`,
        errcodeOf(answer),
      );
    }
    const token = expiring(clock, answer.access_token, answer.expires_in);
    await writeCache(db, this.cacheKey('access_token'), JSON.stringify(token), token.expiresAt);
    return token.value;
  }

  /**
   * Calls an API that takes `?access_token=`; on a stale-token errcode fetches a new token and
   * calls once more.
   */
  async call(pathname: string, query: Record<string, string>, body?: unknown) {
    const base = this.options.apiBase;
    let answer = await callWechat(
      this.fetch,
      base,
      pathname,
      { ...query, access_token: await this.get(false) },
      body,
    );
    if (STALE_TOKEN_ERRCODES.has(errcodeOf(answer))) {
      answer = await callWechat(
        this.fetch,
        base,
        pathname,
        { ...query, access_token: await this.get(true) },
        body,
      );
    }
    return answer;
  }
}
