// The server API's super-team actions (/nimserver/superteam/*.action) with a real SDK client
// following the team: what a client's super-team commands would show it, and the same rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { Team, TeamMember } from '@morsel/protocol';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-superteam-app', secret: 'rest-superteam-secret' };
type Reply = { code: number; desc?: string } & Record<string, unknown>;

const notifications = (msgs: ClientMsg[]) =>
  msgs.filter((m) => m.type === 5).map((m) => JSON.parse(m.attach!) as Record<string, unknown>);

describe('/nimserver/superteam', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, `superteam/${action}`, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates, mutes, manages and dismisses a super team as its owner; members are told', async () => {
    const bob = await connectClient(server, 1);
    try {
      const created = await post('create', {
        owner: 'demo1',
        inviteAccids: JSON.stringify(['demo2', 'demo3']),
        tname: '超级团购群',
        msg: '',
        joinmode: '0',
        beinvitemode: '1',
      });
      expect(created).toMatchObject({ code: 200 });
      const tid = created.tid as string;
      await bob.events.until(() =>
        notifications(bob.events.all('msg')).some((n) => n.type === 'addTeamMembers'),
      );
      expect(await post('joinTeams', { accid: 'demo2' })).toMatchObject({
        count: 1,
        infos: [{ tid: Number(tid), tname: '超级团购群', owner: 'demo1', size: 3 }],
      });

      // Only the owner names managers (802 for a member, as for its client).
      expect(
        await post('addManager', { tid, owner: 'demo2', managerAccids: '["demo3"]' }),
      ).toMatchObject({
        code: 802,
      });
      expect(
        await post('addManager', { tid, owner: 'demo1', managerAccids: '["demo2"]' }),
      ).toMatchObject({
        code: 200,
      });
      expect(
        await post('muteTlist', { tid, owner: 'demo2', muteAccids: '["demo3"]', mute: '1' }),
      ).toMatchObject({ code: 200 });
      expect(await post('mute', { tid, owner: 'demo1', muteType: '1' })).toMatchObject({
        code: 200,
      });
      await bob.events.until(() =>
        notifications(bob.events.all('msg')).some((n) => n.type === 'updateTeamMute'),
      );
      expect(await post('kick', { tid, owner: 'demo2', kickAccids: '["demo3"]' })).toMatchObject({
        code: 200,
      });
      expect(await post('joinTeams', { accid: 'demo3' })).toMatchObject({ count: 0 });
      expect(await post('leave', { tid, accid: 'demo1' })).toMatchObject({ code: 802 });
      expect(
        await post('changeOwner', { tid, owner: 'demo1', accid: 'demo2', leave: '2' }),
      ).toMatchObject({ code: 200 });
      expect(await post('dismiss', { tid, owner: 'demo1' })).toMatchObject({ code: 802 });
      expect(await post('dismiss', { tid, owner: 'demo2' })).toMatchObject({ code: 200 });
      await bob.events.until(() =>
        notifications(bob.events.all('msg')).some((n) => n.type === 'dismissTeam'),
      );
      expect(await post('joinTeams', { accid: 'demo2' })).toMatchObject({ count: 0 });
    } finally {
      await bob.nim.destroy();
    }
  });

  it("changes the team's profile, a member's own settings and the level; members are told", async () => {
    const bob = await connectClient(server, 1);
    try {
      const created = await post('create', {
        owner: 'demo1',
        inviteAccids: JSON.stringify(['demo2', 'demo3']),
        tname: '零食超级群',
        msg: '',
        joinmode: '0',
        beinvitemode: '1',
      });
      const tid = created.tid as string;
      const teams = () => bob.events.all<Team>('updatesuperteam').filter((t) => t.teamId === tid);

      // The profile, as the owner; an ordinary member may not (uptinfomode 0: managers).
      expect(
        await post('updateTinfo', {
          tid,
          owner: 'demo1',
          tname: '零食超级群（新）',
          announcement: '今晚八点开抢',
          serverCustom: '{"tier":"gold"}',
        }),
      ).toEqual({ code: 200 });
      await bob.events.until(() => teams().some((t) => t.name === '零食超级群（新）'));
      expect(teams().at(-1)).toMatchObject({
        announcement: '今晚八点开抢',
        custom: '{"tier":"gold"}',
      });
      expect(await post('updateTinfo', { tid, owner: 'demo3', tname: '不行' })).toMatchObject({
        code: 802,
      });
      expect(await post('updateTinfo', { tid, owner: 'demo1' })).toMatchObject({ code: 414 });

      // A member's own alerts, nick and custom, set as the member: its device is told.
      expect(
        await post('updateTlist', {
          tid,
          accid: 'demo2',
          silentType: '1',
          nick: '小明',
          custom: 'vip',
        }),
      ).toEqual({ code: 200 });
      await bob.events.until(() =>
        bob.events
          .all<{ members: TeamMember[] }>('updatesuperteammembers')
          .some((c) => c.members.some((m) => m.account === 'demo2' && m.nickInTeam === '小明')),
      );
      const change = bob.events.all<{ members: TeamMember[] }>('updatesuperteammembers').at(-1)!;
      expect(change.members.find((m) => m.account === 'demo2')).toMatchObject({
        muteTeam: true,
        custom: 'vip',
      });
      expect((await post('getTlists', { tid, timetag: '0', limit: '10' })).tlists).toContainEqual(
        expect.objectContaining({ accid: 'demo2', nick: '小明', custom: 'vip' }),
      );
      expect(await post('updateTlist', { tid, accid: 'demo2' })).toMatchObject({ code: 414 });
      // An account of the app outside the team: 804; one the app does not have: 414.
      await nimPost(server.url, 'user/create', { accid: 'outsider1' }, app);
      expect(await post('updateTlist', { tid, accid: 'outsider1', nick: 'x' })).toMatchObject({
        code: 804,
      });
      expect(await post('updateTlist', { tid, accid: 'nobody9', nick: 'x' })).toMatchObject({
        code: 414,
        desc: 'not register: nobody9',
      });

      // The level: the owner alone, never below the members it has.
      expect(await post('changeLevel', { tid, owner: 'demo2', tlevel: '500' })).toMatchObject({
        code: 802,
      });
      expect(await post('changeLevel', { tid, owner: 'demo1', tlevel: '2' })).toMatchObject({
        code: 414,
        desc: 'tlevel is below the team size',
      });
      expect(await post('changeLevel', { tid, owner: 'demo1', tlevel: '3000' })).toMatchObject({
        code: 414,
      });
      expect(await post('changeLevel', { tid, owner: 'demo1', tlevel: '500' })).toEqual({
        code: 200,
      });
      await bob.events.until(() => teams().some((t) => t.level === 500));
      expect(await post('getTinfos', { tids: JSON.stringify([tid]) })).toMatchObject({
        tinfos: [{ tid: Number(tid), maxusers: 500, tname: '零食超级群（新）' }],
      });
    } finally {
      await bob.nim.destroy();
    }
  });

  it('refuses bad forms with 414', async () => {
    const base = { owner: 'demo1', tname: 'x', msg: '', joinmode: '0' };
    expect(await post('create', { ...base, inviteAccids: 'nope' })).toMatchObject({
      code: 414,
      desc: 'inviteAccids must be a JSON array',
    });
    expect((await post('create', { ...base, inviteAccids: '[]', joinmode: '5' })).code).toBe(414);
    expect((await post('mute', { tid: '1', owner: 'demo1', muteType: '2' })).code).toBe(414);
    expect((await post('updateTlist', { tid: '1', accid: 'demo1', silentType: '2' })).code).toBe(
      414,
    );
    expect((await post('changeLevel', { tid: '1', owner: 'demo1', tlevel: 'many' })).code).toBe(
      414,
    );
    expect(
      (await post('muteTlist', { tid: '1', owner: 'demo1', muteAccids: '[]', mute: '1' })).code,
    ).toBe(414);
  });
});
