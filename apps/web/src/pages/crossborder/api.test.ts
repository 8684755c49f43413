import { describe, expect, it } from 'vitest';
import { lineTotal, payInWechat, yuanText, type JsapiParams } from './api.ts';

const PARAMS: JsapiParams = {
  appId: 'wxd678efh567hg6787',
  timeStamp: '1768449600',
  nonceStr: 'abc',
  package: 'prepay_id=wx201410272009395522657a690389285100',
  signType: 'RSA',
  paySign: 'c2lnbg==',
};

function fakeWindow(answer: string | undefined, ready: boolean) {
  const calls: unknown[] = [];
  const bridge = {
    invoke: (api: string, params: JsapiParams, callback: (r: { err_msg?: string }) => void) => {
      calls.push([api, params]);
      callback({ err_msg: answer });
    },
  };
  const listeners: (() => void)[] = [];
  const win = {
    WeixinJSBridge: ready ? bridge : undefined,
    document: { addEventListener: (_: string, fn: () => void) => listeners.push(fn) },
  } as unknown as Window;
  return {
    win,
    calls,
    becomeReady: () => {
      (win as { WeixinJSBridge?: unknown }).WeixinJSBridge = bridge;
      listeners.forEach((fn) => fn());
    },
  };
}

describe('cross-border pages', () => {
  it('totals a line as the server does: tax rounded half up on price × quantity', () => {
    expect(lineTotal({ price: 9800, taxRate: 910 }, 2)).toEqual({
      goods: 19600,
      tax: 1784,
      total: 21384,
    });
    expect(lineTotal({ price: 100, taxRate: 0 }, 3)).toEqual({ goods: 300, tax: 0, total: 300 });
    expect(yuanText(21384)).toBe('213.84');
    expect(yuanText(5)).toBe('0.05');
  });

  it('hands the signed parameters to the WeChat bridge and reads its answer', async () => {
    const paid = fakeWindow('get_brand_wcpay_request:ok', true);
    await expect(payInWechat(PARAMS, paid.win)).resolves.toBe('ok');
    expect(paid.calls).toEqual([['getBrandWCPayRequest', PARAMS]]);
    const cancelled = fakeWindow('get_brand_wcpay_request:cancel', true);
    await expect(payInWechat(PARAMS, cancelled.win)).resolves.toBe('cancel');
    const failed = fakeWindow('get_brand_wcpay_request:fail', true);
    await expect(payInWechat(PARAMS, failed.win)).resolves.toBe('fail');
  });

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const later = fakeWindow('get_brand_wcpay_request:ok', false);
    const outcome = payInWechat(PARAMS, later.win);
    expect(later.calls).toEqual([]);
    later.becomeReady();
    await expect(outcome).resolves.toBe('ok');
  });
});
