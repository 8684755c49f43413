// Alipay end to end against a local gateway (fake-alipay.ts) that verifies our RSA2 signatures
// with the application's public key: wap pay sends the shopper to the gateway with a signed
// query, the async notify is verified with Alipay's key and applied once (forged, other-app
// and wrong-amount notifies refused), and a refund goes out from the job with the gateway's
// signed answer verified. Keys are generated here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { runCommercePass } from '../../src/campaigns/commerce/index.ts';
import { admin, call, data, newShopper, startCampaignServer } from '../campaigns/helpers.ts';
import { FakeAlipay } from './fake-alipay.ts';
import { jobDeps, orderTopUp } from './helpers.ts';
import { keyPair } from './keys.ts';

const app = keyPair('alipay-app');
const alipay = keyPair('alipay-platform');
const stranger = keyPair('stranger');
const APP_ID = '2021000117650139';
const PUBLIC_URL = 'https://shop.example.com';

describe('Alipay wap pay', () => {
  let s: ProductTestServer;
  const gateway = new FakeAlipay({
    appId: APP_ID,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
  });

  beforeAll(async () => {
    await gateway.start();
    s = await startCampaignServer({
      publicUrl: PUBLIC_URL,
      alipayAppId: APP_ID,
      alipayPrivateKeyFile: app.privateFile,
      alipayPublicKeyFile: alipay.publicFile,
      alipayGateway: gateway.url,
    });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
    await gateway.stop();
  });

  const startPay = async (ut: string, orderNo: string) =>
    data(
      await call(s.url, 'POST', `/api/commerce/orders/${orderNo}/pay`, {
        ut,
        body: { method: 'alipay' },
      }),
    );
  const notify = async (fields: Record<string, string>) => {
    const response = await fetch(`${s.url}/api/commerce/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, text: await response.text() };
  };
  const balance = async (ut: string) =>
    data(await call(s.url, 'GET', '/api/commerce/bank/card', { ut })).card.balance as number;

  it('sends the shopper to the gateway with a query Alipay verifies', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    const started = await startPay(shopper.ut, order.orderNo);
    expect(started.start.kind).toBe('redirect');
    // The browser opens the URL: the gateway checks the signature before showing its cashier.
    const page = await fetch(started.start.url).then((r) => r.text());
    expect(page).toContain('支付宝收银台');
    expect(gateway.refused).toEqual([]);
    expect(gateway.payments.at(-1)).toMatchObject({
      params: {
        method: 'alipay.trade.wap.pay',
        notify_url: `${PUBLIC_URL}/api/commerce/notify/alipay`,
        return_url: `${PUBLIC_URL}/activity/bank/success?orderNo=${order.orderNo}`,
        timestamp: '2026-01-15 12:00:00',
      },
      biz: {
        out_trade_no: order.orderNo,
        total_amount: '100.00',
        product_code: 'QUICK_WAP_WAY',
        time_expire: '2026-01-15 12:15:00',
      },
    });

    // A changed amount in the URL breaks the signature at the gateway.
    const tampered = new URL(started.start.url);
    tampered.searchParams.set(
      'biz_content',
      tampered.searchParams.get('biz_content')!.replace('100.00', '0.01'),
    );
    expect(await fetch(tampered).then((r) => r.text())).toContain('验签出错');
  });

  it('applies a verified notify once and refuses forged, foreign and wrong-amount ones', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    await startPay(shopper.ut, order.orderNo);

    const forged = gateway.notifyFields(
      { orderNo: order.orderNo, totalAmount: '100.00' },
      stranger.privateKey,
    );
    expect((await notify(forged)).status).toBe(401);
    const edited = {
      ...gateway.notifyFields({ orderNo: order.orderNo, totalAmount: '100.00' }),
      total_amount: '1.00',
    };
    expect((await notify(edited)).status).toBe(401);
    const cheap = gateway.notifyFields({ orderNo: order.orderNo, totalAmount: '0.01' });
    expect(await notify(cheap)).toMatchObject({ status: 400 });
    expect(await balance(shopper.ut)).toBe(0);

    const good = gateway.notifyFields({ orderNo: order.orderNo, totalAmount: '100.00' });
    expect(await notify(good)).toEqual({ status: 200, text: 'success' });
    expect(await notify(good)).toEqual({ status: 200, text: 'success' });
    // TRADE_FINISHED follows TRADE_SUCCESS with another notify id: no second credit.
    const finished = gateway.notifyFields({
      orderNo: order.orderNo,
      totalAmount: '100.00',
      status: 'TRADE_FINISHED',
    });
    expect(await notify(finished)).toEqual({ status: 200, text: 'success' });
    expect(await balance(shopper.ut)).toBe(10000);
  });

  it('sends an operator refund through the gateway from the job', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    await startPay(shopper.ut, order.orderNo);
    await notify(gateway.notifyFields({ orderNo: order.orderNo, totalAmount: '100.00' }));
    data(
      await admin(s.url, 'POST', `/admin/api/orders/${order.orderNo}/refund`, {
        reason: '用户申请退款',
      }),
    );
    await runCommercePass(await jobDeps(s));
    expect(gateway.refunds.at(-1)).toMatchObject({
      out_trade_no: order.orderNo,
      out_request_no: `R${order.orderNo}`,
      refund_amount: '100.00',
    });
    const done = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
    expect(done).toMatchObject({ state: 'refunded', refund: { state: 'succeeded' } });
  });

  it('closes an opened trade at Alipay when the order times out unpaid', async () => {
    const refusedBefore = gateway.refused.length;
    const shopper = await newShopper(s);
    const opened = await orderTopUp(s, shopper);
    const started = await startPay(shopper.ut, opened.orderNo);
    // The shopper's browser opens Alipay's cashier: the trade now exists at Alipay.
    expect((await fetch(started.start.url)).status).toBe(200);
    // Another order taken to Alipay but never opened there: Alipay has no trade to close.
    const neverOpened = await orderTopUp(s, shopper);
    await startPay(shopper.ut, neverOpened.orderNo);
    s.clock.advance(16 * 60_000);
    await runCommercePass(await jobDeps(s));
    expect(gateway.closed).toContain(opened.orderNo);
    expect(gateway.closed).not.toContain(neverOpened.orderNo);
    expect(gateway.refused.length).toBe(refusedBefore);
    for (const order of [opened, neverOpened]) {
      const viewed = data(
        await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
      );
      expect(viewed.state).toBe('closed');
    }
  });
});
