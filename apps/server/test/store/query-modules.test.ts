// The query modules that took over queries once written inline in routes, the gateway, messaging
// and the seed (issue 16): each named function, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imAppExists, storedAccid, type Store } from '../../src/store/index.ts';
import * as seedStore from '../../src/seed/seed-store.ts';
import { insertPageView } from '../../src/product/store/page-views.ts';
import { TeamStore } from '../../src/im/teams/team-store.ts';
import { donnopChangedSince } from '../../src/im/push-settings/donnop-store.ts';
import { claimableTemplates } from '../../src/campaigns/store/coupon-templates.ts';
import {
  writeCampaign,
  writeCouponTemplate,
  writePrize,
} from '../../src/campaigns/config-store.ts';
import * as adminStore from '../../src/campaigns/store/admin-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

await forEachEngine('query modules', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('seed store', () => {
    it('keeps the default app key: none at first, then the first, then its replacement', async () => {
      const { db } = store;
      expect(await seedStore.storedDefaultAppKey(db)).toBeUndefined();
      await seedStore.saveDefaultAppKey(db, 'first', false);
      expect(await seedStore.storedDefaultAppKey(db)).toBe('first');
      await seedStore.saveDefaultAppKey(db, 'second', true);
      expect(await seedStore.storedDefaultAppKey(db)).toBe('second');
    });

    it('inserts an app and changes its secret; an unknown app has none', async () => {
      const { db } = store;
      expect(await seedStore.appSecret(db, 'seedapp')).toBeUndefined();
      await seedStore.insertApp(db, { appKey: 'seedapp', secret: 's1', name: 'n', now: 1 });
      expect(await seedStore.appSecret(db, 'seedapp')).toBe('s1');
      await seedStore.setAppSecret(db, 'seedapp', 's2');
      expect(await seedStore.appSecret(db, 'seedapp')).toBe('s2');
    });

    it('inserts a demo account and replaces its token digest', async () => {
      const { db } = store;
      expect(await seedStore.findAccountToken(db, 'seedapp', 'demo9')).toBeUndefined();
      const account = { appKey: 'seedapp', accid: 'demo9', nick: '九', tokenHash: 'h1', now: 2 };
      await seedStore.insertDemoAccount(db, account);
      const found = await seedStore.findAccountToken(db, 'seedapp', 'demo9');
      expect(found?.token).toBe('h1');
      await seedStore.setAccountToken(db, found!.id, 'h2', 3);
      expect((await seedStore.findAccountToken(db, 'seedapp', 'demo9'))?.token).toBe('h2');
    });

    it('undoes every write of a failed seed transaction', async () => {
      const failed = seedStore.inSeedTransaction(store.db, async (trx) => {
        await seedStore.insertApp(trx, { appKey: 'halfway', secret: 's', name: 'n', now: 1 });
        throw new Error('seed failed');
      });
      await expect(failed).rejects.toThrow('seed failed');
      expect(await seedStore.appSecret(store.db, 'halfway')).toBeUndefined();
    });
  });

  describe('IM directory', () => {
    it('knows an app by its exact key', async () => {
      await seedStore.insertApp(store.db, { appKey: 'dirapp', secret: 's', name: 'n', now: 1 });
      expect(await imAppExists(store.db, 'dirapp')).toBe(true);
      expect(await imAppExists(store.db, 'DIRAPP')).toBe(false);
      expect(await imAppExists(store.db, 'nope')).toBe(false);
    });

    it('finds an account whatever the case it is asked in, only within its app', async () => {
      const account = { appKey: 'dirapp', accid: 'mixed1', nick: 'm', tokenHash: 'h', now: 1 };
      await seedStore.insertDemoAccount(store.db, account);
      expect(await storedAccid(store.db, 'dirapp', 'MiXeD1')).toBe('mixed1');
      expect(await storedAccid(store.db, 'otherapp', 'mixed1')).toBeUndefined();
      expect(await storedAccid(store.db, 'dirapp', 'ghost')).toBeUndefined();
    });
  });

  describe('page views', () => {
    it('stores a reported page view as given, nulls included', async () => {
      const view = {
        path: '/活动',
        title: '标题',
        referrer: '',
        ttfb_ms: 12,
        dom_ready_ms: null,
        load_ms: null,
        user_agent: 'ua',
        client_address: '203.0.113.9',
        created_at: 1_767_225_600_000,
      };
      await insertPageView(store.db, view);
      const rows = await store.db.selectFrom('lizard_page_views').selectAll().execute();
      expect(
        rows.map(({ id: _id, ...row }) => ({ ...row, created_at: Number(row.created_at) })),
      ).toEqual([view]);
    });
  });

  describe('team store', () => {
    const team = (kind: 'team' | 'superTeam', valid: number) => ({
      app_key: 'teamapp',
      kind,
      type: 'advanced',
      owner: 'owner1',
      level: 200,
      name: kind,
      avatar: '',
      intro: '',
      announcement: '',
      custom: '',
      join_mode: 'noVerify',
      be_invite_mode: 'noVerify',
      invite_mode: 'manager',
      update_team_mode: 'manager',
      update_custom_mode: 'manager',
      mute_type: 'none',
      member_num: 0,
      valid,
      member_updated_at: 1,
      created_at: 1,
      updated_at: 1,
    });

    it('lists the valid super teams an account is still a member of, nothing else', async () => {
      const teams = new TeamStore(store.db);
      const ids: number[] = [];
      for (const [kind, valid] of [
        ['superTeam', 1],
        ['superTeam', 1],
        ['superTeam', 0],
        ['team', 1],
      ] as const) {
        const row = await store.db
          .insertInto('im_teams')
          .values(team(kind, valid))
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
        await store.db.updateTable('im_teams').set({ valid: 1 }).where('id', '=', row.id).execute();
        await teams.admitMembers('teamapp', Number(row.id), ['member1'], 'owner1', 2);
        await store.db.updateTable('im_teams').set({ valid }).where('id', '=', row.id).execute();
      }
      await teams.removeMembers('teamapp', ids[1]!, ['member1'], 3);
      expect(await teams.superTeamIdsOf('teamapp', 'member1')).toEqual([ids[0]]);
      expect(await teams.superTeamIdsOf('teamapp', 'nobody')).toEqual([]);
      expect(await teams.superTeamIdsOf('otherapp', 'member1')).toEqual([]);
    });
  });

  describe('push settings', () => {
    it("answers an account's settings only when they changed after the given time", async () => {
      await store.db
        .insertInto('im_donnop')
        .values({
          app_key: 'pushapp',
          accid: 'p1',
          open: 1,
          start_time: '22:00',
          end_time: '08:00',
          show_detail: 0,
          updated_at: 100,
        })
        .execute();
      const row = await donnopChangedSince(store.db, 'pushapp', 'p1', 99);
      expect(row).toMatchObject({
        open: 1,
        start_time: '22:00',
        end_time: '08:00',
        show_detail: 0,
      });
      expect(Number(row!.updated_at)).toBe(100);
      expect(await donnopChangedSince(store.db, 'pushapp', 'p1', 100)).toBeUndefined();
      expect(await donnopChangedSince(store.db, 'pushapp', 'p2', 0)).toBeUndefined();
    });
  });

  describe('coupon templates', () => {
    it("lists only a campaign's claimable templates, oldest first", async () => {
      const template = (key: string, claimable: boolean) => ({
        key,
        name: key,
        category: '饮品',
        value: 500,
        threshold: 0,
        validDays: 7,
        perUserLimit: 1,
        claimable,
        channels: ['store' as const],
        scope: '全部门店',
      });
      await writeCouponTemplate(store.db, 'centre', template('first', true), 1, false);
      await writeCouponTemplate(store.db, 'centre', template('hidden', false), 1, false);
      await writeCouponTemplate(store.db, 'centre', template('second', true), 1, false);
      await writeCouponTemplate(store.db, 'elsewhere', template('other', true), 1, false);
      const listed = await claimableTemplates(store.db, 'centre');
      expect(listed.map((t) => t.template_key)).toEqual(['first', 'second']);
      expect(await claimableTemplates(store.db, 'none')).toEqual([]);
    });
  });
  describe('admin store', () => {
    const prize = (key: string, stock: number | null) => ({
      key,
      name: key,
      image: '',
      kind: 'goods' as const,
      weight: 1,
      slot: 0,
      stock,
    });

    it('lists and patches campaigns, and restocks prizes and templates relatively', async () => {
      const { db } = store;
      const campaign = {
        id: 'adminstore',
        kind: 'raffle',
        title: '旧标题',
        rules: ['一'],
        startsAt: 1000,
        endsAt: 2000,
        settings: {},
      } as unknown as Parameters<typeof writeCampaign>[1];
      await writeCampaign(db, campaign, 1, false);
      await writePrize(db, 'adminstore', prize('limited', 5), 1, false);
      await writePrize(db, 'adminstore', prize('unlimited', null), 1, false);
      expect((await adminStore.listCampaigns(db)).map((c) => c.id)).toContain('adminstore');

      await adminStore.updateCampaign(
        db,
        'adminstore',
        { title: '新标题', startsAt: 10, endsAt: 20 },
        7,
      );
      const [patched] = (await adminStore.listCampaigns(db)).filter((c) => c.id === 'adminstore');
      expect([
        patched!.title,
        patched!.rules,
        Number(patched!.starts_at),
        Number(patched!.ends_at),
      ]).toEqual(['新标题', '一', 10, 20]);

      expect(await adminStore.findPrizeStock(db, 'adminstore', 'limited')).toMatchObject({
        stock: 5,
      });
      expect(await adminStore.findPrizeStock(db, 'adminstore', 'unlimited')).toMatchObject({
        stock: null,
      });
      expect(await adminStore.findPrizeStock(db, 'adminstore', 'none')).toBeUndefined();
      expect(await adminStore.restockPrize(db, 'adminstore', 'limited', 3, 8)).toEqual({
        stock: 8,
        awarded: 0,
      });
      // Never below zero, never an unlimited or unknown prize.
      expect(await adminStore.restockPrize(db, 'adminstore', 'limited', -9, 8)).toBeUndefined();
      expect(await adminStore.restockPrize(db, 'adminstore', 'unlimited', 1, 8)).toBeUndefined();
      expect(await adminStore.restockPrize(db, 'adminstore', 'none', 1, 8)).toBeUndefined();

      await writeCouponTemplate(
        db,
        'adminstore',
        {
          key: 'admin-tpl',
          name: '券',
          category: '饮品',
          value: 500,
          threshold: 0,
          validDays: 7,
          perUserLimit: 1,
          claimable: true,
          channels: ['store' as const],
          scope: '全部门店',
          stock: 2,
        } as Parameters<typeof writeCouponTemplate>[2],
        1,
        false,
      );
      expect(await adminStore.restockTemplate(db, 'admin-tpl', -2, 9)).toEqual({
        stock: 0,
        issued: 0,
      });
      expect(await adminStore.restockTemplate(db, 'admin-tpl', -1, 9)).toBeUndefined();
    });
  });
});
