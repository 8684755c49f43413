// The red-packet rain over real HTTP on both engines, with the WeChat provider against a local
// server speaking WeChat's OAuth API: a round needs the shopper's WeChat (50018 until the silent
// authorisation binds it), the server plans and signs the round and decides what it is worth;
// a forged token, taps over the caps, impossible catches, a replay, a late report and a repeated
// assist each answer their code and award nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/index.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import { FakeWechatOAuth, OA_APP_ID, OA_SECRET } from '../product/fake-wechat-oauth.ts';
import {
  DAY_MS,
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type Json,
  type Shopper,
} from './helpers.ts';

/** A browser holding the shopper's session cookie through the OAuth redirects. */
async function bindWechat(base: string, ut: string): Promise<URL> {
  const cookies = new Map<string, string>([['ut', ut]]);
  const get = async (url: string) => {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return new URL(response.headers.get('location') ?? '', base);
  };
  const wechatPage = await get(
    `${base}/api/wechat/oauth/authorize?returnTo=%2Factivity%2FredPacketRain%2Findex&scope=snsapi_base`,
  );
  const callback = await get(wechatPage.href);
  return get(callback.href);
}

await onEachEngine((engine, engineConfig, cleanup) => {
  describe(`red-packet rain (${engine})`, () => {
    const wechat = new FakeWechatOAuth();
    let s: ProductTestServer | undefined;
    let a: Shopper;
    beforeAll(async () => {
      const extra = await engineConfig();
      if (!extra) return;
      const wx = await wechat.start();
      const overrides: Partial<Config> = {
        ...extra,
        wechatOauth: 'wechat',
        wechatAppId: OA_APP_ID,
        wechatAppSecret: OA_SECRET,
        wechatOauthBase: wx,
        wechatApiBase: wx,
      };
      s = await startCampaignServer(overrides);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await wechat.stop();
      await cleanup();
    });

    const start = (ut: string) => call(s!.url, 'POST', '/api/campaign/rain/rounds', { ut });
    const settle = (ut: string, token: string, catches: Json[]) =>
      call(s!.url, 'POST', '/api/campaign/rain/rounds/settle', { ut, body: { token, catches } });
    const awards = async (ut: string) =>
      data(await call(s!.url, 'GET', '/api/campaign/rain/awards', { ut })) as Json[];
    /** Catches of the first `n` packets, each mid-fall. */
    const catchesOf = (round: Json, n: number) =>
      round.packets.slice(0, n).map((p: Json, i: number) => ({ packet: i, at: p.at + 500 }));
    const endRound = (round: Json) => s!.clock.advance(round.roundMs + 200);

    it('needs the WeChat identity, obtained by the silent authorisation', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const board = data(await call(s.url, 'GET', '/api/campaign/rain'));
      expect(board).toMatchObject({
        loggedIn: false,
        chances: null,
        wechatBound: null,
        requireWechat: true,
        roundSeconds: 20,
        minCatches: 5,
        dailyChances: 2,
        bonusChancesPerDay: 3,
      });
      expect(board.prizes.map((p: Json) => p.key)).toEqual([
        'points-88',
        'rain-coupon-10',
        'rain-gift-box',
      ]);
      expect((await call(s.url, 'POST', '/api/campaign/rain/rounds')).body.code).toBe(-331007);

      a = await newShopper(s);
      const refused = (await start(a.ut)).body;
      expect(refused.code).toBe(50018);
      expect(refused.data).toEqual({
        authorize:
          '/api/wechat/oauth/authorize?returnTo=%2Factivity%2FredPacketRain%2Findex&scope=snsapi_base',
      });
      // Nothing was spent by the refusal.
      expect(data(await call(s.url, 'GET', '/api/campaign/rain', { ut: a.ut }))).toMatchObject({
        wechatBound: false,
        chances: { left: 2, usedToday: 0, bonus: 0 },
      });
      wechat.openid = `o-rain-a-${engine}`;
      const back = await bindWechat(s.url, a.ut);
      expect(back.pathname).toBe('/activity/redPacketRain/index');
      expect(data(await call(s.url, 'GET', '/api/campaign/rain', { ut: a.ut })).wechatBound).toBe(
        true,
      );
    });

    it('plays a round the server planned: catches checked, the prize decided once', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const round = data(await start(a.ut));
      expect(round).toMatchObject({
        roundMs: 20_000,
        fallMs: 3200,
        maxTapsPerSecond: 8,
        maxTapsPerRound: 60,
        chances: { left: 1, usedToday: 1 },
      });
      expect(round.packets).toHaveLength(45);
      for (const p of round.packets) {
        expect(p.at).toBeGreaterThanOrEqual(0);
        expect(p.at + 3200).toBeLessThanOrEqual(20_000);
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(1);
      }
      expect(round.token).toMatch(/^r1\.\d+\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);

      const early = await settle(a.ut, round.token, catchesOf(round, 6));
      expect(early.body).toEqual({ code: 62104, message: '本轮红包雨还没结束', data: null });
      endRound(round);
      const won = data(await settle(a.ut, round.token, catchesOf(round, 6)));
      expect(won.catches).toBe(6);
      expect(won.chances).toMatchObject({ left: 1, usedToday: 1 });
      const mine = await awards(a.ut);
      if (won.prize.kind === 'thanks') {
        expect(won.award).toBeNull();
        expect(mine).toEqual([]);
      } else {
        expect(won.award).toMatchObject({ source: 'rain', prizeKey: won.prize.key });
        expect(mine).toHaveLength(1);
      }
      // The same token again: settled, nothing more.
      const replay = await settle(a.ut, round.token, catchesOf(round, 6));
      expect(replay.body.code).toBe(62102);
      expect(await awards(a.ut)).toHaveLength(mine.length);
    });

    it('refuses forged tokens, taps over the caps and impossible catches, awarding nothing', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const b = await newShopper(s);
      wechat.openid = `o-rain-b-${engine}`;
      await bindWechat(s.url, b.ut);
      const before = (await awards(b.ut)).length;

      const round = data(await start(b.ut));
      endRound(round);
      const [prefix, mac] = [round.token.slice(0, -43), round.token.slice(-43)];
      const flipped = `${prefix}${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      expect((await settle(b.ut, flipped, [])).body).toEqual({
        code: 62101,
        message: '本轮红包雨无效，请重新开始',
        data: null,
      });
      // Another shopper's token, and a token naming another round with this one's signature.
      expect((await settle(a.ut, round.token, [])).body.code).toBe(62101);
      const otherRound = round.token.replace(/^r1\.(\d+)/, (_: string, id: string) => {
        return `r1.${Number(id) + 1000}`;
      });
      expect((await settle(b.ut, otherRound, [])).body.code).toBe(62101);
      expect((await settle(b.ut, 'not-a-round-token', [])).body.code).toBe(62101);

      // Nine catches inside one second: more than anyone taps.
      const t = round.packets[8].at;
      const tooFast = Array.from({ length: 9 }, (_, i) => ({ packet: i, at: t + i * 50 }));
      expect((await settle(b.ut, round.token, tooFast)).body).toEqual({
        code: 62103,
        message: '点得太快了，本轮不计奖励',
        data: null,
      });
      // The refused round is spent: sending a corrected report is a replay.
      expect((await settle(b.ut, round.token, catchesOf(round, 5))).body.code).toBe(62102);

      const second = data(await start(b.ut));
      endRound(second);
      const unknownPacket = [...catchesOf(second, 5), { packet: 999, at: 100 }];
      expect((await settle(b.ut, second.token, unknownPacket)).body.code).toBe(62106);
      expect(await awards(b.ut)).toHaveLength(before);
      // No rounds left today.
      expect((await start(b.ut)).body).toEqual({
        code: 62100,
        message: '今天的红包雨次数已用完，邀请好友助力可再得机会',
        data: null,
      });
    });

    it('refuses a packet caught before it fell, twice, or a report after the round went stale', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const c = await newShopper(s);
      wechat.openid = `o-rain-c-${engine}`;
      await bindWechat(s.url, c.ut);
      const round = data(await start(c.ut));
      endRound(round);
      const last = round.packets.length - 1;
      const beforeItFell = [{ packet: last, at: Math.max(0, round.packets[last].at - 2000) }];
      if (round.packets[last].at >= 2000)
        expect((await settle(c.ut, round.token, beforeItFell)).body.code).toBe(62106);
      else expect(round.packets[last].at).toBeLessThan(2000);

      const again = data(await start(c.ut));
      endRound(again);
      const twice = [
        { packet: 0, at: again.packets[0].at + 100 },
        { packet: 0, at: again.packets[0].at + 900 },
      ];
      expect((await settle(c.ut, again.token, twice)).body.code).toBe(62106);
      expect(await awards(c.ut)).toEqual([]);
    });

    it('voids a round reported a minute after it ended; fewer catches than needed earn 谢谢参与', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const d = await newShopper(s);
      wechat.openid = `o-rain-d-${engine}`;
      await bindWechat(s.url, d.ut);
      const stale = data(await start(d.ut));
      s.clock.advance(stale.roundMs + 61_000);
      expect((await settle(d.ut, stale.token, catchesOf(stale, 6))).body.code).toBe(62105);

      const few = data(await start(d.ut));
      endRound(few);
      const result = data(await settle(d.ut, few.token, catchesOf(few, 4)));
      expect(result).toMatchObject({ catches: 4, prize: { key: 'thanks', kind: 'thanks' } });
      expect(result.award).toBeNull();
      expect(await awards(d.ut)).toEqual([]);
    });

    it('adds a round for each friend who helps, once per friend a day, listed in my assists', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const sharer = await newShopper(s);
      const friend = await newShopper(s);
      const board = data(await call(s.url, 'GET', '/api/campaign/rain', { ut: sharer.ut }));
      const shareCode = board.shareCode as string;
      expect(board.chances).toEqual({ left: 2, usedToday: 0, bonus: 0 });

      const seen = data(
        await call(s.url, 'GET', `/api/campaign/rain?shareCode=${shareCode}`, { ut: friend.ut }),
      );
      expect(seen.assist).toEqual({
        sharer: { nickname: expect.any(String) },
        isSelf: false,
        assistedToday: false,
      });
      const assist = (ut: string, code = shareCode) =>
        call(s!.url, 'POST', '/api/campaign/rain/assist', { ut, body: { shareCode: code } });
      expect(data(await assist(friend.ut))).toMatchObject({ sharerEarnedChance: true });
      expect((await assist(friend.ut)).body).toEqual({
        code: 62107,
        message: '今天已经为这位好友助力过了，明天再来吧',
        data: null,
      });
      expect((await assist(sharer.ut)).body.code).toBe(60024);
      expect((await assist(friend.ut, 'ZZZZ9999')).body.code).toBe(60023);
      expect(
        data(
          await call(s.url, 'GET', `/api/campaign/rain?shareCode=${shareCode}`, { ut: friend.ut }),
        ).assist.assistedToday,
      ).toBe(true);
      expect(
        data(await call(s.url, 'GET', '/api/campaign/rain', { ut: sharer.ut })).chances,
      ).toEqual({ left: 3, usedToday: 0, bonus: 1 });

      const mine = data(await call(s.url, 'GET', '/api/campaign/rain/assists', { ut: sharer.ut }));
      expect(mine).toMatchObject({ shareCode, today: 1, bonusChancesPerDay: 3 });
      expect(mine.helpers).toHaveLength(1);
      expect(mine.helpers[0]).toMatchObject({ day: '2026-01-15' });
      expect((await call(s.url, 'GET', '/api/campaign/rain/assists')).body.code).toBe(-331007);

      // The next China day the same friend may help again.
      s.clock.advance(DAY_MS);
      expect(data(await assist(friend.ut))).toMatchObject({ sharerEarnedChance: true });
      const later = data(await call(s.url, 'GET', '/api/campaign/rain/assists', { ut: sharer.ut }));
      expect(later.today).toBe(1);
      expect(later.helpers).toHaveLength(2);
    });
  });
});
