import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { authorizeUrl, canAuthorizeWithWechat, wechatErrorMessage } from './oauth.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15';

function withUserAgent(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  resetEnvironment();
}

describe('WeChat authorisation from the page', () => {
  afterEach(() => withUserAgent(IPHONE));

  it('starts at the server with the return path and scope', () => {
    expect(authorizeUrl('/activity/sign/index?x=1')).toBe(
      '/api/wechat/oauth/authorize?returnTo=%2Factivity%2Fsign%2Findex%3Fx%3D1&scope=snsapi_userinfo',
    );
    expect(authorizeUrl('/', 'snsapi_base')).toContain('scope=snsapi_base');
  });

  it('is offered in the WeChat browser, not in its mini-program web-view or elsewhere', () => {
    withUserAgent(`${IPHONE} MicroMessenger/8.0.47`);
    expect(canAuthorizeWithWechat()).toBe(true);
    withUserAgent(`${IPHONE} MicroMessenger/8.0.47 miniProgram/wx0123456789abcdef`);
    expect(canAuthorizeWithWechat()).toBe(false);
    withUserAgent(IPHONE);
    expect(canAuthorizeWithWechat()).toBe(false);
  });

  it("reads the callback's wxError as the catalogue's message", async () => {
    expect(await wechatErrorMessage('50014')).toBe('您已取消微信授权');
    expect(await wechatErrorMessage('60001')).toBeNull();
    expect(await wechatErrorMessage('<script>')).toBeNull();
    expect(await wechatErrorMessage(null)).toBeNull();
  });
});
