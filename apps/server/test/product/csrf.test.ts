// Cross-site requests (review M12): a state-changing call that carries only the `ut` cookie must
// come from a page of this site; the header, which the app always sends, works from anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@morsel/api';
import {
  LEGACY,
  getJson,
  outboxCode,
  postForm,
  sendCode,
  startProductServer,
  type ProductTestServer,
} from './helpers.ts';

const REGISTER = '/ouser-web/memberRegisterForm.do';
const LOGOUT = '/ouser-web/mobileLogin/logout.do';
const INFO = '/ouser-web/api/user/info.do';
const ADDRESS = '/api/campaign/raffle/awards/1/address';
const ADDRESS_BODY = {
  name: '张三',
  mobile: '13500135000',
  regionCode: '110101',
  detail: '某街道一号院',
};

describe('the ut cookie on state-changing requests', () => {
  let s: ProductTestServer;
  let ut: string;
  let host: string;
  beforeAll(async () => {
    // The demo campaigns, so the campaign route below exists and reaches its session check.
    s = await startProductServer({ seedDemo: true });
    host = new URL(s.url).host;
    const mobile = '13500135000';
    await sendCode(s.url, mobile);
    const registered = await postForm<{ ut: string }>(s.url, REGISTER, {
      mobile,
      captchas: await outboxCode(s.url, mobile),
      ...LEGACY,
    });
    ut = registered.body.data.ut;
  });
  afterAll(() => s?.stop());

  const loggedIn = async () => (await getJson(s.url, INFO, { ut })).body.code === 0;

  it('refuses a cookie-only form post from another site with 10007, and the session stays', async () => {
    const sources: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      {},
    ];
    for (const origin of sources) {
      const refused = await postForm(s.url, LOGOUT, {}, { cookie: `ut=${ut}`, ...origin });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: CODES.crossSiteRefused.code,
        message: CODES.crossSiteRefused.message,
      });
    }
    expect(await loggedIn()).toBe(true);
  });

  it('refuses a cookie-only text/plain post to a campaign route from another site', async () => {
    const response = await fetch(`${s.url}${ADDRESS}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: `ut=${ut}`, origin: `http://evil.example` },
      body: JSON.stringify(ADDRESS_BODY),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: number }).code).toBe(CODES.crossSiteRefused.code);
  });

  it('accepts the header from anywhere and the cookie from this site', async () => {
    // A campaign route with the header gets past the session check (to whatever the award says).
    const withHeader = await fetch(`${s.url}${ADDRESS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ut, origin: 'http://evil.example' },
      body: JSON.stringify(ADDRESS_BODY),
    });
    expect(((await withHeader.json()) as { code: number }).code).not.toBe(
      CODES.crossSiteRefused.code,
    );
    // Reading with the cookie alone stays possible (GET changes nothing).
    expect(
      (await getJson(s.url, INFO, { cookie: `ut=${ut}`, origin: 'http://evil.example' })).body.code,
    ).toBe(0);

    const sameSite = await postForm(
      s.url,
      LOGOUT,
      {},
      { cookie: `ut=${ut}`, origin: `http://${host}` },
    );
    expect(sameSite.body.code).toBe(0);
    expect(await loggedIn()).toBe(false);
  });
});
