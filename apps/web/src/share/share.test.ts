import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { getUiFlags, setUiFlag } from '../state/uiFlags.ts';
import { setShareContent, shareNow } from './share.ts';

const content = {
  link: 'https://m.example.com/activity/sign/index',
  title: '签到领好礼',
  description: '天天签到',
  imgUrl: 'https://img.example.com/s.png',
};

function useUserAgent(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
  resetEnvironment();
}

// share.ts loads the WeChat module lazily; loaded here first, so that lazy import never outlives
// the test environment on a slow machine.
beforeAll(async () => {
  await import('../wechat/sdk.ts');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete window.MorselNative;
  delete window.AlipayJSBridge;
  setUiFlag('shareMenu', false);
});

describe('one share interface', () => {
  it('hands share content to the native app and calls back 2 s after sharing', async () => {
    useUserAgent('Mozilla/5.0 (iPhone) MorselApp/4.12.251 (os=iOS)');
    const sent: { method: string; params: unknown }[] = [];
    window.MorselNative = {
      invoke(message) {
        const call = JSON.parse(message) as { id: string; method: string; params: unknown };
        sent.push(call);
        queueMicrotask(() =>
          window.morselBridgeReceive?.(call.id, { ok: true, data: { shared: true } }),
        );
      },
    };
    setShareContent(content);
    expect(sent[0]).toEqual({ id: expect.any(String), method: 'setShare', params: content });
    const shared = vi.fn();
    shareNow(content, shared);
    await vi.advanceTimersByTimeAsync(1999);
    expect(shared).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(shared).toHaveBeenCalledOnce();
  });

  it('in WeChat shows the share guide and calls back after 3 s', async () => {
    useUserAgent('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    const shared = vi.fn();
    shareNow(content, shared);
    expect(getUiFlags().shareMenu).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(shared).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(shared).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('in Alipay waits for AlipayJSBridgeReady, then shares to the channel', async () => {
    useUserAgent('Mozilla/5.0 (Android) AlipayClient/10.5.86 AliApp(AP/10.5.86)');
    const shared = vi.fn();
    shareNow(content, shared);
    const calls: { name: string; params: unknown }[] = [];
    window.AlipayJSBridge = {
      call(name, params, callback) {
        calls.push({ name, params });
        callback?.({});
      },
    };
    document.dispatchEvent(new Event('AlipayJSBridgeReady'));
    expect(calls).toEqual([
      {
        name: 'shareToChannel',
        params: {
          name: 'ALPContact',
          param: {
            title: content.title,
            content: content.description,
            imageUrl: content.imgUrl,
            url: content.link,
          },
        },
      },
    ]);
    expect(shared).toHaveBeenCalledOnce();
  });
});
