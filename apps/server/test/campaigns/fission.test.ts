// Red-packet fission over real HTTP on both engines: opening a packet needs the shopper's WeChat
// (the development provider's round trip binds it), the owner keeps share 0, friends take the
// next shares once each, within the time limit; racing friends never take more than the packet;
// the new shoppers' packet has its own rules; channels are attributed; bad input (forged and
// malformed tokens, helping twice, one's own packet, an expired or full packet, past the day's
// limits) answers its code and pays nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  DAY_MS,
  admin,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Json,
  type Shopper,
} from './helpers.ts';

const INDEX = '/activity/redPacketFission/index';

/** Binds a fresh development WeChat identity to the shopper, as the oauth page's round trip does. */
async function bindWechat(base: string, ut: string): Promise<void> {
  const cookies = new Map<string, string>([['ut', ut]]);
  const get = async (url: string) => {
    const response = await fetch(new URL(url, base), {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      if (pair!.slice(at + 1)) cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { location: response.headers.get('location') ?? '', text: await response.text() };
  };
  const start = await get(
    `/api/wechat/oauth/authorize?returnTo=${encodeURIComponent(INDEX)}&scope=snsapi_base`,
  );
  const page = await get(start.location);
  const allow = /<a class="button allow" href="([^"]+)"/
    .exec(page.text)![1]!
    .replaceAll('&#38;', '&');
  const callback = await get(allow);
  const back = await get(callback.location);
  expect(new URL(back.location || callback.location, base).pathname).toBe(INDEX);
}

const fissionSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`red-packet fission (${engine})`, () => {
    let s: ProductTestServer | undefined;
    let url = '';
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) {
        s = await startCampaignServer(extra);
        url = s.url;
      }
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const bound = async (): Promise<Shopper> => {
      const shopper = await newShopper(s!);
      await bindWechat(url, shopper.ut);
      return shopper;
    };
    const open = (ut: string, kind: 'normal' | 'new', channel?: string) =>
      call(url, 'POST', '/api/campaign/fission/packets', {
        ut,
        body: channel ? { kind, channel } : { kind },
      });
    const help = (ut: string, token: string, channel?: string) =>
      call(url, 'POST', `/api/campaign/fission/packets/${token}/help`, {
        ut,
        body: channel ? { channel } : {},
      });
    const balance = async (ut: string) =>
      Number(data(await call(url, 'GET', '/api/campaign/hub/summary', { ut })).points);

    it('opens a packet for a shopper with WeChat and pays each friend one share', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const page = data(await call(url, 'GET', '/api/campaign/fission'));
      expect(page).toMatchObject({
        loggedIn: false,
        mine: null,
        packet: { totalPoints: 888, shares: 6, minutes: 1440 },
        newUser: { totalPoints: 1888, shares: 4, accountAgeDays: 7 },
        share: { title: '帮我拆个红包，你也能领积分' },
      });
      expect((await open('', 'normal')).body.code).toBe(-331007);

      const owner = await newShopper(s);
      // Without a WeChat the refusal says where to authorise and come back.
      const refused = (await open(owner.ut, 'normal')).body;
      expect(refused.code).toBe(50018);
      expect(refused.data.authorize).toContain('returnTo=%2Factivity%2FredPacketFission%2Findex');
      await bindWechat(url, owner.ut);

      const opened = data(await open(owner.ut, 'normal', 'poster'));
      const packet = opened.packet;
      expect(packet).toMatchObject({
        kind: 'normal',
        mine: true,
        totalPoints: 888,
        shares: 6,
        taken: 1,
        state: 'open',
        expiresAt: s.clock.now() + DAY_MS,
      });
      expect(packet.token).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(packet.myPoints).toBe(packet.paid);
      expect(opened.award).toMatchObject({
        kind: 'points',
        source: 'fission',
        value: packet.myPoints,
      });
      expect(await balance(owner.ut)).toBe(packet.myPoints);

      // A visitor sees the packet from the share link; a friend may help.
      const seen = data(await call(url, 'GET', `/api/campaign/fission/packets/${packet.token}`));
      expect(seen).toMatchObject({
        loggedIn: false,
        canHelp: false,
        packet: { mine: false, taken: 1 },
      });
      const friend = await bound();
      expect(
        data(
          await call(url, 'GET', `/api/campaign/fission/packets/${packet.token}`, {
            ut: friend.ut,
          }),
        ).canHelp,
      ).toBe(true);
      const helped = data(await help(friend.ut, packet.token, 'poster'));
      expect(helped.packet).toMatchObject({ taken: 2, mine: false, myPoints: helped.points });
      expect(helped.award).toMatchObject({ source: 'fission', value: helped.points });
      expect(await balance(friend.ut)).toBe(helped.points);
      expect(helped.packet.helpers.map((h: Json) => h.owner)).toEqual([true, false]);

      // Bad input: twice, one's own, a forged token, a malformed one, a friend without WeChat.
      const twice = (await help(friend.ut, packet.token)).body;
      expect(twice).toEqual({ code: 62205, message: '您已经帮好友拆过这个红包了', data: null });
      expect((await help(owner.ut, packet.token)).body.code).toBe(62204);
      expect((await help(friend.ut, 'AAAAAAAAAAAAAAAAAAAA')).body.code).toBe(62201);
      expect((await help(friend.ut, 'x;drop')).body.code).toBe(10001);
      const stranger = await newShopper(s);
      expect((await help(stranger.ut, packet.token)).body.code).toBe(50018);
      expect(await balance(friend.ut)).toBe(helped.points);
      expect(await balance(stranger.ut)).toBe(0);

      // The page shows my packet; the channel is attributed for the operator.
      const mine = data(await call(url, 'GET', '/api/campaign/fission', { ut: owner.ut }));
      expect(mine).toMatchObject({
        loggedIn: true,
        packetsLeftToday: 2,
        mine: { token: packet.token, taken: 2 },
      });
      const channels = data(
        await admin(url, 'GET', '/admin/api/campaigns/fission/fission-channels'),
      );
      expect(channels.channels).toContainEqual({
        channel: 'poster',
        packets: 1,
        helps: 1,
        points: packet.myPoints + helped.points,
      });
      expect(
        (await admin(url, 'GET', '/admin/api/campaigns/vote/fission-channels')).body.code,
      ).toBe(61003);

      // Once the time limit passes, nobody can help any more.
      s.clock.advance(DAY_MS);
      const late = await bound();
      expect((await help(late.ut, packet.token)).body.code).toBe(62202);
      expect(await balance(late.ut)).toBe(0);
      const expired = data(await call(url, 'GET', `/api/campaign/fission/packets/${packet.token}`));
      expect(expired.packet).toMatchObject({ state: 'expired', taken: 2 });
    }, 120_000);

    it('never pays more than the packet when friends race for the last shares', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const settings = data(await admin(url, 'GET', '/admin/api/campaigns/fission')).settings;
      data(
        await admin(url, 'PATCH', '/admin/api/campaigns/fission', {
          settings: { ...settings, packet: { totalPoints: 100, shares: 4, minutes: 60 } },
        }),
      );
      try {
        const owner = await bound();
        const packet = data(await open(owner.ut, 'normal')).packet;
        const friends = await Promise.all(Array.from({ length: 8 }, () => bound()));
        const answers = await Promise.all(friends.map((f) => help(f.ut, packet.token)));
        const codes = answers.map((a) => a.body.code).sort();
        expect(codes).toEqual([0, 0, 0, 62203, 62203, 62203, 62203, 62203]);
        const paid = await Promise.all([owner, ...friends].map((f) => balance(f.ut)));
        expect(paid.reduce((a, b) => a + b, 0)).toBe(100);
        const full = data(await call(url, 'GET', `/api/campaign/fission/packets/${packet.token}`));
        expect(full.packet).toMatchObject({ state: 'full', taken: 4, paid: 100 });
        // The same friend racing with themself is paid once.
        const again = data(await open(owner.ut, 'normal')).packet;
        const twin = await bound();
        const racing = await Promise.all(
          Array.from({ length: 5 }, () => help(twin.ut, again.token)),
        );
        expect(racing.filter((a) => a.body.code === 0)).toHaveLength(1);
        expect(racing.filter((a) => a.body.code !== 0).every((a) => a.body.code === 62205)).toBe(
          true,
        );
        expect(
          data(await call(url, 'GET', `/api/campaign/fission/packets/${again.token}`)).packet.taken,
        ).toBe(2);
      } finally {
        data(await admin(url, 'PATCH', '/admin/api/campaigns/fission', { settings }));
      }
    }, 120_000);

    it('gives new shoppers one packet of their own rules and limits packets and helps a day', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const settings = data(await admin(url, 'GET', '/admin/api/campaigns/fission')).settings;
      data(
        await admin(url, 'PATCH', '/admin/api/campaigns/fission', {
          settings: { ...settings, packetsPerDay: 1, helpsPerDay: 1 },
        }),
      );
      try {
        const fresh = await bound();
        expect(
          data(await call(url, 'GET', '/api/campaign/fission', { ut: fresh.ut })).newUserEligible,
        ).toBe(true);
        const mine = data(await open(fresh.ut, 'new')).packet;
        expect(mine).toMatchObject({ kind: 'new', totalPoints: 1888, shares: 4 });
        expect((await open(fresh.ut, 'new')).body.code).toBe(62209);
        const page = data(await call(url, 'GET', '/api/campaign/fission', { ut: fresh.ut }));
        expect(page).toMatchObject({ newUserEligible: false, myNew: { token: mine.token } });

        // One ordinary packet a day; a refused open counts nothing and pays nothing.
        data(await open(fresh.ut, 'normal'));
        const before = await balance(fresh.ut);
        expect((await open(fresh.ut, 'normal')).body.code).toBe(62207);
        expect(await balance(fresh.ut)).toBe(before);

        // One help a day: the second packet is refused and its share stays for someone else.
        const other = await bound();
        const otherPacket = data(await open(other.ut, 'normal')).packet;
        const helper = await bound();
        data(await help(helper.ut, mine.token));
        expect((await help(helper.ut, otherPacket.token)).body.code).toBe(62206);
        expect(
          data(await call(url, 'GET', `/api/campaign/fission/packets/${otherPacket.token}`)).packet
            .taken,
        ).toBe(1);

        // Past the new-shopper days, the new packet is refused.
        s.clock.advance(8 * DAY_MS);
        expect((await open(other.ut, 'new')).body.code).toBe(62208);
        expect(
          data(await call(url, 'GET', '/api/campaign/fission', { ut: other.ut })).newUserEligible,
        ).toBe(false);
      } finally {
        data(await admin(url, 'PATCH', '/admin/api/campaigns/fission', { settings }));
      }
    }, 120_000);

    it('refuses settings that cannot pay a point a share', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const settings = data(await admin(url, 'GET', '/admin/api/campaigns/fission')).settings;
      const bad = await admin(url, 'PATCH', '/admin/api/campaigns/fission', {
        settings: { ...settings, packet: { totalPoints: 3, shares: 4, minutes: 60 } },
      });
      expect(bad.body.code).toBe(61003);
    });
  });
};

await onEachEngine(fissionSuite);
