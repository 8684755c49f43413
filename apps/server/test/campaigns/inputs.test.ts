// Every shopper endpoint of the campaigns, table by table: each action refuses a visitor without a
// session with the login code, and each parameter that is missing, of the wrong type or out of
// range is refused with 400 and code 10001 (10002 for a malformed mobile) before anything is read or written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import { call, newShopper, startCampaignServer, type Shopper } from './helpers.ts';

type Method = 'GET' | 'POST';

/** Actions and personal reads: each needs a session. */
const NEEDS_LOGIN: [Method, string, unknown?][] = [
  ['POST', '/api/campaign/sign/today'],
  ['GET', '/api/campaign/sign/awards'],
  ['GET', '/api/campaign/sign/awards/1'],
  ['POST', '/api/campaign/raffle/draw'],
  ['GET', '/api/campaign/raffle/chances'],
  ['POST', '/api/campaign/raffle/share'],
  ['POST', '/api/campaign/raffle/assist', { shareCode: 'ABCD1234' }],
  ['GET', '/api/campaign/raffle/awards'],
  [
    'POST',
    '/api/campaign/raffle/awards/1/address',
    { name: '张三', mobile: '13800138000', regionCode: '110101', detail: '某街道1号' },
  ],
  ['POST', '/api/campaign/password/redeem', { password: '零食节' }],
  ['GET', '/api/campaign/password/awards'],
  ['POST', '/api/campaign/coupon/claim', { templateKey: 'all-10' }],
  ['POST', '/api/campaign/coupon/exchange', { code: '1234567890123456' }],
  ['POST', '/api/campaign/coupon/newuser/claim'],
  ['GET', '/api/campaign/coupon/poster'],
  ['POST', '/api/campaign/coupon/gift/claim', { shareCode: 'ABCD1234' }],
  ['GET', '/api/campaign/coupon/mine'],
  ['GET', '/api/campaign/coupon/mine/1'],
  ['POST', '/api/campaign/coupon/mine/1/use', { orderAmount: 100 }],
];

/** Bad parameters, as a logged-in shopper: every one is a 400 with code 10001 or 10002. */
const address = { name: '张三', mobile: '13800138000', regionCode: '110101', detail: '某街道1号' };
const BAD: [Method, string, unknown?][] = [
  ['GET', '/api/campaign/sign?month=2026-00'],
  ['GET', '/api/campaign/sign/awards/0'],
  ['GET', '/api/campaign/sign/awards/-1'],
  ['GET', '/api/campaign/sign/awards/12345678901234567'],
  ['GET', '/api/campaign/BAD!/awards'],
  ['POST', '/api/campaign/raffle/assist', {}],
  ['POST', '/api/campaign/raffle/assist', { shareCode: 'abc' }],
  ['POST', '/api/campaign/raffle/assist', { shareCode: 'A'.repeat(17) }],
  ['POST', '/api/campaign/raffle/awards/1/address', {}],
  ['POST', '/api/campaign/raffle/awards/1/address', { ...address, name: '   ' }],
  ['POST', '/api/campaign/raffle/awards/1/address', { ...address, name: '张'.repeat(21) }],
  ['POST', '/api/campaign/raffle/awards/1/address', { ...address, mobile: '23800138000' }],
  ['POST', '/api/campaign/raffle/awards/1/address', { ...address, regionCode: '11' }],
  ['POST', '/api/campaign/raffle/awards/1/address', { ...address, detail: '一号' }],
  ['POST', '/api/campaign/raffle/awards/1/address', { ...address, detail: '路'.repeat(121) }],
  ['POST', '/api/campaign/raffle/awards/x/address', address],
  ['POST', '/api/campaign/password/redeem', {}],
  ['POST', '/api/campaign/password/redeem', { password: '' }],
  ['POST', '/api/campaign/password/redeem', { password: '口'.repeat(33) }],
  ['POST', '/api/campaign/coupon/claim', {}],
  ['POST', '/api/campaign/coupon/claim', { templateKey: 'NOPE' }],
  ['POST', '/api/campaign/coupon/exchange', { code: '123' }],
  ['POST', '/api/campaign/coupon/exchange', { code: '1'.repeat(41) }],
  ['POST', '/api/campaign/coupon/exchange', {}],
  ['GET', '/api/campaign/coupon/gift'],
  ['GET', '/api/campaign/coupon/gift?shareCode=a b'],
  ['POST', '/api/campaign/coupon/gift/claim', { shareCode: '' }],
  ['GET', '/api/campaign/coupon/mine?status=all'],
  ['GET', '/api/campaign/coupon/mine/abc'],
  ['POST', '/api/campaign/coupon/mine/1/use', {}],
  ['POST', '/api/campaign/coupon/mine/1/use', { orderAmount: 0 }],
  ['POST', '/api/campaign/coupon/mine/1/use', { orderAmount: 1.5 }],
  ['POST', '/api/campaign/coupon/mine/1/use', { orderAmount: 100_000_001 }],
];

describe('campaign inputs', () => {
  let s: ProductTestServer;
  let shopper: Shopper;
  beforeAll(async () => {
    s = await startCampaignServer();
    shopper = await newShopper(s);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('asks for login on every action and personal read', async () => {
    for (const [method, path, body] of NEEDS_LOGIN) {
      const answer = await call(s.url, method, path, { body });
      expect(answer.body, `${method} ${path}`).toEqual({
        code: -331007,
        message: '登录已失效，请重新登录',
        data: null,
      });
      const expired = await call(s.url, method, path, { body, ut: 'no-such-session' });
      expect(expired.body.code, `${method} ${path} (unknown session)`).toBe(-331007);
    }
  });

  it('refuses every bad parameter with 400 and a message', async () => {
    for (const [method, path, body] of BAD) {
      const answer = await call(s.url, method, path, { body, ut: shopper.ut });
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      // 10001 names the parameter; 10002 is the product API's own code for a malformed mobile.
      expect([10001, 10002], `${method} ${path}`).toContain(answer.body.code);
      expect(answer.body.message, `${method} ${path}`).toMatch(/参数|请输入正确的手机号/);
    }
  });
});
