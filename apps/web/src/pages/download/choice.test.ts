import { describe, expect, it } from 'vitest';
import { appChoice, jumpChoice } from './choice.ts';

const links = {
  ios: { url: 'https://apps.apple.com/cn/app/id1', version: '5.8.0' },
  android: { url: 'https://dl.example.com/a.apk', version: '5.8.0' },
  tencentStoreUrl: 'https://a.app.qq.com/o/simple.jsp?pkgname=x',
};
const browser = { wechat: false, alipay: false };

describe('appChoice', () => {
  it('offers the App Store on iOS, wherever the page is', () => {
    for (const host of [browser, { wechat: true, alipay: false }, { wechat: false, alipay: true }])
      expect(appChoice({ ...host, os: 'iOS' }, links)).toEqual({
        links: [{ label: 'App Store 下载', url: links.ios.url, version: '5.8.0' }],
        browserGuide: false,
        scanWithPhone: false,
      });
  });

  it('offers the APK in an Android browser, 应用宝 and the guide in WeChat, the guide in Alipay', () => {
    expect(appChoice({ ...browser, os: 'Android' }, links).links[0]!.url).toBe(links.android.url);
    const wechat = appChoice({ wechat: true, alipay: false, os: 'Android' }, links);
    expect(wechat.links.map((l) => l.url)).toEqual([links.tencentStoreUrl]);
    expect(wechat.browserGuide).toBe(true);
    expect(appChoice({ wechat: false, alipay: true, os: 'Android' }, links)).toEqual({
      links: [],
      browserGuide: true,
      scanWithPhone: false,
    });
  });

  it('offers both stores and a code to scan on a computer', () => {
    const desk = appChoice({ ...browser, os: 'other' }, links);
    expect(desk.links).toHaveLength(2);
    expect(desk.scanWithPhone).toBe(true);
  });
});

describe('jumpChoice', () => {
  it('mints a scheme only on a phone outside WeChat when the server can', () => {
    expect(jumpChoice({ ...browser, os: 'iOS' }, true)).toBe('scheme');
    expect(jumpChoice({ ...browser, os: 'Android' }, false)).toBe('code');
    expect(jumpChoice({ wechat: true, alipay: false, os: 'Android' }, true)).toBe('code');
    expect(jumpChoice({ ...browser, os: 'other' }, true)).toBe('code');
  });
});
