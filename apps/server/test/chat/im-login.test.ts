// The shopper's IM login (docs/chat-pages.md, decision 0044) over real HTTP on both engines, the
// answer used by the real SDK: the IM account is made on first use, every live session gets the
// same token, a logout replaces it (the old token's connection is closed and refused), an accid
// someone else registered is never taken over, a blocked account and a flood are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../harness/index.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { LEGACY, outboxCode, postForm, sendCode } from '../product/helpers.ts';
import {
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Shopper,
} from '../campaigns/helpers.ts';
import { IM_LOGINS_PER_MINUTE } from '../../src/chat/routes.ts';
import { shopperAccid } from '../../src/chat/shopper-accounts.ts';

const IM_LOGIN = '/api/chat/im-login';

interface ImLogin {
  appKey: string;
  account: string;
  token: string;
  lbsUrl: string;
  nick: string;
}

/** A second session of the same shopper (another device). */
async function loginAgain(s: ProductTestServer, shopper: Shopper): Promise<string> {
  s.clock.advance(61_000); // past the SMS resend interval
  await sendCode(s.url, shopper.mobile);
  const answer = await postForm<{ ut: string }>(s.url, '/ouser-web/mobileLogin/loginForm.do', {
    mobile: shopper.mobile,
    captchas: await outboxCode(s.url, shopper.mobile),
    ...LEGACY,
  });
  return answer.body.data.ut;
}

const suite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`the shopper's IM login (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const imLogin = (ut?: string) => call<ImLogin>(s!.url, 'POST', IM_LOGIN, ut ? { ut } : {});

    it('refuses a visitor with the login code', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      expect((await imLogin()).body.code).toBe(-331007);
      expect((await imLogin('not-a-session')).body.code).toBe(-331007);
    });

    it('makes the IM account on first use and answers a token the SDK logs in with', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const first = data(await imLogin(shopper.ut)) as ImLogin;
      expect(first).toMatchObject({
        appKey: s.server.seeded.appKey,
        account: shopperAccid(shopper.id),
        lbsUrl: '/im/lbs',
        nick: `用户${shopper.mobile.slice(-4)}`,
      });
      expect(await s.server.imAccounts.get(first.appKey, first.account)).toMatchObject({
        name: first.nick,
      });
      // The same token for the next tab, and for another device's session.
      expect((data(await imLogin(shopper.ut)) as ImLogin).token).toBe(first.token);
      const otherDevice = await loginAgain(s, shopper);
      expect((data(await imLogin(otherDevice)) as ImLogin).token).toBe(first.token);

      const { nim } = await connectClient(s, 0, {
        account: first.account,
        token: first.token,
      });
      await nim.destroy();
    });

    it('replaces the token when a session logs out, closing the old one’s connection', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const phone = await loginAgain(s, shopper);
      const before = data(await imLogin(shopper.ut)) as ImLogin;
      const { nim, events } = await connectClient(s, 0, {
        account: before.account,
        token: before.token,
      });

      const out = await postForm(
        s.url,
        '/ouser-web/mobileLogin/logout.do',
        { ...LEGACY },
        {
          ut: phone,
        },
      );
      expect(out.body.code).toBe(0);
      await events.next('disconnect');
      await nim.destroy();
      expect(
        await s.server.imAccounts.verifyLogin(before.appKey, before.account, before.token),
      ).toEqual({ ok: false, code: 302 });

      // The logged-out session gets nothing; the other one the new token.
      expect((await imLogin(phone)).body.code).toBe(-331007);
      const after = data(await imLogin(shopper.ut)) as ImLogin;
      expect(after.account).toBe(before.account);
      expect(after.token).not.toBe(before.token);
      expect(
        (await s.server.imAccounts.verifyLogin(after.appKey, after.account, after.token)).ok,
      ).toBe(true);
    });

    it('never takes over an accid registered by someone else', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const { appKey } = s.server.seeded;
      const theirs = await s.server.imAccounts.create({
        appKey,
        accid: shopperAccid(shopper.id),
      });
      const login = data(await imLogin(shopper.ut)) as ImLogin;
      expect(login.account).toMatch(new RegExp(`^${shopperAccid(shopper.id)}_[0-9a-f]{8}$`));
      expect((await s.server.imAccounts.verifyLogin(appKey, theirs.accid, theirs.token)).ok).toBe(
        true,
      );
    });

    it('refuses a blocked account, and a flood of logins', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const login = data(await imLogin(shopper.ut)) as ImLogin;
      await s.server.imAccounts.block(login.appKey, login.account);
      expect((await imLogin(shopper.ut)).body.code).toBe(65001);

      const other = await newShopper(s);
      const codes: number[] = [];
      for (let i = 0; i < IM_LOGINS_PER_MINUTE + 1; i++)
        codes.push((await imLogin(other.ut)).body.code);
      expect(codes.slice(0, IM_LOGINS_PER_MINUTE).every((c) => c === 0)).toBe(true);
      expect(codes.at(-1)).toBe(10004);
    });
  });
};

await onEachEngine(suite);
