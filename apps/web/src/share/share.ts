// One share interface for WeChat, Alipay and the native app (spec sections 3 and 4).
// setShareContent: what the environment's own share button shares.
// shareNow: share on the user's request; onShared runs after the environment's delay (2 s in
// the app, 3 s in WeChat, where no share result is reported back), or on Alipay's reply.
import { LIMITS } from '../config/product.ts';
import { environment } from '../env/detect.ts';
import { nativeBridge, type ShareContent } from '../native/bridge.ts';
import { setUiFlag } from '../state/uiFlags.ts';

export type { ShareContent } from '../native/bridge.ts';

interface AlipayBridge {
  call(
    name: string,
    params?: Record<string, unknown>,
    callback?: (result: { error?: number }) => void,
  ): void;
}

declare global {
  interface Window {
    AlipayJSBridge?: AlipayBridge;
  }
}

let current: ShareContent | null = null;
let alipayMenuBound = false;

/** Alipay injects its bridge asynchronously and fires AlipayJSBridgeReady. */
function whenAlipayReady(callback: (bridge: AlipayBridge) => void): void {
  if (window.AlipayJSBridge) callback(window.AlipayJSBridge);
  else
    document.addEventListener(
      'AlipayJSBridgeReady',
      () => window.AlipayJSBridge && callback(window.AlipayJSBridge),
      { once: true },
    );
}

function alipayShare(
  bridge: AlipayBridge,
  content: ShareContent,
  done?: (shared: boolean) => void,
): void {
  bridge.call(
    'shareToChannel',
    {
      name: content.channel?.[0] ?? 'ALPContact',
      param: {
        title: content.title,
        content: content.description,
        imageUrl: content.imgUrl,
        url: content.link,
      },
    },
    (result) => done?.(!result?.error),
  );
}

export function currentShareContent(): ShareContent | null {
  return current;
}

export function setShareContent(content: ShareContent): void {
  current = content;
  const env = environment();
  if (env.app) {
    nativeBridge.setShare(content);
  } else if (env.wechat && !env.miniProgram) {
    // The SDK loader is its own chunk, fetched only inside WeChat.
    void import('../wechat/sdk.ts').then(({ initWechat, whenWechatReady }) => {
      void initWechat();
      whenWechatReady((wx) => {
        wx.updateAppMessageShareData({
          title: content.title,
          desc: content.description,
          link: content.link,
          imgUrl: content.imgUrl,
        });
        wx.updateTimelineShareData({
          title: content.title,
          link: content.link,
          imgUrl: content.imgUrl,
        });
      });
    });
  } else if (env.alipay) {
    whenAlipayReady((bridge) => {
      bridge.call('setOptionMenu', { title: '分享' });
      bridge.call('showOptionMenu');
      if (alipayMenuBound) return;
      alipayMenuBound = true;
      document.addEventListener('optionMenu', () => current && alipayShare(bridge, current));
    });
  }
}

/**
 * Whether a share on this page can be confirmed at all (shareNow's onShared can run): the app
 * and Alipay report it, WeChat is given the spec's delay; a plain browser never knows, so no
 * page promises a reward for sharing there.
 */
export function canConfirmShare(): boolean {
  const env = environment();
  return Boolean(env.app) || env.alipay || env.wechat;
}

/** Shares now, as the user asked (a "share" button on a page). */
export function shareNow(
  content: ShareContent = current ?? defaultContent(),
  onShared?: () => void,
): void {
  const env = environment();
  if (env.app) {
    nativeBridge
      .share(content)
      .then(() => setTimeout(() => onShared?.(), LIMITS.shareCallbackDelayNativeMs))
      .catch((error: unknown) => console.warn('native share failed', error));
  } else if (env.alipay) {
    whenAlipayReady((bridge) => alipayShare(bridge, content, (shared) => shared && onShared?.()));
  } else {
    // WeChat cannot be told to share: set the content, show the guide and assume it was shared.
    setShareContent(content);
    setUiFlag('shareMenu', true);
    if (env.wechat) setTimeout(() => onShared?.(), LIMITS.shareCallbackDelayWechatMs);
  }
}

function defaultContent(): ShareContent {
  return { link: location.href, title: document.title, description: '', imgUrl: '' };
}
