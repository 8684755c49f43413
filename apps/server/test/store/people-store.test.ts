// The people feature's store modules (issue 16): profiles, friendships, relations and stored
// system messages, each named function on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { insertApp, insertDemoAccount } from '../../src/seed/seed-store.ts';
import * as profiles from '../../src/im/people/profile-store.ts';
import * as friends from '../../src/im/people/friend-store.ts';
import * as relations from '../../src/im/people/relation-store.ts';
import * as sysmsgs from '../../src/im/people/sysmsg-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'peopleapp';
const OTHER_APP = 'otherapp';

await forEachEngine('people store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    for (const appKey of [APP, OTHER_APP])
      await insertApp(store.db, { appKey, secret: 's', name: appKey, now: 1 });
    for (const accid of ['ann', 'bob', 'cat'])
      await insertDemoAccount(store.db, {
        appKey: APP,
        accid,
        nick: accid,
        tokenHash: 'h',
        now: 1,
      });
    await insertDemoAccount(store.db, {
      appKey: OTHER_APP,
      accid: 'dan',
      nick: 'dan',
      tokenHash: 'h',
      now: 1,
    });
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('profiles', () => {
    it('reads the profiles asked for in any case, within the app only; none for none', async () => {
      const { db } = store;
      expect(await profiles.profilesOf(db, APP, [])).toEqual([]);
      const rows = await profiles.profilesOf(db, APP, ['ANN', 'bob', 'ghost', 'dan']);
      expect(rows.map((r) => r.accid).sort()).toEqual(['ann', 'bob']);
      expect(rows.find((r) => r.accid === 'ann')).toMatchObject({ nick: 'ann', sign: '' });
    });

    it('knows an account by its stored spelling, undefined when missing or in another app', async () => {
      const { db } = store;
      expect(await profiles.storedAccountId(db, APP, 'BoB')).toBe('bob');
      expect(await profiles.storedAccountId(db, APP, 'dan')).toBeUndefined();
      expect(await profiles.storedAccountId(db, APP, 'ghost')).toBeUndefined();
    });

    it('updates only the fields given and tells the change after its timetag', async () => {
      const { db } = store;
      await profiles.updateProfile(db, APP, 'cat', { sign: '喵', icon: 'http://a/b.png' }, 500);
      const changed = await profiles.ownProfileChangedSince(db, APP, 'cat', 499);
      expect(changed).toMatchObject({ sign: '喵', icon: 'http://a/b.png', nick: 'cat' });
      expect(Number(changed!.updated_at)).toBe(500);
      expect(await profiles.ownProfileChangedSince(db, APP, 'cat', 500)).toBeUndefined();
      // Another account, or an unknown one, is left alone.
      await profiles.updateProfile(db, APP, 'ghost', { sign: 'x' }, 600);
      expect(await profiles.ownProfileChangedSince(db, APP, 'ann', 1)).toBeUndefined();
    });
  });

  describe('friendships', () => {
    it('makes, renews and unmakes one direction, keeping notes unless asked', async () => {
      const { db } = store;
      expect(await friends.findFriend(db, APP, 'ann', 'bob')).toBeUndefined();
      await friends.setFriendship(db, APP, 'ann', 'bob', { valid: true, clearAlias: false }, 10);
      expect(await friends.findFriend(db, APP, 'ann', 'bob')).toMatchObject({
        valid: 1,
        alias: '',
      });
      // Only ann's side exists.
      expect(await friends.findFriend(db, APP, 'bob', 'ann')).toBeUndefined();

      await friends.updateFriendNotes(db, APP, 'ann', 'bob', { alias: '小波' }, 20);
      await friends.updateFriendNotes(db, APP, 'ann', 'bob', { custom: '{"k":1}' }, 21);
      await friends.updateFriendNotes(db, APP, 'ann', 'bob', { serverex: '{"s":2}' }, 22);
      expect(await friends.findFriend(db, APP, 'ann', 'bob')).toMatchObject({
        alias: '小波',
        custom: '{"k":1}',
        serverex: '{"s":2}',
      });

      await friends.setFriendship(db, APP, 'ann', 'bob', { valid: false, clearAlias: false }, 30);
      const kept = await friends.findFriend(db, APP, 'ann', 'bob');
      expect(kept).toMatchObject({ valid: 0, alias: '小波' });
      expect(Number(kept!.created_at)).toBe(10);

      await friends.setFriendship(db, APP, 'ann', 'bob', { valid: true, clearAlias: false }, 40);
      const renewed = await friends.findFriend(db, APP, 'ann', 'bob');
      expect(renewed).toMatchObject({ valid: 1, alias: '小波' });
      expect(Number(renewed!.created_at)).toBe(40);

      await friends.setFriendship(db, APP, 'ann', 'bob', { valid: false, clearAlias: true }, 50);
      expect(await friends.findFriend(db, APP, 'ann', 'bob')).toMatchObject({
        valid: 0,
        alias: '',
      });
    });

    it('lists current friends, friends among a list, changes since a timetag and friend profiles', async () => {
      const { db } = store;
      await friends.setFriendship(db, APP, 'bob', 'ann', { valid: true, clearAlias: false }, 100);
      await friends.setFriendship(db, APP, 'bob', 'cat', { valid: true, clearAlias: false }, 110);
      await friends.setFriendship(db, APP, 'bob', 'cat', { valid: false, clearAlias: false }, 120);

      expect((await friends.currentFriends(db, APP, 'bob')).map((f) => f.friend)).toEqual(['ann']);
      expect(await friends.currentFriends(db, APP, 'cat')).toEqual([]);
      expect(await friends.validFriendsAmong(db, APP, 'bob', [])).toEqual(new Set());
      expect(await friends.validFriendsAmong(db, APP, 'bob', ['ann', 'cat', 'ghost'])).toEqual(
        new Set(['ann']),
      );

      const since105 = await friends.friendsChangedSince(db, APP, 'bob', 105);
      expect(since105.map((f) => [f.friend, f.valid])).toEqual([['cat', 0]]);
      expect(await friends.friendsChangedSince(db, APP, 'bob', 120)).toEqual([]);

      // Only current friends' profiles: ann's (last changed at 1), not cat's.
      expect(
        (await profiles.friendProfilesChangedSince(db, APP, 'bob', 0)).map((r) => r.accid),
      ).toEqual(['ann']);
      expect(await profiles.friendProfilesChangedSince(db, APP, 'bob', 1)).toEqual([]);
    });
  });

  describe('relations', () => {
    it('puts an account on a list and takes it off; each list and app apart', async () => {
      const { db } = store;
      expect(await relations.hasRelation(db, APP, 'ann', 'bob', 'blacklist')).toBe(false);
      await relations.setRelation(db, APP, 'ann', 'bob', 'blacklist', true, 10);
      await relations.setRelation(db, APP, 'ann', 'cat', 'mutelist', true, 11);
      expect(await relations.hasRelation(db, APP, 'ann', 'bob', 'blacklist')).toBe(true);
      expect(await relations.hasRelation(db, APP, 'ann', 'bob', 'mutelist')).toBe(false);
      expect(await relations.hasRelation(db, APP, 'bob', 'ann', 'blacklist')).toBe(false);
      expect(await relations.hasRelation(db, OTHER_APP, 'ann', 'bob', 'blacklist')).toBe(false);
      expect(
        (await relations.activeRelations(db, APP, 'ann')).sort((a, b) =>
          a.target.localeCompare(b.target),
        ),
      ).toEqual([
        { target: 'bob', kind: 'blacklist' },
        { target: 'cat', kind: 'mutelist' },
      ]);

      await relations.setRelation(db, APP, 'ann', 'cat', 'mutelist', false, 20);
      expect(await relations.activeRelations(db, APP, 'ann')).toEqual([
        { target: 'bob', kind: 'blacklist' },
      ]);
      const changed = await relations.relationsChangedSince(db, APP, 'ann', 15);
      expect(changed.map((r) => [r.target, r.kind, r.active, Number(r.updated_at)])).toEqual([
        ['cat', 'mutelist', 0, 20],
      ]);
    });

    it('answers who blacklisted an account and whom it blacklisted, among a list', async () => {
      const { db } = store;
      await relations.setRelation(db, APP, 'cat', 'bob', 'blacklist', true, 30);
      await relations.setRelation(db, APP, 'bob', 'cat', 'mutelist', true, 30);
      expect(await relations.blacklistersOf(db, APP, 'bob', [])).toEqual(new Set());
      expect(await relations.blacklistersOf(db, APP, 'bob', ['ann', 'cat', 'ghost'])).toEqual(
        new Set(['ann', 'cat']),
      );
      expect(await relations.blacklistedBy(db, APP, 'bob', ['cat'])).toEqual(new Set());
      expect(await relations.blacklistedBy(db, APP, 'ann', ['bob', 'cat'])).toEqual(
        new Set(['bob']),
      );
      await relations.setRelation(db, APP, 'ann', 'bob', 'blacklist', false, 40);
      expect(await relations.blacklistersOf(db, APP, 'bob', ['ann', 'cat'])).toEqual(
        new Set(['cat']),
      );
    });
  });

  describe('system messages', () => {
    const row = (over: Partial<sysmsgs.NewSysMsgRow>): sysmsgs.NewSysMsgRow => ({
      app_key: APP,
      to_accid: 'ann',
      from_accid: 'bob',
      type: 'applyFriend',
      category: 'friend',
      ps: null,
      attach: null,
      target: null,
      state: 'init',
      read: 0,
      time: 1,
      updated_at: 1,
      ...over,
    });

    it('replaces a pending request that repeats, keeps different ones apart', async () => {
      const { db } = store;
      const first = await sysmsgs.storePendingRequest(
        db,
        row({ ps: '一', time: 10, updated_at: 10 }),
      );
      await sysmsgs.setSysMsgsRead(db, APP, 'ann', [first], 11);
      const again = await sysmsgs.storePendingRequest(
        db,
        row({ ps: '二', time: 12, updated_at: 12 }),
      );
      expect(again).toBe(first);
      const stored = await sysmsgs.pendingRequest(db, APP, 'applyFriend', 'bob', 'ann');
      expect(stored).toMatchObject({ ps: '二', read: 0 });
      expect(Number(stored!.time)).toBe(12);

      // Other details, another target or another type are other requests.
      const team = await sysmsgs.storePendingRequest(
        db,
        row({ type: 'applyTeam', category: 'team', attach: '{"teamId":"7"}', time: 13 }),
      );
      const otherTeam = await sysmsgs.storePendingRequest(
        db,
        row({ type: 'applyTeam', category: 'team', attach: '{"teamId":"8"}', time: 14 }),
      );
      expect(new Set([first, team, otherTeam]).size).toBe(3);
      expect(
        (await sysmsgs.pendingRequestsFrom(db, APP, 'applyTeam', 'bob')).map((r) => r.attach),
      ).toEqual(['{"teamId":"7"}', '{"teamId":"8"}']);
      expect(await sysmsgs.pendingRequestsFrom(db, APP, 'applyTeam', 'bob', 'cat')).toEqual([]);
      expect(await sysmsgs.pendingRequestsFrom(db, APP, 'applyTeam', 'cat')).toEqual([]);
    });

    it('finds the latest pending request, or the one named by id; a settled one is gone', async () => {
      const { db } = store;
      const a = await sysmsgs.insertSysMsg(db, row({ from_accid: 'cat', time: 20 }));
      const b = await sysmsgs.insertSysMsg(db, row({ from_accid: 'cat', time: 21 }));
      const latest = await sysmsgs.pendingRequest(db, APP, 'applyFriend', 'cat', 'ann');
      expect(Number(latest!.id)).toBe(b);
      const named = await sysmsgs.pendingRequest(db, APP, 'applyFriend', 'cat', 'ann', String(a));
      expect(Number(named!.id)).toBe(a);
      // An id that is not a number is ignored; an unknown one finds nothing.
      expect(
        Number((await sysmsgs.pendingRequest(db, APP, 'applyFriend', 'cat', 'ann', 'x'))!.id),
      ).toBe(b);
      expect(
        await sysmsgs.pendingRequest(db, APP, 'applyFriend', 'cat', 'ann', '999999'),
      ).toBeUndefined();

      await sysmsgs.settleRequest(db, b, 'rejected', 30);
      await sysmsgs.settleRequest(db, a, 'passed', 30);
      expect(await sysmsgs.pendingRequest(db, APP, 'applyFriend', 'cat', 'ann')).toBeUndefined();
      // Settling an unknown id changes nothing and does not fail.
      await sysmsgs.settleRequest(db, 999_999, 'error', 31);
    });

    it('marks read only the recipient’s own, and reads back changes newest first within a limit', async () => {
      const { db } = store;
      const mine = await sysmsgs.insertSysMsg(
        db,
        row({ to_accid: 'cat', state: 'passed', time: 40, updated_at: 40 }),
      );
      const theirs = await sysmsgs.insertSysMsg(
        db,
        row({ to_accid: 'bob', from_accid: 'ann', state: 'passed', time: 41, updated_at: 41 }),
      );
      await sysmsgs.setSysMsgsRead(db, APP, 'cat', [], 50);
      await sysmsgs.setSysMsgsRead(db, APP, 'cat', [mine, theirs], 50);
      const forCat = await sysmsgs.sysMsgsChangedSince(db, APP, 'cat', 0, 10);
      expect(forCat.map((r) => [Number(r.id), r.read, Number(r.updated_at)])).toEqual([
        [mine, 1, 50],
      ]);
      const forBob = await sysmsgs.sysMsgsChangedSince(db, APP, 'bob', 0, 10);
      expect(forBob.map((r) => [Number(r.id), r.read])).toEqual([[theirs, 0]]);

      const forAnn = await sysmsgs.sysMsgsChangedSince(db, APP, 'ann', 0, 2);
      expect(forAnn).toHaveLength(2);
      expect(Number(forAnn[0]!.updated_at)).toBeGreaterThanOrEqual(Number(forAnn[1]!.updated_at));
      expect(await sysmsgs.sysMsgsChangedSince(db, APP, 'ann', 1_000, 10)).toEqual([]);
    });

    it(`drops a recipient's oldest pending requests beyond ${sysmsgs.PENDING_SYSMSGS_MAX}`, async () => {
      const { db } = store;
      const extra = 3;
      for (let i = 0; i < sysmsgs.PENDING_SYSMSGS_MAX + extra; i++)
        await sysmsgs.storePendingRequest(
          db,
          row({ to_accid: 'capped', from_accid: `s${i}`, time: 100 + i, updated_at: 100 + i }),
        );
      const left = await sysmsgs.sysMsgsChangedSince(db, APP, 'capped', 0, 10_000);
      expect(left).toHaveLength(sysmsgs.PENDING_SYSMSGS_MAX);
      expect(left.map((r) => r.from_accid)).not.toContain('s0');
      expect(left.map((r) => r.from_accid)).toContain(
        `s${sysmsgs.PENDING_SYSMSGS_MAX + extra - 1}`,
      );
    });
  });
});
