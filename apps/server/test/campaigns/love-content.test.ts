// The love account and the content pages over real HTTP on both engines: donations take points
// from the ledger atomically (racing donations never overdraw, never pass a project's goal, a
// retried request gives once), the donor list masks who gave, my donations; content pages answer
// their blocks, and a partner zone's coupons are claimed with the coupon centre's limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePoints } from '../../src/campaigns/kernel/points.ts';
import type { ProductTestServer } from '../product/helpers.ts';
import {
  admin,
  call,
  DAY_MS,
  data,
  newShopper,
  onEachEngine,
  startCampaignServer,
  type EngineSuite,
  type Json,
  type Shopper,
} from './helpers.ts';

const DONATE = '/api/campaign/love/donations';

const loveSuite: EngineSuite = (engine, overrides, cleanup) => {
  describe(`love account and content pages (${engine})`, () => {
    let s: ProductTestServer | undefined;
    beforeAll(async () => {
      const extra = await overrides();
      if (extra) s = await startCampaignServer(extra);
    }, 60_000);
    afterAll(async () => {
      await s?.stop();
      await cleanup();
    });

    const credit = async (shopper: Shopper, points: number) =>
      changePoints(s!.server.store.db, {
        userId: shopper.id,
        delta: points,
        reason: '测试积分',
        businessKey: `test:${randomUUID()}`,
        now: s!.clock.now(),
      });
    const give = (shopper: Shopper, project: string, points: number, requestId = randomUUID()) =>
      call(s!.url, 'POST', DONATE, { ut: shopper.ut, body: { project, points, requestId } });
    const balanceOf = async (shopper: Shopper) =>
      data(await call(s!.url, 'GET', '/api/campaign/love', { ut: shopper.ut })).balance;

    it('lists the projects logged out, with their goals and no progress yet', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const index = data(await call(s.url, 'GET', '/api/campaign/love'));
      expect(index).toMatchObject({ loggedIn: false, balance: null, myPoints: null });
      expect(
        index.projects.map((p: Json) => [p.key, p.goalPoints, p.raisedPoints, p.state]),
      ).toEqual([
        ['rural-books', 200000, 0, 'open'],
        ['clean-water', 150000, 0, 'open'],
        ['warm-meal', 100000, 0, 'open'],
      ]);
      const missing = await call(s.url, 'GET', '/api/campaign/love/projects/nope');
      expect(missing.body.code).toBe(64100);
      const loggedOut = await call(s.url, 'POST', DONATE, {
        body: { project: 'warm-meal', points: 10, requestId: randomUUID() },
      });
      expect(loggedOut.body.code).toBe(-331007);
    });

    it('donates points once per request, and refuses a second donation that would overdraw', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      await credit(shopper, 120);
      const requestId = randomUUID();
      const first = data(await give(shopper, 'warm-meal', 100, requestId));
      expect(first).toMatchObject({
        balance: 20,
        donation: { projectKey: 'warm-meal', projectTitle: '留守儿童营养加餐', points: 100 },
        project: { key: 'warm-meal', raisedPoints: 100, donations: 1, state: 'open' },
        donationsLeftToday: 4,
      });
      // The page retrying the same request (a lost answer) gives nothing more.
      const retried = data(await give(shopper, 'warm-meal', 100, requestId));
      expect(retried.donation.id).toBe(first.donation.id);
      expect(retried.balance).toBe(20);
      // A second donation past the balance is refused and changes nothing.
      const over = await give(shopper, 'warm-meal', 50);
      expect(over.body.code).toBe(60070);
      expect(await balanceOf(shopper)).toBe(20);
      const mine = data(
        await call(s.url, 'GET', '/api/campaign/love/donations/mine', { ut: shopper.ut }),
      );
      expect(mine.totalPoints).toBe(100);
      expect(mine.donations).toHaveLength(1);
      // Bad amounts: zero, fractions and more than one donation may give.
      expect((await give(shopper, 'warm-meal', 0)).body.code).toBe(10001);
      expect((await give(shopper, 'warm-meal', 1.5)).body.code).toBe(10001);
      const tooMuch = await give(shopper, 'warm-meal', 2001);
      expect(tooMuch.body).toMatchObject({ code: 64103, message: '单次最多捐赠2000积分' });
      expect((await give(shopper, 'nope', 1)).body.code).toBe(64100);
      expect(
        (
          await call(s.url, 'POST', DONATE, {
            ut: shopper.ut,
            body: { project: 'warm-meal', points: 1 },
          })
        ).body.code,
      ).toBe(10001);
    });

    it('never overdraws when donations race, whatever the engine', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      await credit(shopper, 250);
      // Five donations of 100 at once against 250 points: two go through, three are refused.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => give(shopper, 'clean-water', 100)),
      );
      const codes = answers.map((a) => a.body.code).sort();
      expect(codes).toEqual([0, 0, 60070, 60070, 60070]);
      expect(await balanceOf(shopper)).toBe(50);
      const ledger = await s.server.store.db
        .selectFrom('points_ledger')
        .select('delta')
        .where('user_id', '=', shopper.id)
        .execute();
      expect(ledger.reduce((sum, row) => sum + Number(row.delta), 0)).toBe(50);
      const project = data(await call(s.url, 'GET', '/api/campaign/love/projects/clean-water'));
      expect(project.project).toMatchObject({ raisedPoints: 200, donations: 2 });
    });

    it('stops at the goal and the daily limit, and masks the donors', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const settings = data(await admin(s.url, 'GET', '/admin/api/campaigns/love')).settings;
      const projects = settings.projects.map((p: Json) =>
        p.key === 'rural-books' ? { ...p, goalPoints: 300 } : p,
      );
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/love', {
          settings: { ...settings, projects },
        }),
      );
      const a = await newShopper(s);
      const b = await newShopper(s);
      await credit(a, 1000);
      await credit(b, 1000);
      // Two shoppers race for the last 300 points with 200 each: one fits, the other is told what is left.
      const racing = await Promise.all([give(a, 'rural-books', 200), give(b, 'rural-books', 200)]);
      const refused = racing.find((r) => r.body.code !== 0)!;
      expect(racing.filter((r) => r.body.code === 0)).toHaveLength(1);
      expect(refused.body).toMatchObject({
        code: 64102,
        message: '该项目还需100积分，请调整捐赠积分',
        data: { remainingPoints: 100 },
      });
      const loser = refused === racing[0] ? a : b;
      expect(await balanceOf(loser)).toBe(1000);
      data(await give(loser, 'rural-books', 100));
      expect((await give(a, 'rural-books', 1)).body.code).toBe(64101);
      const detail = data(
        await call(s.url, 'GET', '/api/campaign/love/projects/rural-books', { ut: a.ut }),
      );
      expect(detail.project).toMatchObject({
        raisedPoints: 300,
        remainingPoints: 0,
        state: 'funded',
      });
      expect(detail.donors).toHaveLength(2);
      for (const donor of detail.donors) {
        expect(donor.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
        expect(donor.name).toMatch(/^.\*\*$/u);
        expect(JSON.stringify(donor)).not.toContain(a.mobile);
        expect(JSON.stringify(donor)).not.toContain(b.mobile);
      }
      // Five donations a day; the sixth is refused and costs nothing.
      const c = await newShopper(s);
      await credit(c, 100);
      for (let i = 0; i < 5; i++) data(await give(c, 'warm-meal', 1));
      expect((await give(c, 'warm-meal', 1)).body.code).toBe(64104);
      expect(await balanceOf(c)).toBe(95);
      // A removed project's donations stay on the shopper's list.
      data(
        await admin(s.url, 'PATCH', '/admin/api/campaigns/love', {
          settings: {
            ...settings,
            projects: settings.projects.filter((p: Json) => p.key !== 'warm-meal'),
          },
        }),
      );
      const mine = data(
        await call(s.url, 'GET', '/api/campaign/love/donations/mine', { ut: c.ut }),
      );
      expect(mine.donations[0].projectTitle).toBe('已结束的爱心项目');
      data(await admin(s.url, 'PATCH', '/admin/api/campaigns/love', { settings }));
    });

    it('serves content pages as blocks and refuses other campaigns by that name', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      for (const page of ['giftstory', 'topic', 'baike', 'chinanet', 'nbcb']) {
        const view = data(await call(s.url, 'GET', `/api/campaign/content/${page}`));
        expect(view.blocks.length).toBeGreaterThan(0);
        expect(view.theme).toMatch(/^#[0-9a-f]{6}$/i);
      }
      const baike = data(await call(s.url, 'GET', '/api/campaign/content/baike'));
      expect(baike.blocks.find((b: Json) => b.type === 'entries').items[0]).toMatchObject({
        title: '芒果干',
        tags: ['果干', '菲律宾风味'],
      });
      expect((await call(s.url, 'GET', '/api/campaign/content/vote')).body.code).toBe(64200);
      expect((await call(s.url, 'GET', '/api/campaign/content/nope')).body.code).toBe(64200);
      expect((await call(s.url, 'GET', '/api/campaign/content/..%2Fvote')).body.code).toBe(10001);
      // An operator edits a page through the admin API; markup and script links are refused.
      const giftstory = data(await admin(s.url, 'GET', '/admin/api/campaigns/giftstory')).settings;
      const edited = {
        ...giftstory,
        blocks: [{ type: 'heading', text: '新的标题' }, ...giftstory.blocks],
      };
      data(await admin(s.url, 'PATCH', '/admin/api/campaigns/giftstory', { settings: edited }));
      const view = data(await call(s.url, 'GET', '/api/campaign/content/giftstory'));
      expect(view.blocks[0]).toEqual({ type: 'heading', text: '新的标题' });
      for (const bad of [
        { type: 'link', text: '点我', href: 'javascript:alert(1)' },
        { type: 'link', text: '点我', href: '//evil.example.com' },
        { type: 'html', html: '<script>alert(1)</script>' },
      ]) {
        const refused = await admin(s.url, 'PATCH', '/admin/api/campaigns/giftstory', {
          settings: { ...giftstory, blocks: [bad] },
        });
        expect(refused.body.code).not.toBe(0);
      }
      // An accent too light to carry white text and to be read on the page's light panels.
      const pale = await admin(s.url, 'PATCH', '/admin/api/campaigns/giftstory', {
        settings: { ...giftstory, theme: '#ffb74d' },
      });
      expect(pale.body.message).toContain('settings.theme 颜色太浅，白色文字看不清');
    });

    it('claims a partner zone’s coupons with the centre’s limits, into my coupons', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      const before = data(
        await call(s.url, 'GET', '/api/campaign/content/nbcb', { ut: shopper.ut }),
      );
      expect(before.coupons.map((c: Json) => [c.templateKey, c.state])).toEqual([
        ['nbcb-10-off-69', 'claimable'],
        ['nbcb-20-off-129', 'claimable'],
        ['nbcb-5-free', 'claimable'],
      ]);
      const claim = (page: string, templateKey: string) =>
        call(s!.url, 'POST', `/api/campaign/content/${page}/coupons/claim`, {
          ut: shopper.ut,
          body: { templateKey },
        });
      const coupon = data(await claim('nbcb', 'nbcb-10-off-69'));
      expect(coupon).toMatchObject({
        templateKey: 'nbcb-10-off-69',
        status: 'unused',
        value: 1000,
      });
      expect((await claim('nbcb', 'nbcb-10-off-69')).body.code).toBe(60052);
      // Another zone's coupon, or the centre's, is not this page's to give.
      expect((await claim('nbcb', 'chinanet-8-off-58')).body.code).toBe(60050);
      expect((await claim('nbcb', 'all-3-free')).body.code).toBe(60050);
      expect((await claim('vote', 'nbcb-5-free')).body.code).toBe(64200);
      const after = data(
        await call(s.url, 'GET', '/api/campaign/content/nbcb', { ut: shopper.ut }),
      );
      expect(after.coupons[0]).toMatchObject({ state: 'claimed', claimedByMe: 1 });
      const mine = data(await call(s.url, 'GET', '/api/campaign/coupon/mine', { ut: shopper.ut }));
      expect(JSON.stringify(mine)).toContain('nbcb-10-off-69');
    });

    it('refuses giving and claiming outside the window, and loses nothing', async (context) => {
      if (!s) return context.skip('PostgreSQL is not reachable');
      const shopper = await newShopper(s);
      await credit(shopper, 50);
      const now = s.clock.now();
      const love = data(await admin(s.url, 'GET', '/admin/api/campaigns/love'));
      const nbcb = data(await admin(s.url, 'GET', '/admin/api/campaigns/nbcb'));
      const ended = { startsAt: now - 2 * DAY_MS, endsAt: now - DAY_MS };
      data(await admin(s.url, 'PATCH', '/admin/api/campaigns/love', ended));
      data(await admin(s.url, 'PATCH', '/admin/api/campaigns/nbcb', ended));
      try {
        expect((await give(shopper, 'warm-meal', 10)).body.code).toBe(60002);
        expect(await balanceOf(shopper)).toBe(50);
        const claim = await call(s.url, 'POST', '/api/campaign/content/nbcb/coupons/claim', {
          ut: shopper.ut,
          body: { templateKey: 'nbcb-5-free' },
        });
        expect(claim.body.code).toBe(60002);
        // The pages still read, saying the campaign ended.
        const page = data(await call(s.url, 'GET', '/api/campaign/content/nbcb'));
        expect(page.campaign.state).toBe('ended');
      } finally {
        data(
          await admin(s.url, 'PATCH', '/admin/api/campaigns/love', {
            startsAt: love.startsAt,
            endsAt: love.endsAt,
          }),
        );
        data(
          await admin(s.url, 'PATCH', '/admin/api/campaigns/nbcb', {
            startsAt: nbcb.startsAt,
            endsAt: nbcb.endsAt,
          }),
        );
      }
    });
  });
};

await onEachEngine(loveSuite);
