// A stand-in for WeChat's web authorisation and mini-program APIs on loopback, speaking their
// wire format: the authorise page (open.weixin.qq.com/connect/oauth2/authorize, which here
// consents at once and redirects with a code), sns/oauth2/access_token, sns/userinfo,
// cgi-bin/token and wxa/generatescheme, each checking appid, secret, code and token as WeChat
// does and answering WeChat's errcodes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export const OA_APP_ID = 'wx0a1b2c3d4e5f6a7b';
export const OA_SECRET = 'official-account-secret';
export const MINI_APP_ID = 'wx9f8e7d6c5b4a3f2e';
export const MINI_SECRET = 'mini-program-secret';
const CODE_LIFETIME_MS = 5 * 60_000;

interface IssuedCode {
  openid: string;
  scope: string;
  issuedAt: number;
  used: boolean;
}

export class FakeWechatOAuth {
  readonly calls: string[] = [];
  readonly schemeBodies: unknown[] = [];
  /** The stand-in's own clock, so a test can let a code expire. */
  now = Date.UTC(2026, 0, 15, 4, 0, 0);
  /** The user who "consents" on the authorise page next. */
  openid = 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M';
  unionid: string | null = 'o6_bmasdasdsad6_2sgVt7hMZOPfL';
  /** Set to make generatescheme answer this errcode. */
  schemeErrcode = 0;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly webTokens = new Map<string, string>();
  private readonly appTokens = new Set<string>();
  private readonly server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => this.answer(request, body, response));
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A code as the authorise page would hand out (tests also use it directly). */
  issueCode(scope = 'snsapi_userinfo'): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { openid: this.openid, scope, issuedAt: this.now, used: false });
    return code;
  }

  private answer(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    this.calls.push(url.pathname);
    const json = (answer: object) => {
      response.setHeader('content-type', 'application/json; encoding=utf-8');
      response.end(JSON.stringify(answer));
    };
    switch (url.pathname) {
      case '/connect/oauth2/authorize': {
        if (q.get('appid') !== OA_APP_ID || q.get('response_type') !== 'code') {
          response.statusCode = 200;
          return response.end('参数错误');
        }
        const back = new URL(q.get('redirect_uri') ?? '');
        back.searchParams.set('code', this.issueCode(q.get('scope') ?? ''));
        back.searchParams.set('state', q.get('state') ?? '');
        response.statusCode = 302;
        response.setHeader('location', back.toString());
        return response.end();
      }
      case '/sns/oauth2/access_token': {
        if (q.get('appid') !== OA_APP_ID) return json({ errcode: 40013, errmsg: 'invalid appid' });
        if (q.get('secret') !== OA_SECRET)
          return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.get('grant_type') !== 'authorization_code')
          return json({ errcode: 40002, errmsg: 'invalid grant_type' });
        const issued = this.codes.get(q.get('code') ?? '');
        if (!issued) return json({ errcode: 40029, errmsg: 'invalid code' });
        if (issued.used) return json({ errcode: 40163, errmsg: 'code been used' });
        if (this.now - issued.issuedAt > CODE_LIFETIME_MS)
          return json({ errcode: 42003, errmsg: 'code expired' });
        issued.used = true;
        const token = randomBytes(12).toString('hex');
        this.webTokens.set(token, issued.openid);
        return json({
          access_token: token,
          expires_in: 7200,
          refresh_token: randomBytes(12).toString('hex'),
          openid: issued.openid,
          scope: issued.scope,
          ...(this.unionid ? { unionid: this.unionid } : {}),
        });
      }
      case '/sns/userinfo': {
        const openid = this.webTokens.get(q.get('access_token') ?? '');
        if (!openid || openid !== q.get('openid'))
          return json({ errcode: 40003, errmsg: 'invalid openid' });
        return json({
          openid,
          nickname: '小橙子',
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: 'https://thirdwx.qlogo.cn/mmopen/avatar/132',
          privilege: [],
          ...(this.unionid ? { unionid: this.unionid } : {}),
        });
      }
      case '/cgi-bin/token': {
        if (q.get('appid') !== MINI_APP_ID || q.get('secret') !== MINI_SECRET)
          return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        const token = `mini-${randomBytes(8).toString('hex')}`;
        this.appTokens.add(token);
        return json({ access_token: token, expires_in: 7200 });
      }
      case '/wxa/generatescheme': {
        if (request.method !== 'POST')
          return json({ errcode: 43002, errmsg: 'require POST method' });
        if (!this.appTokens.has(q.get('access_token') ?? ''))
          return json({ errcode: 40001, errmsg: 'invalid credential' });
        if (this.schemeErrcode)
          return json({ errcode: this.schemeErrcode, errmsg: 'generatescheme refused' });
        const parsed = JSON.parse(body) as { jump_wxa?: { path?: string } };
        this.schemeBodies.push(parsed);
        if (!parsed.jump_wxa?.path)
          return json({ errcode: 40165, errmsg: 'invalid weapp pagepath' });
        return json({
          errcode: 0,
          errmsg: 'ok',
          openlink: `weixin://dl/business/?t=${randomBytes(6).toString('hex')}`,
        });
      }
      default:
        response.statusCode = 404;
        return json({ errcode: -1, errmsg: 'not found' });
    }
  }
}
