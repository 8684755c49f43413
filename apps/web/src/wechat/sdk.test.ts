import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvironment } from '../env/detect.ts';
import { initWechat, resetWechat, wechatState, whenWechatReady, type WechatSdk } from './sdk.ts';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.47';

/** A recording stand-in for the real jweixin script: defines `wx` when "loaded". */
function standInSdk(outcome: 'ready' | 'error') {
  const calls: { name: string; args: unknown[] }[] = [];
  const wx = {
    config: (options: unknown) => {
      calls.push({ name: 'config', args: [options] });
      queueMicrotask(() =>
        (outcome === 'ready' ? readyCallbacks : errorCallbacks).forEach((cb) =>
          cb({ errMsg: 'config:invalid signature' }),
        ),
      );
    },
    ready: (cb: () => void) => readyCallbacks.push(cb),
    error: (cb: (reason: { errMsg?: string }) => void) => errorCallbacks.push(cb),
    updateAppMessageShareData: (options: unknown) =>
      calls.push({ name: 'updateAppMessageShareData', args: [options] }),
    updateTimelineShareData: (options: unknown) =>
      calls.push({ name: 'updateTimelineShareData', args: [options] }),
  } satisfies WechatSdk;
  const readyCallbacks: (() => void)[] = [];
  const errorCallbacks: ((reason: { errMsg?: string }) => void)[] = [];
  // happy-dom does not fetch scripts: "load" the appended one by defining wx and firing onload.
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement && node.src) {
      calls.push({ name: 'script', args: [new URL(node.src).pathname] });
      window.wx = wx;
      queueMicrotask(() => node.onload?.(new Event('load')));
      return node;
    }
    return append(node);
  });
  return calls;
}

const fetched: string[] = [];
beforeEach(() => {
  fetched.length = 0;
  resetWechat();
  Object.defineProperty(navigator, 'userAgent', { value: WECHAT_UA, configurable: true });
  resetEnvironment();
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(
      JSON.stringify({
        code: 0,
        message: 'ok',
        data: { appId: 'wx123', timestamp: 1700000000, nonceStr: 'n1', signature: 'abc' },
      }),
    );
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.wx;
});

describe('WeChat JS-SDK loader', () => {
  it('loads the static script, configures it with the signature and runs queued callbacks once ready', async () => {
    const calls = standInSdk('ready');
    const seen: string[] = [];
    whenWechatReady(() => seen.push('first'));
    await initWechat();
    expect(calls[0]).toEqual({ name: 'script', args: ['/static/jweixin-1.6.0.js'] });
    expect(new URL(fetched[0]!).pathname).toBe('/message-app-api/weixin/getSign');
    expect(new URL(fetched[0]!).searchParams.get('url')).toBe(location.href.split('#')[0]);
    expect(calls[1]).toEqual({
      name: 'config',
      args: [
        expect.objectContaining({
          appId: 'wx123',
          timestamp: 1700000000,
          nonceStr: 'n1',
          signature: 'abc',
          debug: false,
        }),
      ],
    });
    await vi.waitFor(() => expect(wechatState()).toBe('ready'));
    expect(seen).toEqual(['first']);
    whenWechatReady(() => seen.push('later'));
    expect(seen).toEqual(['first', 'later']);
  });

  it('drops queued callbacks when wx.error fires', async () => {
    standInSdk('error');
    const seen: string[] = [];
    whenWechatReady(() => seen.push('never'));
    await initWechat();
    await vi.waitFor(() => expect(wechatState()).toBe('error'));
    expect(seen).toEqual([]);
  });

  it('does nothing outside WeChat', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      value: 'Mozilla/5.0 (iPhone) Mobile',
      configurable: true,
    });
    resetEnvironment();
    const calls = standInSdk('ready');
    await initWechat();
    expect(calls).toEqual([]);
    expect(wechatState()).toBe('idle');
  });
});
