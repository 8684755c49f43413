// The teams feature's store modules (issue 16): the team store's reads and writes for the
// commands, read receipts, and the reads behind team and super-team sync, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { insertApp, insertDemoAccount } from '../../src/seed/seed-store.ts';
import { insertMessage } from '../../src/im/messaging/index.ts';
import { TeamStore } from '../../src/im/teams/team-store.ts';
import { teamConvKey, type TeamKind } from '../../src/im/teams/scene.ts';
import * as receipts from '../../src/im/teams/receipt-store.ts';
import * as teamSync from '../../src/im/teams/team-sync-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'teamsapp';

await forEachEngine('team queries', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let teams: TeamStore;
  /** Team ids: a (team, ann joins at 150), gone (dismissed), left (ann removed), s (super team). */
  const id = { a: 0, gone: 0, left: 0, s: 0 };
  /** Message ids: in a before ann's join, after it, from ann herself; in s from bob. */
  const msg = { before: 0, after: 0, own: 0, super: 0 };

  const newTeam = (kind: TeamKind, name: string, now: number) =>
    teams.insertTeam({
      app_key: APP,
      kind,
      type: 'advanced',
      owner: 'bob',
      level: 50,
      name,
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
      valid: 1,
      member_updated_at: now,
      created_at: now,
      updated_at: now,
    });

  const send = async (kind: TeamKind, teamId: number, from: string, now: number, text: string) =>
    (
      await insertMessage(store.db, {
        appKey: APP,
        convKey: teamConvKey(teamId, kind),
        body: {
          scene: kind,
          to: String(teamId),
          from,
          fromNick: from,
          fromClientType: 16,
          fromDeviceId: 'device',
          type: 0,
          text,
          idClient: `${text}-${now}`,
        },
        now,
      })
    ).id;

  const recall = (messageId: number, at: number) =>
    store.db
      .updateTable('im_messages')
      .set({ deleted_at: at, deleted_by: 'bob', delete_ps: null })
      .where('id', '=', messageId)
      .execute();

  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    teams = new TeamStore(store.db);
    await insertApp(store.db, { appKey: APP, secret: 's', name: 'n', now: 1 });
    for (const accid of ['ann', 'bob'])
      await insertDemoAccount(store.db, {
        appKey: APP,
        accid,
        nick: accid,
        tokenHash: 'h',
        now: 1,
      });

    id.a = await newTeam('team', 'A', 100);
    id.gone = await newTeam('team', 'Gone', 100);
    id.left = await newTeam('team', 'Left', 100);
    id.s = await newTeam('superTeam', 'S', 100);
    for (const teamId of Object.values(id))
      await teams.admitMembers(APP, teamId, ['bob'], '', 100, 'owner');
    msg.before = await send('team', id.a, 'bob', 120, 'before');
    await teams.admitMembers(APP, id.a, ['ann'], 'bob', 150);
    msg.after = await send('team', id.a, 'bob', 200, 'after');
    msg.own = await send('team', id.a, 'ann', 210, 'own');
    for (const teamId of [id.gone, id.left, id.s])
      await teams.admitMembers(APP, teamId, ['ann'], 'bob', 150);
    await teams.updateTeam(APP, id.gone, { valid: 0 }, 300);
    await teams.removeMembers(APP, id.left, ['ann'], 310);
    msg.super = await send('superTeam', id.s, 'bob', 220, 'super');
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('team store', () => {
    it('stores a new team with the values given', async () => {
      const team = await teams.team(APP, String(id.a));
      expect(team).toMatchObject({ id: id.a, kind: 'team', name: 'A', owner: 'bob', level: 50 });
      expect(await teams.team('otherapp', String(id.a))).toBeUndefined();
    });

    it('lists the valid teams of a kind an account is a valid member of', async () => {
      expect((await teams.teamsOf(APP, 'ann', 'team')).map((t) => t.id)).toEqual([id.a]);
      expect((await teams.teamsOf(APP, 'ann', 'superTeam')).map((t) => t.id)).toEqual([id.s]);
      expect(await teams.teamsOf(APP, 'ghost', 'team')).toEqual([]);
    });

    it("reads the account's own valid member records in the teams asked for", async () => {
      const mine = await teams.membershipsIn(APP, 'ann', [id.a, id.gone, id.left, id.s, 999_999]);
      expect(mine.map((m) => Number(m.team_id)).sort((x, y) => x - y)).toEqual(
        [id.a, id.gone, id.s].sort((x, y) => x - y),
      );
      expect(mine.every((m) => m.accid === 'ann' && m.valid === 1)).toBe(true);
      expect(await teams.membershipsIn(APP, 'ann', [])).toEqual([]);
    });

    it('keeps the accounts that exist, in their stored spelling', async () => {
      expect((await teams.existingAccounts(APP, ['ANN', 'ghost', 'bob'])).sort()).toEqual([
        'ann',
        'bob',
      ]);
      expect(await teams.existingAccounts(APP, [])).toEqual([]);
      expect(await teams.existingAccounts('otherapp', ['ann'])).toEqual([]);
    });
  });

  describe('read receipts', () => {
    it('finds a live message by id; none when unknown, of another app or recalled', async () => {
      const found = await receipts.findLiveMessage(store.db, APP, msg.after);
      expect(found).toMatchObject({
        id: msg.after,
        from_accid: 'bob',
        conv_key: teamConvKey(id.a),
        time: 200,
      });
      expect(JSON.parse(found!.body)).toMatchObject({ text: 'after' });
      expect(await receipts.findLiveMessage(store.db, APP, 999_999)).toBeUndefined();
      expect(await receipts.findLiveMessage(store.db, 'otherapp', msg.after)).toBeUndefined();
      const doomed = await send('team', id.a, 'bob', 230, 'doomed');
      await recall(doomed, 240);
      expect(await receipts.findLiveMessage(store.db, APP, doomed)).toBeUndefined();
    });

    it('records each reader once per message', async () => {
      expect(await receipts.readersOf(store.db, APP, msg.after)).toEqual([]);
      await receipts.addReceipt(store.db, APP, msg.after, 'ann', 250);
      await receipts.addReceipt(store.db, APP, msg.after, 'ann', 251);
      await receipts.addReceipt(store.db, APP, msg.before, 'bob', 252);
      expect(await receipts.readersOf(store.db, APP, msg.after)).toEqual(['ann']);
      expect(await receipts.readersOf(store.db, 'otherapp', msg.after)).toEqual([]);
    });
  });

  describe('team sync reads', () => {
    it('tells the teams whose team row or own member record changed, left and dismissed ones too', async () => {
      const all = await teamSync.teamsChangedSince(store.db, 'team', APP, 'ann', 0);
      const byId = new Map(all.map((t) => [t.id, t]));
      expect([...byId.keys()].sort((x, y) => x - y)).toEqual(
        [id.a, id.gone, id.left].sort((x, y) => x - y),
      );
      expect(byId.get(id.left)).toMatchObject({ memberValid: 0, memberUpdatedAt: 310 });
      expect(byId.get(id.gone)).toMatchObject({ memberValid: 1, valid: 0 });
      const late = await teamSync.teamsChangedSince(store.db, 'team', APP, 'ann', 305);
      expect(late.map((t) => t.id)).toEqual([id.left]);
      expect(await teamSync.teamsChangedSince(store.db, 'team', APP, 'ann', 10_000)).toEqual([]);
      expect(
        (await teamSync.teamsChangedSince(store.db, 'superTeam', APP, 'ann', 0)).map((t) => t.id),
      ).toEqual([id.s]);
    });

    it("tells the account's own member records of a kind changed since the timetag", async () => {
      const rows = await teamSync.ownMembersChangedSince(store.db, 'team', APP, 'ann', 305);
      expect(rows.map((m) => [Number(m.team_id), m.valid])).toEqual([[id.left, 0]]);
      const supers = await teamSync.ownMembersChangedSince(store.db, 'superTeam', APP, 'ann', 0);
      expect(supers.map((m) => Number(m.team_id))).toEqual([id.s]);
      expect(await teamSync.ownMembersChangedSince(store.db, 'team', APP, 'ghost', 0)).toEqual([]);
    });

    it('streams the messages of my teams from my join on, not recalled ones', async () => {
      const ids = async (accid: string, kind: TeamKind = 'team') =>
        (await teamSync.teamMessagesOf(store.db, kind, APP, accid).execute())
          .map((r) => Number(r.id))
          .sort((x, y) => x - y);
      expect(await ids('ann')).toEqual([msg.after, msg.own]);
      expect(await ids('bob')).toEqual([msg.before, msg.after, msg.own]);
      expect(await ids('ann', 'superTeam')).toEqual([msg.super]);
      expect(await ids('ghost')).toEqual([]);
    });

    it('tells recalls after the timetag of messages from my join on', async () => {
      await recall(msg.before, 400);
      await recall(msg.own, 410);
      const ann = await teamSync.teamMessagesRecalledSince(store.db, 'team', APP, 'ann', 0);
      // The recall test above recalled one more, after ann's join.
      expect(ann.map((r) => Number(r.id))).toContain(msg.own);
      expect(ann.map((r) => Number(r.id))).not.toContain(msg.before);
      expect(ann.find((r) => Number(r.id) === msg.own)).toMatchObject({
        from_accid: 'ann',
        scene: 'team',
        to_target: String(id.a),
        deleted_by: 'bob',
      });
      const late = await teamSync.teamMessagesRecalledSince(store.db, 'team', APP, 'ann', 405);
      expect(late.map((r) => Number(r.id))).toEqual([msg.own]);
      const bob = await teamSync.teamMessagesRecalledSince(store.db, 'team', APP, 'bob', 399);
      expect(bob.map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual([msg.before, msg.own]);
      expect(
        await teamSync.teamMessagesRecalledSince(store.db, 'superTeam', APP, 'ann', 0),
      ).toEqual([]);
    });
  });

  describe('super-team session reads', () => {
    it('tells the super teams whose conversation moved since the timetag', async () => {
      const moved = await teamSync.superTeamConversationsMovedSince(store.db, APP, 'ann', 0);
      expect(moved).toEqual([
        {
          teamId: id.s,
          joinTime: 150,
          convKey: teamConvKey(id.s, 'superTeam'),
          lastTime: 220,
          ack: null,
          clearedBefore: null,
          deletedBefore: null,
        },
      ]);
      expect(await teamSync.superTeamConversationsMovedSince(store.db, APP, 'ann', 220)).toEqual(
        [],
      );
      // A recall after the timetag moves it again.
      const recalled = await send('superTeam', id.s, 'bob', 230, 'recalled');
      await recall(recalled, 500);
      expect(
        (await teamSync.superTeamConversationsMovedSince(store.db, APP, 'ann', 450)).map(
          (c) => c.teamId,
        ),
      ).toEqual([id.s]);
      expect(await teamSync.superTeamConversationsMovedSince(store.db, APP, 'ghost', 0)).toEqual(
        [],
      );
    });

    it('reads the newest visible message after a floor and counts the unread from others', async () => {
      const convKey = teamConvKey(id.s, 'superTeam');
      const last = await teamSync.latestVisibleMessage(store.db, APP, 'ann', convKey, 0);
      // The newest, 'recalled', is gone: the last visible one is 'super'.
      expect(last).toMatchObject({ id: msg.super });
      expect(
        await teamSync.latestVisibleMessage(store.db, APP, 'ann', convKey, 220),
      ).toBeUndefined();
      expect(await teamSync.unreadCount(store.db, APP, 'ann', convKey, 149)).toBe(1);
      expect(await teamSync.unreadCount(store.db, APP, 'ann', convKey, 220)).toBe(0);
      // The sender's own messages are never unread to it.
      expect(await teamSync.unreadCount(store.db, APP, 'bob', convKey, 0)).toBe(0);
    });
  });
});
