// The game centre over real HTTP on both engines: the catalogue with each game's window and my
// chances there, and the skill game scored on the server from the round's seed and the taps the
// page reports (never a score): a replayed finish, another shopper's round, taps later than the
// time that passed, a finish before the round could be over and a stale round pay nothing;
// rounds per day are capped; points land in the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundLength, tapSchedule, type TapRules } from '@morsel/api/tap-game';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  call,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Json,
} from './helpers.ts';

const gameSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`game centre (${engine})`, () => {
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

    const start = (ut: string) => call(url, 'POST', '/api/campaign/game/rounds', { ut });
    const finish = (ut: string, round: string, taps: { cell: number; at: number }[]) =>
      call(url, 'POST', `/api/campaign/game/rounds/${round}/finish`, { ut, body: { taps } });

    it('lists the games with my chances and my points', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const visitor = data(await call(url, 'GET', '/api/campaign/game'));
      expect(visitor).toMatchObject({ loggedIn: false, points: null });
      expect(visitor.games.map((g: Json) => [g.key, g.page, g.state, g.chances])).toEqual([
        ['fission', 'fission', 'running', null],
        ['free', 'free', 'running', null],
        ['vote', 'vote', 'running', null],
        ['bag', 'bag', 'running', null],
      ]);
      expect(visitor.tap).toMatchObject({
        title: '眼疾手快',
        roundsPerDay: 5,
        roundsLeftToday: null,
      });
      const a = await newShopper(s);
      data(await call(url, 'POST', '/api/campaign/free/shake', { ut: a.ut }));
      const mine = data(await call(url, 'GET', '/api/campaign/game', { ut: a.ut }));
      expect(mine).toMatchObject({ loggedIn: true, tap: { roundsLeftToday: 5, bestToday: null } });
      expect(mine.games.map((g: Json) => g.chances)).toEqual([
        '今日还可开 3 个红包',
        '今日还可摇 2 次',
        '今日还可投 3 票',
        '今日还可兑奖 30 次',
      ]);
    });

    it('scores the taps on the server and credits points once per round', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      expect((await start('')).body.code).toBe(-331007);
      const a = await newShopper(s);
      const b = await newShopper(s);
      const round = data(await start(a.ut));
      expect(round).toMatchObject({ roundsLeftToday: 4, rules: { targets: 12 } });
      const rules: TapRules = round.rules;
      const targets = tapSchedule(round.seed, rules);
      // Every snack tapped 200 ms after it appeared: 80 a hit.
      const perfect = targets.map((t) => ({ cell: t.cell, at: t.at + 200 }));

      // Reporting the taps before that much time passed on the server is refused, and voids it.
      s.clock.advance(3000);
      expect((await finish(a.ut, round.round, perfect)).body.code).toBe(62305);
      expect((await finish(a.ut, round.round, perfect)).body.code).toBe(62303);

      const again = data(await start(a.ut));
      const schedule = tapSchedule(again.seed, rules);
      const taps = schedule.map((t) => ({ cell: t.cell, at: t.at + 200 }));
      // A tap on a wrong cell costs points instead of scoring.
      taps.splice(1, 0, { cell: (schedule[0]!.cell + 1) % 9, at: schedule[0]!.at + 300 });
      s.clock.advance(roundLength(schedule, rules));
      expect((await finish(b.ut, again.round, taps)).body.code).toBe(62302);
      const scored = data(await finish(a.ut, again.round, taps));
      expect(scored).toMatchObject({
        score: 12 * 80 - 20,
        hits: 12,
        points: 9,
        balance: 9,
        bestToday: 940,
      });
      expect((await finish(a.ut, again.round, taps)).body.code).toBe(62303);
      const summary = data(await call(url, 'GET', '/api/campaign/hub/summary', { ut: a.ut }));
      expect(summary.points).toBe(9);

      // Nothing but taps is read: a score sent along changes nothing.
      const third = data(await start(a.ut));
      s.clock.advance(roundLength(tapSchedule(third.seed, rules), rules));
      const cheat = await call(url, 'POST', `/api/campaign/game/rounds/${third.round}/finish`, {
        ut: a.ut,
        body: { taps: [], score: 99999, points: 20 },
      });
      expect(data(cheat)).toMatchObject({ score: 0, hits: 0, points: 0, balance: 9 });
      // A round left for more than ten minutes is void.
      const fourth = data(await start(a.ut));
      s.clock.advance(11 * 60_000);
      expect((await finish(a.ut, fourth.round, [])).body.code).toBe(62304);

      // Five rounds a day.
      data(await start(a.ut));
      expect((await start(a.ut)).body).toEqual({
        code: 62301,
        message: '今日游戏次数已用完，明天再来吧',
        data: null,
      });
      expect(data(await call(url, 'GET', '/api/campaign/game', { ut: a.ut })).tap).toMatchObject({
        roundsLeftToday: 0,
        bestToday: 940,
      });
      expect(data(await call(url, 'GET', '/api/campaign/hub/summary', { ut: a.ut })).points).toBe(
        9,
      );
    });
  });
};

await onEachEngine(gameSuite);
