// What a download page offers where it is opened (docs/wechat.md, "Download and jump pages").
// WeChat and Alipay on Android refuse APK downloads and most store links; WeChat opens 应用宝
// (Tencent's store), so it is the Android link there, with the open-in-browser guide beside it.
// On iOS every host opens App Store links. A computer gets both links and a QR code of the page.
import type { Environment } from '../../env/detect.ts';

export interface StoreLink {
  label: string;
  url: string;
  version: string;
}

export interface AppLinks {
  ios: { url: string; version: string };
  android: { url: string; version: string };
  tencentStoreUrl: string;
}

export interface AppChoice {
  /** The links to show, the first one the main button. */
  links: StoreLink[];
  /** Show how to open the page in the system browser (WeChat, Alipay on Android). */
  browserGuide: boolean;
  /** Show a QR code of this page to scan with a phone (a computer). */
  scanWithPhone: boolean;
}

type Env = Pick<Environment, 'wechat' | 'alipay' | 'os'>;

export function appChoice(env: Env, links: AppLinks): AppChoice {
  const ios: StoreLink = {
    label: 'App Store 下载',
    url: links.ios.url,
    version: links.ios.version,
  };
  const apk: StoreLink = {
    label: '下载安卓版',
    url: links.android.url,
    version: links.android.version,
  };
  if (env.os === 'iOS') return { links: [ios], browserGuide: false, scanWithPhone: false };
  if (env.os === 'Android') {
    if (env.wechat)
      return {
        links: [
          { label: '应用宝下载', url: links.tencentStoreUrl, version: links.android.version },
        ],
        browserGuide: true,
        scanWithPhone: false,
      };
    if (env.alipay) return { links: [], browserGuide: true, scanWithPhone: false };
    return { links: [apk], browserGuide: false, scanWithPhone: false };
  }
  return { links: [ios, apk], browserGuide: false, scanWithPhone: true };
}

export type JumpChoice = 'code' | 'scheme';

/**
 * How a jump page opens the mini-program: a URL scheme works from a phone's browser or another
 * app, never inside WeChat itself (there the mini-program code is long-pressed instead), and only
 * when the server can mint one.
 */
export function jumpChoice(env: Env, canMint: boolean): JumpChoice {
  return !env.wechat && canMint && env.os !== 'other' ? 'scheme' : 'code';
}
