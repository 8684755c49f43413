// The WeChat JS-SDK (spec sections 4 and 7): loaded from the static site inside WeChat only,
// configured with the signature of /message-app-api/weixin/getSign; it is then initialised
// (wx.ready) or errored (wx.error), and callbacks queue until it is ready.
import { HOSTS, STATIC_PATHS } from '../config/product.ts';
import { environment } from '../env/detect.ts';
import { api } from '../request/api.ts';
import { isSuccess } from '../request/types.ts';

/** The part of the real `wx` object this app uses. */
export interface WechatSdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number | string;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
    openTagList?: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (reason: { errMsg?: string }) => void): void;
  updateAppMessageShareData(options: ShareOptions): void;
  updateTimelineShareData(options: Omit<ShareOptions, 'desc'>): void;
}

interface ShareOptions {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
  success?: () => void;
}

declare global {
  interface Window {
    wx?: WechatSdk;
  }
}

export interface WechatSignature {
  appId: string;
  timestamp: number | string;
  nonceStr: string;
  signature: string;
}

export type WechatState = 'idle' | 'loading' | 'ready' | 'error';

export const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'hideMenuItems',
  'showMenuItems',
];

let state: WechatState = 'idle';
let queue: ((wx: WechatSdk) => void)[] = [];
let started: Promise<void> | null = null;

export function wechatState(): WechatState {
  return state;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

/** The signature endpoint answers `data` or, in the platform's older shape, `data.data`. */
function readSignature(data: unknown): WechatSignature | null {
  const inner = (data as { data?: unknown } | null)?.data ?? data;
  const sign = inner as Partial<WechatSignature> | null;
  if (!sign?.signature || !sign.nonceStr || sign.timestamp === undefined) return null;
  return {
    appId: sign.appId ?? '',
    timestamp: sign.timestamp,
    nonceStr: sign.nonceStr,
    signature: sign.signature,
  };
}

function settle(next: 'ready' | 'error', wx?: WechatSdk): void {
  state = next;
  const waiting = queue;
  queue = [];
  if (next === 'ready' && wx) for (const callback of waiting) callback(wx);
}

async function start(): Promise<void> {
  state = 'loading';
  try {
    await loadScript(`${HOSTS.static}${STATIC_PATHS.wechatSdk}`);
    const wx = window.wx;
    if (!wx) throw new Error('the WeChat SDK did not define wx');
    // The signed URL is the page without its fragment (WeChat's rule).
    const reply = await api.call('wechat.sign', { url: location.href.split('#')[0]! });
    const signature = isSuccess(reply) ? readSignature(reply.data) : null;
    if (!signature) throw new Error(`no WeChat signature: ${reply.message}`);
    wx.ready(() => settle('ready', wx));
    wx.error((reason) => {
      console.warn('WeChat SDK error', reason.errMsg);
      settle('error');
    });
    wx.config({
      debug: false,
      ...signature,
      jsApiList: JS_API_LIST,
      openTagList: ['wx-open-launch-weapp'],
    });
  } catch (error) {
    console.warn('WeChat SDK unavailable', error);
    settle('error');
  }
}

/** Starts the SDK once, inside WeChat only (not in a mini-program web-view, which has its own). */
export function initWechat(): Promise<void> {
  const env = environment();
  if (!env.wechat || env.miniProgram) return Promise.resolve();
  started ??= start();
  return started;
}

/** Runs `callback` with `wx` once the SDK is ready; dropped if the SDK errored or is absent. */
export function whenWechatReady(callback: (wx: WechatSdk) => void): void {
  if (state === 'ready' && window.wx) callback(window.wx);
  else if (state === 'idle' || state === 'loading') queue.push(callback);
}

/** Tests only. */
export function resetWechat(): void {
  state = 'idle';
  queue = [];
  started = null;
}
