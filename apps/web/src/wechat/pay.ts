// WeChat Pay's JSAPI cashier inside WeChat's browser (docs/commerce.md): the page hands the
// parameters the server signed (appId, timeStamp, nonceStr, package prepay_id=…, signType RSA,
// paySign) to WeixinJSBridge's getBrandWCPayRequest.
import type { DataOf } from '../request/api.ts';

export type JsapiParams = Extract<DataOf<'orders.pay'>['start'], { kind: 'jsapi' }>['params'];

interface WeixinJSBridge {
  invoke(
    api: 'getBrandWCPayRequest',
    params: JsapiParams,
    callback: (result: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

export type WechatPayOutcome = 'ok' | 'cancel' | 'fail';

/**
 * WeChat Pay's JSAPI cashier inside WeChat's browser: the bridge appears with the
 * WeixinJSBridgeReady event. `ok` is only what the shopper saw: the order is paid when the
 * server has the notify, so the page polls the order after any outcome.
 */
export function payInWechat(params: JsapiParams, win: Window = window): Promise<WechatPayOutcome> {
  return new Promise((resolve) => {
    const invoke = () =>
      win.WeixinJSBridge!.invoke('getBrandWCPayRequest', params, (result) => {
        const message = result.err_msg ?? '';
        resolve(message.endsWith(':ok') ? 'ok' : message.endsWith(':cancel') ? 'cancel' : 'fail');
      });
    if (win.WeixinJSBridge) invoke();
    else win.document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
  });
}
