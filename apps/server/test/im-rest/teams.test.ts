// The server API's team actions (/nimserver/team/*.action) as an app backend calls them, with real
// SDK clients seeing what the team commands would show them, and the rights and codes a client
// meets (the operator acts as its own client would).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { SysMsg, Team } from '@morsel/protocol';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-team-app-key', secret: 'rest-team-app-secret' };
type Reply = { code: number; desc?: string } & Record<string, unknown>;

const notifications = (msgs: ClientMsg[]) =>
  msgs.filter((m) => m.type === 5).map((m) => JSON.parse(m.attach!) as Record<string, unknown>);

describe('/nimserver/team', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, `team/${action}`, form, app)).body as Reply;
  const create = async (form: Record<string, string> = {}) => {
    const reply = await post('create', {
      tname: '零食团购群',
      owner: 'demo1',
      members: '[]',
      msg: '一起来',
      magree: '0',
      joinmode: '1',
      ...form,
    });
    expect(reply).toMatchObject({ code: 200 });
    return reply.tid as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('create with magree=0 adds members at once; they get the notification and the team', async () => {
    const bob = await connectClient(server, 1);
    try {
      const reply = await post('create', {
        tname: '零食团购群',
        owner: 'demo1',
        members: JSON.stringify(['demo2', 'ghost_nobody']),
        msg: '一起来',
        magree: '0',
        joinmode: '1',
        announcement: '今晚八点开团',
        invitemode: '1',
        teamMemberLimit: '50',
      });
      expect(reply).toMatchObject({ code: 200, faccid: { accid: ['ghost_nobody'] } });
      const tid = reply.tid as string;
      await bob.events.until(() =>
        notifications(bob.events.all('msg')).some(
          (n) => n.type === 'addTeamMembers' && (n.accounts as string[]).includes('demo2'),
        ),
      );
      const team = (await bob.nim.getTeam({ teamId: tid })) as unknown as Team;
      expect(team).toMatchObject({
        owner: 'demo1',
        name: '零食团购群',
        announcement: '今晚八点开团',
        joinMode: 'needVerify',
        inviteMode: 'all',
        level: 50,
        memberNum: 2,
        validToCurrentUser: true,
      });
      const detail = await post('queryDetail', { tid });
      expect(detail).toMatchObject({
        code: 200,
        tinfo: {
          tid: Number(tid),
          tname: '零食团购群',
          maxusers: 50,
          size: 2,
          joinmode: 1,
          invitemode: 1,
          owner: { accid: 'demo1' },
          admins: [],
          members: [{ accid: 'demo2', mute: false }],
        },
      });
    } finally {
      await bob.nim.destroy();
    }
  });

  it('add with magree=1 invites (a system message to accept); kick removes and tells the member', async () => {
    const carol = await connectClient(server, 2);
    try {
      const tid = await create();
      expect(
        await post('add', {
          tid,
          owner: 'demo1',
          members: JSON.stringify(['demo3']),
          magree: '1',
          msg: '请加入',
        }),
      ).toMatchObject({ code: 200 });
      const invite = await carol.events.next<SysMsg>('sysmsg');
      expect(invite).toMatchObject({ type: 'teamInvite', from: 'demo1', ps: '请加入' });
      await carol.nim.acceptTeamInvite({ teamId: tid, from: 'demo1' });
      expect(await post('query', { tids: JSON.stringify([tid]), ope: '1' })).toMatchObject({
        tinfos: [{ tid: Number(tid), owner: 'demo1', members: ['demo3'], size: 2 }],
      });

      expect(await post('kick', { tid, owner: 'demo1', member: 'demo3' })).toMatchObject({
        code: 200,
      });
      await carol.events.until(() =>
        carol.events.all<Team>('updateteam').some((t) => t.teamId === tid && !t.validToCurrentUser),
      );
      expect(await post('joinTeams', { accid: 'demo3' })).toMatchObject({ count: 0, infos: [] });
    } finally {
      await carol.nim.destroy();
    }
  });

  it('managers, nicks, mutes, owner change, leave and dismissal follow the team rules', async () => {
    const bob = await connectClient(server, 1);
    try {
      const tid = await create({ members: JSON.stringify(['demo2', 'demo3']) });
      // Only the owner names managers (802 for a member, as for its client).
      expect(await post('addManager', { tid, owner: 'demo2', members: '["demo3"]' })).toMatchObject(
        { code: 802 },
      );
      expect(await post('addManager', { tid, owner: 'demo1', members: '["demo2"]' })).toMatchObject(
        { code: 200 },
      );
      expect(
        await post('updateTeamNick', { tid, owner: 'demo2', accid: 'demo3', nick: '小零' }),
      ).toMatchObject({ code: 200 });
      expect(
        await post('muteTlist', { tid, owner: 'demo2', accid: 'demo3', mute: '1' }),
      ).toMatchObject({
        code: 200,
      });
      expect(await post('listTeamMute', { tid, owner: 'demo1' })).toMatchObject({
        mutes: [{ accid: 'demo3', nick: '小零', mute: true }],
      });
      expect(await post('muteTeam', { tid, accid: 'demo2', ope: '1' })).toMatchObject({
        code: 200,
      });
      expect(await post('muteTlistAll', { tid, owner: 'demo2', muteType: '3' })).toMatchObject({
        code: 200,
      });
      await bob.events.until(() =>
        bob.events.all<Team>('updateteam').some((t) => t.teamId === tid && t.muteType === 'all'),
      );
      const { members: mine } = await bob.nim.getMyTeamMembers({ teamIds: [tid] });
      expect(mine[0]).toMatchObject({ type: 'manager', muteTeam: true });

      expect(await post('update', { tid, owner: 'demo3', tname: '改名' })).toMatchObject({
        code: 802,
      });
      expect(
        await post('update', { tid, owner: 'demo1', tname: '新名字', joinmode: '0' }),
      ).toMatchObject({
        code: 200,
      });
      expect(await post('leave', { tid, accid: 'demo1' })).toMatchObject({ code: 802 });
      expect(
        await post('changeOwner', { tid, owner: 'demo1', newowner: 'demo2', leave: '1' }),
      ).toMatchObject({ code: 200 });
      expect(await post('queryDetail', { tid })).toMatchObject({
        tinfo: { tname: '新名字', joinmode: 0, owner: { accid: 'demo2' }, size: 2 },
      });
      expect(await post('leave', { tid, accid: 'demo3' })).toMatchObject({ code: 200 });
      expect(await post('remove', { tid, owner: 'demo3' })).toMatchObject({ code: 804 });
      expect(await post('remove', { tid, owner: 'demo2' })).toMatchObject({ code: 200 });
      await bob.events.until(() =>
        notifications(bob.events.all('msg')).some((n) => n.type === 'dismissTeam'),
      );
      expect(await post('queryDetail', { tid })).toMatchObject({ code: 803 });
    } finally {
      await bob.nim.destroy();
    }
  });

  it('refuses bad forms with 414 naming the field, and unknown teams and accounts', async () => {
    const form = { tname: 'x', owner: 'demo1', members: '[]', msg: '', magree: '0', joinmode: '0' };
    expect(await post('create', { ...form, teamMemberLimit: '1' })).toMatchObject({
      code: 414,
      desc: 'teamMemberLimit must be 2 to 2000',
    });
    expect(
      await post('create', {
        tname: 'x',
        owner: 'demo1',
        members: 'nope',
        msg: '',
        magree: '0',
        joinmode: '0',
      }),
    ).toMatchObject({
      code: 414,
      desc: 'members must be a JSON array',
    });
    expect(
      (
        await post('create', {
          tname: 'x',
          owner: 'demo1',
          members: '[]',
          msg: '',
          magree: '2',
          joinmode: '0',
        })
      ).code,
    ).toBe(414);
    expect(
      await post('create', {
        tname: 'x',
        owner: 'ghost_nobody',
        members: '[]',
        msg: '',
        magree: '0',
        joinmode: '0',
      }),
    ).toMatchObject({
      code: 414,
    });
    expect(await post('kick', { tid: '1', owner: 'demo1' })).toMatchObject({ code: 414 });
    expect(await post('query', { tids: '["999999"]', ope: '0' })).toMatchObject({ code: 803 });
    expect(
      await post('query', { tids: '["999999"]', ope: '0', ignoreInvalid: 'true' }),
    ).toMatchObject({ code: 200, tinfos: [], invalid: ['999999'] });
    expect((await post('muteTlistAll', { tid: '1', owner: 'demo1' })).code).toBe(414);
    expect((await post('queryDetail', { tid: 'abc' })).code).toBe(414);
  });
});
