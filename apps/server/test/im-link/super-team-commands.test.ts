// Super teams' twins of the team commands, with real SDK clients: invitations and applications
// with their own system messages (category superTeam), roles and modes enforced by the server,
// mutes, member info, transfer and leaving, the 401-411 notifications, and the SDK-side rules.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { SysMsg, Team } from '@morsel/protocol';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;

/** Notification ids (401 to 411) of the super-team notifications a client has received. */
const notificationIds = (msgs: ClientMsg[]) =>
  msgs
    .filter((m) => m.type === 5 && m.scene === 'superTeam')
    .map((m) => JSON.parse(m.attach!).id as number);

describe('super-team commands', () => {
  it('invites with verification through superTeam system messages, and enforces roles', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '超级会员群',
      accounts: ['demo2', 'demo3'],
    });
    expect(team).toMatchObject({ beInviteMode: 'needVerify', inviteMode: 'manager', memberNum: 1 });
    expect(await b.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'superTeamInvite',
      category: 'superTeam',
      from: 'demo1',
      state: 'init',
    });
    expect(await c.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'superTeamInvite',
      category: 'superTeam',
    });
    expect(b.nim.sysMsgUnread()).toMatchObject({ superTeam: 1, total: 1 });

    await b.nim.acceptSuperTeamInvite({ teamId: team.teamId, from: 'demo1' });
    await c.nim.rejectSuperTeamInvite({ teamId: team.teamId, from: 'demo1', ps: '不了' });
    expect(await a.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'rejectSuperTeamInvite',
      category: 'superTeam',
      from: 'demo3',
      state: 'rejected',
    });
    await expect(
      c.nim.acceptSuperTeamInvite({ teamId: team.teamId, from: 'demo1' }),
    ).rejects.toMatchObject({ code: 404 });
    expect((await a.nim.getSuperTeam({ teamId: team.teamId })).team.memberNum).toBe(2);

    await expect(
      b.nim.addSuperTeamMembers({ teamId: team.teamId, accounts: ['demo3'] }),
    ).rejects.toMatchObject({ code: 802 });
    await expect(
      b.nim.updateSuperTeamInfo({ teamId: team.teamId, name: '改名' }),
    ).rejects.toMatchObject({ code: 802 });
    await expect(
      b.nim.addSuperTeamManagers({ teamId: team.teamId, accounts: ['demo2'] }),
    ).rejects.toMatchObject({ code: 802 });
    await a.nim.addSuperTeamManagers({ teamId: team.teamId, accounts: ['demo2'] });
    await b.nim.updateSuperTeamInfo({ teamId: team.teamId, announcement: '周五上新' });
    expect((await a.nim.getSuperTeam({ teamId: team.teamId })).team.announcement).toBe('周五上新');
    await a.nim.removeSuperTeamManagers({ teamId: team.teamId, accounts: ['demo2'] });
    await expect(
      b.nim.updateSuperTeamInfo({ teamId: team.teamId, announcement: 'x' }),
    ).rejects.toMatchObject({ code: 802 });

    await expect(c.nim.getSuperTeamMembers({ teamId: team.teamId })).rejects.toMatchObject({
      code: 804,
    });
    await expect(
      c.nim.sendText({ scene: 'superTeam', to: team.teamId, text: 'not a member' }),
    ).rejects.toMatchObject({ code: 804 });
    await expect(c.nim.getSuperTeam({ teamId: '999999' })).rejects.toMatchObject({ code: 803 });
    // A team id is not a super team: the kinds do not mix.
    const plain = await a.nim.createTeam({ type: 'advanced', name: '普通高级群' });
    await expect(a.nim.getSuperTeam({ teamId: plain.team.teamId })).rejects.toMatchObject({
      code: 803,
    });

    // acceptTeamInvite 410, addTeamManagers 408, updateTeam 404, removeTeamManagers 409.
    await a.events.until(() =>
      [410, 408, 404, 409].every((id) => notificationIds(a.events.all('msg')).includes(id)),
    );
  });

  it('handles applications with superTeam system messages, by join mode', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createSuperTeam({ type: 'advanced', name: '申请超级群' });
    expect(await b.nim.applySuperTeam({ teamId: team.teamId, ps: '想加入' })).toEqual({
      joined: false,
    });
    expect(await a.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'applySuperTeam',
      category: 'superTeam',
      from: 'demo2',
      ps: '想加入',
    });
    await a.nim.passSuperTeamApply({ teamId: team.teamId, from: 'demo2' });
    await expect(b.nim.applySuperTeam({ teamId: team.teamId })).rejects.toMatchObject({
      code: 809,
    });

    await c.nim.applySuperTeam({ teamId: team.teamId });
    await a.nim.rejectSuperTeamApply({ teamId: team.teamId, from: 'demo3', ps: '满了' });
    expect(await c.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'rejectSuperTeamApply',
      category: 'superTeam',
      state: 'rejected',
    });
    await expect(
      a.nim.passSuperTeamApply({ teamId: team.teamId, from: 'demo3' }),
    ).rejects.toMatchObject({ code: 404 });

    await a.nim.updateSuperTeamInfo({ teamId: team.teamId, joinMode: 'rejectAll' });
    await expect(c.nim.applySuperTeam({ teamId: team.teamId })).rejects.toMatchObject({
      code: 802,
    });
    await a.nim.updateSuperTeamInfo({ teamId: team.teamId, joinMode: 'noVerify' });
    expect(await c.nim.applySuperTeam({ teamId: team.teamId })).toEqual({ joined: true });
    // passTeamApply 406.
    await a.events.until(() => notificationIds(a.events.all('msg')).includes(406));
  });

  it('mutes the whole super team or members, keeps member info, transfers and lets members leave', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '禁言超级群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', 'demo3'],
    });
    await a.nim.addSuperTeamManagers({ teamId: team.teamId, accounts: ['demo2'] });

    await a.nim.updateSuperTeamMute({ teamId: team.teamId, muteType: 'normal' });
    await expect(
      c.nim.sendText({ scene: 'superTeam', to: team.teamId, text: 'x' }),
    ).rejects.toMatchObject({ code: 812 });
    await b.nim.sendText({ scene: 'superTeam', to: team.teamId, text: '管理员可以说话' });
    await expect(
      c.nim.updateSuperTeamMute({ teamId: team.teamId, muteType: 'none' }),
    ).rejects.toMatchObject({ code: 802 });
    await a.nim.updateSuperTeamMute({ teamId: team.teamId, muteType: 'none' });

    await b.nim.updateSuperTeamMembersMute({
      teamId: team.teamId,
      accounts: ['demo3'],
      mute: true,
    });
    expect(
      (await a.nim.getMutedSuperTeamMembers({ teamId: team.teamId })).members.map((m) => m.account),
    ).toEqual(['demo3']);
    await expect(
      b.nim.updateSuperTeamMembersMute({ teamId: team.teamId, accounts: ['demo1'], mute: true }),
    ).rejects.toMatchObject({ code: 802 });

    await expect(c.nim.updateInfoInSuperTeam({ teamId: team.teamId })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    const { member } = await c.nim.updateInfoInSuperTeam({
      teamId: team.teamId,
      nickInTeam: '小零',
      muteNotiType: 1,
    });
    expect(member).toMatchObject({ nickInTeam: '小零', muteNotiType: 1, muteTeam: true });
    expect((await c.nim.getMySuperTeamMembers({ teamIds: [team.teamId] })).members).toMatchObject([
      { account: 'demo3', nickInTeam: '小零', mute: true },
    ]);
    const { members } = await a.nim.getSuperTeamMembers({ teamId: team.teamId });
    expect(members.map((m) => [m.account, m.type]).sort()).toEqual([
      ['demo1', 'owner'],
      ['demo2', 'manager'],
      ['demo3', 'normal'],
    ]);
    expect((await c.nim.getSuperTeams()).teams.map((t) => t.teamId)).toEqual([team.teamId]);

    await expect(a.nim.leaveSuperTeam({ teamId: team.teamId })).rejects.toMatchObject({
      code: 802,
    });
    await c.nim.leaveSuperTeam({ teamId: team.teamId });
    await c.events.until(() =>
      c.events
        .all<Team>('updatesuperteam')
        .some((t) => t.teamId === team.teamId && !t.validToCurrentUser),
    );
    expect(c.nim.getLocalSuperTeams()).toEqual([]);
    expect(await c.nim.getSuperTeams()).toEqual({ teams: [] });

    await a.nim.transferSuperTeam({ teamId: team.teamId, account: 'demo2', leave: true });
    expect((await b.nim.getSuperTeam({ teamId: team.teamId })).team.owner).toBe('demo2');
    await expect(
      a.nim.sendText({ scene: 'superTeam', to: team.teamId, text: 'gone' }),
    ).rejects.toMatchObject({ code: 804 });
    // updateTeamMute 411, leaveTeam 403, transferTeam 407.
    await b.events.until(() =>
      [411, 403, 407].every((id) => notificationIds(b.events.all('msg')).includes(id)),
    );
  });
});
