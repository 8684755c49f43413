// The WeChat JS-SDK signature: refused when WeChat is not configured, the real sha1 algorithm
// with a given ticket, and the ticket fetched from a stand-in for WeChat's API on loopback,
// cached until five minutes before it expires.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import { signedCall, startProductServer, type ProductTestServer } from './helpers.ts';

interface SignData {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

async function getSign(s: ProductTestServer, url: string) {
  s.clock.advance(1);
  return signedCall<SignData>(
    s.url,
    'GET',
    `/message-app-api/weixin/getSign?url=${encodeURIComponent(url)}`,
    { timestamp: s.clock.now() },
  );
}

/** A stand-in for api.weixin.qq.com: counts calls, hands out numbered tokens and tickets. */
class FakeWechat {
  readonly calls: string[] = [];
  private readonly issued = new Map<string, number>();
  tokenAnswer: (n: number) => object = (n) => ({ access_token: `token-${n}`, expires_in: 7200 });
  ticketAnswer: (token: string, n: number) => object = (token, n) => ({
    errcode: 0,
    errmsg: 'ok',
    ticket: `ticket-${n}-${token}`,
    expires_in: 7200,
  });
  private readonly server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    this.calls.push(url.pathname);
    const n = (this.issued.get(url.pathname) ?? 0) + 1;
    this.issued.set(url.pathname, n);
    let answer: object = { errcode: 404 };
    if (
      url.pathname === '/cgi-bin/token' &&
      url.searchParams.get('appid') === 'wx1234567890abcdef' &&
      url.searchParams.get('secret') === 'app-secret-xyz'
    ) {
      answer = this.tokenAnswer(n);
    } else if (
      url.pathname === '/cgi-bin/ticket/getticket' &&
      url.searchParams.get('type') === 'jsapi'
    ) {
      answer = this.ticketAnswer(url.searchParams.get('access_token') ?? '', n);
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer));
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('WeChat signature without WeChat settings', () => {
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer();
  });
  afterAll(() => s?.stop());

  it('answers a clear code instead of a signature', async () => {
    expect((await getSign(s, 'https://shop.example.com/activity/sign/index')).body).toEqual({
      code: CODES.wechatNotConfigured.code,
      message: '微信公众号未配置',
      data: null,
    });
  });

  it('refuses a url that is not http(s)', async () => {
    const bad = await getSign(s, 'javascript:alert(1)');
    expect(bad.body).toMatchObject({
      code: CODES.badParameter.code,
      message: '参数 url 格式不正确',
    });
  });
});

describe('WeChat settings', () => {
  it('stops the start when only one of app id and secret is set', async () => {
    const { ConfigError } = await import('../../src/config/index.ts');
    await expect(startProductServer({ wechatAppId: 'wx1234567890abcdef' })).rejects.toThrow(
      ConfigError,
    );
  });
});

describe('WeChat signature with a given ticket', () => {
  const ticket =
    'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
  let s: ProductTestServer;
  beforeAll(async () => {
    s = await startProductServer({ wechatJsapiTicket: ticket, wechatAppId: 'wx1234567890abcdef' });
  });
  afterAll(() => s?.stop());

  it('signs sha1(jsapi_ticket, noncestr, timestamp, url without its fragment)', async () => {
    const { body } = await getSign(
      s,
      'https://shop.example.com/activity/sign/index?from=share&x=1#/section',
    );
    expect(body.code).toBe(0);
    expect(body.data.appId).toBe('wx1234567890abcdef');
    expect(body.data.timestamp).toBe(Math.floor(s.clock.now() / 1000));
    expect(body.data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    const plain = `jsapi_ticket=${ticket}&noncestr=${body.data.nonceStr}&timestamp=${body.data.timestamp}&url=https://shop.example.com/activity/sign/index?from=share&x=1`;
    expect(body.data.signature).toBe(sha1(plain));
  });

  it('says WeChat is configured in the common config', async () => {
    s.clock.advance(1);
    const config = await signedCall<{ wechatConfigured: boolean }>(
      s.url,
      'GET',
      '/api/commondata/getConfig',
      { timestamp: s.clock.now() },
    );
    expect(config.body.data.wechatConfigured).toBe(true);
  });
});

describe('WeChat signature with a ticket fetched from WeChat', () => {
  const wechat = new FakeWechat();
  const fetched: string[] = [];
  let s: ProductTestServer;
  beforeAll(async () => {
    const apiBase = await wechat.start();
    s = await startProductServer(
      {
        wechatAppId: 'wx1234567890abcdef',
        wechatAppSecret: 'app-secret-xyz',
        wechatApiBase: apiBase,
      },
      {
        fetch: (input, init) => {
          fetched.push(String(input));
          return fetch(input, init);
        },
      },
    );
  });
  afterAll(async () => {
    await s?.stop();
    await wechat.stop();
  });

  it('fetches the access token then the ticket once, and caches them until 5 minutes before expiry', async () => {
    const page = 'https://shop.example.com/activity/raffle/index';
    const first = await getSign(s, page);
    expect(first.body.code).toBe(0);
    expect(wechat.calls).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
    expect(fetched).toHaveLength(2);
    const check = (data: SignData, ticket: string) =>
      expect(data.signature).toBe(
        sha1(
          `jsapi_ticket=${ticket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${page}`,
        ),
      );
    check(first.body.data, 'ticket-1-token-1');

    s.clock.advance(7200_000 - 5 * 60_000 - 1000);
    const cached = await getSign(s, page);
    check(cached.body.data, 'ticket-1-token-1');
    expect(wechat.calls).toHaveLength(2);

    s.clock.advance(1000);
    const refreshed = await getSign(s, page);
    check(refreshed.body.data, 'ticket-2-token-2');
    expect(wechat.calls).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ]);
  });

  it('gets a new access token once when WeChat says the cached one is no longer valid', async () => {
    wechat.calls.length = 0;
    wechat.ticketAnswer = (token, n) =>
      token === 'token-3'
        ? { errcode: 40001, errmsg: 'invalid credential' }
        : { errcode: 0, errmsg: 'ok', ticket: `ticket-${n}-${token}`, expires_in: 7200 };
    s.clock.advance(7200_000);
    const { body } = await getSign(s, 'https://shop.example.com/a');
    expect(body.code).toBe(0);
    expect(wechat.calls).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ]);
  });

  it('answers a clear code when WeChat refuses, and does not cache the failure', async () => {
    wechat.calls.length = 0;
    wechat.tokenAnswer = () => ({ errcode: 40013, errmsg: 'invalid appid' });
    s.clock.advance(7200_000);
    expect((await getSign(s, 'https://shop.example.com/a')).body).toMatchObject({
      code: CODES.wechatUnavailable.code,
    });
    wechat.tokenAnswer = (n) => ({ access_token: `token-${n}`, expires_in: 7200 });
    wechat.ticketAnswer = (token, n) => ({
      errcode: 0,
      errmsg: 'ok',
      ticket: `ticket-${n}-${token}`,
      expires_in: 7200,
    });
    expect((await getSign(s, 'https://shop.example.com/a')).body.code).toBe(0);
  });
});
