// WeChat Pay API v3 end to end against a local stand-in (fake-wechat-pay.ts) that verifies our
// request signatures with the merchant public key: H5 and JSAPI orders, the signed and encrypted
// notify (applied once; forged, tampered, stale and wrong-amount ones refused), answers signed
// by someone else refused, the JSAPI payer taken from the bound WeChat identity, an unpaid order
// closed at WeChat Pay on time-out, and a refund sent by the job and finished by its refund notify
// (verified, decrypted, applied once). Keys are generated here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerify } from 'node:crypto';
import type { ProductTestServer } from '../product/helpers.ts';
import { runCommercePass } from '../../src/campaigns/commerce/index.ts';
import { ProviderError } from '../../src/campaigns/commerce/payment/provider.ts';
import { wechatPayProvider } from '../../src/campaigns/commerce/payment/wechat-pay.ts';
import { admin, call, data, newShopper, startCampaignServer } from '../campaigns/helpers.ts';
import { FakeWechatPay } from './fake-wechat-pay.ts';
import { jobDeps, orderTopUp } from './helpers.ts';
import { linkIdentity, recordIdentity } from '../../src/product/store/wechat-identities.ts';
import { keyPair } from './keys.ts';

const merchant = keyPair('wechat-merchant');
const platform = keyPair('wechat-platform');
const stranger = keyPair('stranger');
const SETTINGS = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  mchSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
  apiV3Key: 'Kx8LqP2vN5tR9wZ3bC6dF1gH4jM7nQ0s',
};
const PUBLIC_URL = 'https://shop.example.com';

