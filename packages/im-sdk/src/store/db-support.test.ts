import { describe, expect, it } from 'vitest';
import { dbDisabledBrowser, noDbReason } from './db-support.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  legacyEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  chromiumEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  iosWeChat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2b) NetType/WIFI Language/zh_CN',
  androidWeChat:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5235 MMWEBSDK/20230805 MicroMessenger/8.0.42',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
};

describe('where the local database is used', () => {
  it('disables it on IE, legacy Edge and Safari, as document 2 says', () => {
    expect(dbDisabledBrowser(UA.iphoneSafari)).toBe('Safari');
    expect(dbDisabledBrowser(UA.macSafari)).toBe('Safari');
    expect(dbDisabledBrowser(UA.ie11)).toBe('IE');
    expect(dbDisabledBrowser(UA.ie10)).toBe('IE');
    expect(dbDisabledBrowser(UA.legacyEdge)).toBe('Edge');
  });

  it('keeps it on Chromium-based Edge, Chrome, Firefox and in-app web views', () => {
    for (const ua of [
      UA.chromiumEdge,
      UA.androidChrome,
      UA.iosChrome,
      UA.iosWeChat,
      UA.androidWeChat,
      UA.firefox,
      undefined,
    ]) {
      expect(dbDisabledBrowser(ua)).toBeUndefined();
    }
  });

  it('uses IndexedDB only when the option is on, the browser allowed and IndexedDB present', () => {
    expect(
      noDbReason({ enabled: true, hasIndexedDB: true, userAgent: UA.androidChrome }),
    ).toBeUndefined();
    expect(noDbReason({ enabled: false, hasIndexedDB: true, userAgent: UA.androidChrome })).toBe(
      'the db option is off',
    );
    expect(noDbReason({ enabled: true, hasIndexedDB: true, userAgent: UA.iphoneSafari })).toBe(
      'the local database is disabled on Safari',
    );
    expect(noDbReason({ enabled: true, hasIndexedDB: false })).toBe('IndexedDB is not available');
  });
});