describe('WeChat Pay API v3', () => {
  let s: ProductTestServer;
  const fake = new FakeWechatPay({
    ...SETTINGS,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    now: () => s.clock.now(),
  });

  beforeAll(async () => {
    await fake.start();
    s = await startCampaignServer({
      publicUrl: PUBLIC_URL,
      wechatPayMchId: SETTINGS.mchId,
      wechatPayAppId: SETTINGS.appId,
      wechatPayMchSerial: SETTINGS.mchSerial,
      wechatPayPrivateKeyFile: merchant.privateFile,
      wechatPayPlatformKeyFile: platform.publicFile,
      wechatPayPlatformSerial: SETTINGS.platformSerial,
      wechatPayApiV3Key: SETTINGS.apiV3Key,
      wechatPayApiBase: fake.url,
      // Shoppers log in to WeChat with the app WeChat Pay charges under (JSAPI's payer).
      wechatOauth: 'wechat',
      wechatAppId: SETTINGS.appId,
      wechatAppSecret: 'test-app-secret',
    });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
    await fake.stop();
  });

  const pay = (ut: string, orderNo: string, body: Record<string, string>) =>
    call(s.url, 'POST', `/api/commerce/orders/${orderNo}/pay`, { ut, body });
  const notify = (body: string, headers: Record<string, string>) =>
    fetch(`${s.url}/api/commerce/notify/wechat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number } }));
  const balance = async (ut: string) =>
    data(await call(s.url, 'GET', '/api/commerce/bank/card', { ut })).card.balance as number;

  it('places an H5 order signed with the merchant key and sends the shopper to h5_url', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    const started = data(await pay(shopper.ut, order.orderNo, { method: 'wechat' }));
    expect(started.start.kind).toBe('redirect');
    const url = new URL(started.start.url);
    expect(url.origin).toBe('https://wx.tenpay.com');
    expect(url.searchParams.get('redirect_url')).toBe(
      `${PUBLIC_URL}/activity/bank/success?orderNo=${order.orderNo}`,
    );
    expect(fake.refused).toEqual([]);
    expect(fake.orders.at(-1)).toMatchObject({
      kind: 'h5',
      body: {
        out_trade_no: order.orderNo,
        amount: { total: 10000, currency: 'CNY' },
        notify_url: `${PUBLIC_URL}/api/commerce/notify/wechat`,
        time_expire: '2026-01-15T12:15:00+08:00',
        scene_info: { h5_info: { type: 'Wap' } },
      },
    });
  });

  it('places a JSAPI order for the bound WeChat payer and hands the page parameters signed for wx.chooseWXPay', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    // Not authorised in WeChat yet: the page is told where to authorise and come back.
    const unbound = await pay(shopper.ut, order.orderNo, { method: 'wechat', scene: 'jsapi' });
    expect(unbound.body).toMatchObject({ code: 50018 });
    const authorize = new URL(unbound.body.data.authorize, PUBLIC_URL);
    expect(authorize.searchParams.get('returnTo')).toBe(
      `/activity/bank/pay?orderNo=${order.orderNo}`,
    );

    const db = s.server.store.db;
    const identity = await recordIdentity(
      db,
      { appId: SETTINGS.appId, openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', unionid: null },
      s.clock.now(),
    );
    expect(await linkIdentity(db, Number(identity.id), shopper.id, s.clock.now())).toBe('linked');
    const started = data(
      await pay(shopper.ut, order.orderNo, { method: 'wechat', scene: 'jsapi' }),
    );
    expect(started.start.kind).toBe('jsapi');
    const p = started.start.params;
    expect(p).toMatchObject({ appId: SETTINGS.appId, signType: 'RSA' });
    expect(p.package).toMatch(/^prepay_id=wx[0-9a-f]{28}$/);
    const signed = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(
      createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, p.paySign, 'base64'),
    ).toBe(true);
    // The payer is the identity bound on the server, never one the page names.
    expect(fake.orders.at(-1)).toMatchObject({
      kind: 'jsapi',
      body: { payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } },
    });
  });

  it('closes an order at WeChat Pay when it times out unpaid', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    data(await pay(shopper.ut, order.orderNo, { method: 'wechat' }));
    // An order never taken to WeChat Pay is not closed there.
    const untouched = await orderTopUp(s, shopper);
    s.clock.advance(16 * 60_000);
    await runCommercePass(await jobDeps(s));
    expect(fake.refused).toEqual([]);
    expect(fake.closed).toContainEqual({ orderNo: order.orderNo, body: { mchid: SETTINGS.mchId } });
    expect(fake.closed.some((c) => c.orderNo === untouched.orderNo)).toBe(false);
    const closed = data(
      await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
    );
    expect(closed.state).toBe('closed');
  });

  it('applies a verified notify once and refuses forged, tampered, stale and wrong-amount ones', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    data(await pay(shopper.ut, order.orderNo, { method: 'wechat' }));

    const forgedBody = fake.notifyBody({ orderNo: order.orderNo, total: 10000 });
    const forged = await notify(forgedBody, fake.signedHeaders(forgedBody, stranger.privateKey));
    expect(forged).toMatchObject({ status: 401, body: { code: 63004 } });

    const good = fake.notifyBody({ orderNo: order.orderNo, total: 10000 });
    const parsed = JSON.parse(good) as { resource: { ciphertext: string } };
    const flipped = Buffer.from(parsed.resource.ciphertext, 'base64');
    flipped[3] = flipped[3]! ^ 1;
    parsed.resource.ciphertext = flipped.toString('base64');
    const tampered = JSON.stringify(parsed);
    expect(await notify(tampered, fake.signedHeaders(tampered))).toMatchObject({
      status: 401,
      body: { code: 63004 },
    });

    const stale = fake.signedHeaders(good);
    stale['wechatpay-timestamp'] = String(Number(stale['wechatpay-timestamp']) - 600);
    expect(await notify(good, stale)).toMatchObject({ status: 401, body: { code: 63004 } });

    const cheap = fake.notifyBody({ orderNo: order.orderNo, total: 1 });
    expect(await notify(cheap, fake.signedHeaders(cheap))).toMatchObject({
      status: 400,
      body: { code: 63010 },
    });
    expect(await balance(shopper.ut)).toBe(0);

    const headers = fake.signedHeaders(good);
    expect(await notify(good, headers)).toMatchObject({ status: 200, body: { code: 0 } });
    // WeChat Pay resends until it sees a 2xx: the same notify again changes nothing.
    expect(await notify(good, headers)).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await balance(shopper.ut)).toBe(10000);
    const detail = data(
      await call(s.url, 'GET', `/api/commerce/orders/${order.orderNo}`, { ut: shopper.ut }),
    );
    expect(detail).toMatchObject({ state: 'fulfilled', method: 'wechat' });
  });

  it('refuses answers not signed by the platform key, and requests WeChat Pay cannot verify', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    fake.signWith = stranger.privateKey;
    try {
      const answer = await pay(shopper.ut, order.orderNo, { method: 'wechat' });
      expect(answer.body.code).toBe(63006);
    } finally {
      fake.signWith = undefined;
    }

    const impostor = wechatPayProvider({
      ...SETTINGS,
      mchPrivateKey: stranger.privateKey,
      platformPublicKey: platform.publicKey,
      apiBase: fake.url,
      notifyUrl: `${PUBLIC_URL}/api/commerce/notify/wechat`,
      fetch,
      timeoutMs: 5000,
      now: () => s.clock.now(),
    });
    const before = fake.refused.length;
    await expect(
      impostor.start(
        { orderNo: order.orderNo, amount: 10000, subject: 'x', expiresAt: s.clock.now() + 60_000 },
        { scene: 'h5', clientIp: '127.0.0.1', returnUrl: PUBLIC_URL, now: s.clock.now() },
      ),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(fake.refused.slice(before)).toEqual(['signature']);
  });

  it('sends an operator refund to WeChat Pay from the job', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    data(await pay(shopper.ut, order.orderNo, { method: 'wechat' }));
    const body = fake.notifyBody({ orderNo: order.orderNo, total: 10000 });
    expect((await notify(body, fake.signedHeaders(body))).body.code).toBe(0);

    data(
      await admin(s.url, 'POST', `/admin/api/orders/${order.orderNo}/refund`, {
        reason: '用户申请退款',
      }),
    );
    await runCommercePass(await jobDeps(s));
    expect(fake.refunds.at(-1)).toMatchObject({
      out_trade_no: order.orderNo,
      out_refund_no: `R${order.orderNo}`,
      amount: { refund: 10000, total: 10000, currency: 'CNY' },
    });
    expect(fake.refunds.at(-1)!.notify_url).toBe(`${PUBLIC_URL}/api/commerce/notify/wechat/refund`);
    // WeChat Pay answered PROCESSING: accepted, not finished until its refund notify.
    const accepted = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
    expect(accepted).toMatchObject({ state: 'fulfilled', refund: { state: 'processing' } });

    const refundNotify = (body: string, headers = fake.signedHeaders(body)) =>
      fetch(`${s.url}/api/commerce/notify/wechat/refund`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number } }));
    const refund = { orderNo: order.orderNo, refundNo: `R${order.orderNo}`, total: 10000 };

    const forgedBody = fake.refundNotifyBody({ ...refund, refund: 10000 });
    expect(
      await refundNotify(forgedBody, fake.signedHeaders(forgedBody, stranger.privateKey)),
    ).toMatchObject({ status: 401, body: { code: 63004 } });
    const wrongAmount = fake.refundNotifyBody({ ...refund, refund: 1 });
    expect(await refundNotify(wrongAmount)).toMatchObject({ status: 400, body: { code: 63103 } });
    const otherRefund = fake.refundNotifyBody({ ...refund, refundNo: 'R1', refund: 10000 });
    expect(await refundNotify(otherRefund)).toMatchObject({ status: 400, body: { code: 63103 } });
    // A payment notify is not a refund notify.
    const payment = fake.notifyBody({ orderNo: order.orderNo, total: 10000 });
    expect(await refundNotify(payment)).toMatchObject({ status: 401, body: { code: 63004 } });
    const stillProcessing = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
    expect(stillProcessing.refund.state).toBe('processing');

    const success = fake.refundNotifyBody({ ...refund, refund: 10000 });
    const headers = fake.signedHeaders(success);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => refundNotify(success, headers)),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const done = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
    expect(done).toMatchObject({ state: 'refunded', refund: { state: 'succeeded' } });
    // A late ABNORMAL for a finished refund changes nothing.
    const late = fake.refundNotifyBody({ ...refund, refund: 10000, status: 'ABNORMAL' });
    expect((await refundNotify(late)).status).toBe(200);
    const still = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
    expect(still).toMatchObject({ state: 'refunded', refund: { state: 'succeeded' } });
  });

  it('marks a refund WeChat Pay could not complete as failed for the operator', async () => {
    const shopper = await newShopper(s);
    const order = await orderTopUp(s, shopper);
    data(await pay(shopper.ut, order.orderNo, { method: 'wechat' }));
    const body = fake.notifyBody({ orderNo: order.orderNo, total: 10000 });
    expect((await notify(body, fake.signedHeaders(body))).body.code).toBe(0);
    data(
      await admin(s.url, 'POST', `/admin/api/orders/${order.orderNo}/refund`, {
        reason: '用户申请退款',
      }),
    );
    await runCommercePass(await jobDeps(s));
    const abnormal = fake.refundNotifyBody({
      orderNo: order.orderNo,
      refundNo: `R${order.orderNo}`,
      refund: 10000,
      total: 10000,
      status: 'ABNORMAL',
    });
    const answer = await fetch(`${s.url}/api/commerce/notify/wechat/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fake.signedHeaders(abnormal) },
      body: abnormal,
    });
    expect(answer.status).toBe(200);
    const viewed = data(await admin(s.url, 'GET', `/admin/api/orders/${order.orderNo}`));
    expect(viewed).toMatchObject({
      state: 'fulfilled',
      refund: { state: 'failed', lastError: 'WeChat Pay refund ABNORMAL' },
    });
  });
});
