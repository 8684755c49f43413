// Teams with real SDK clients: creation, invitations and applications, roles and permissions,
// mutes, team messages and notifications, leaving, transfer and dismissal.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { SysMsg, Team } from '@morsel/protocol';
import { imSuite } from './suite.ts';
import { connectNewAccount } from './clients.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;
const opened = suite.opened;

const notifications = (msgs: ClientMsg[]) =>
  msgs.filter((m) => m.type === 5).map((m) => JSON.parse(m.attach!).type as string);

describe('a normal team (discussion group)', () => {
  it('adds members at once, delivers team messages with unread counts, and lets any member invite', async () => {
    const a = await client(0);
    const b = await client(1);
    const { team, failedAccounts } = await a.nim.createTeam({
      type: 'normal',
      name: '零食团购群',
      accounts: ['demo2', 'ghost'],
    });
    expect(failedAccounts).toEqual(['ghost']);
    expect(team).toMatchObject({
      type: 'normal',
      owner: 'demo1',
      memberNum: 2,
      validToCurrentUser: true,
    });
    await b.events.until(() => notifications(b.events.all('msg')).includes('addTeamMembers'));

    await a.nim.sendText({ scene: 'team', to: team.teamId, text: '今晚八点开团' });
    const received = await b.events
      .until(() => b.events.all<ClientMsg>('msg').some((m) => m.type === 0))
      .then(() => b.events.all<ClientMsg>('msg').find((m) => m.type === 0)!);
    expect(received).toMatchObject({
      scene: 'team',
      to: team.teamId,
      sessionId: `team-${team.teamId}`,
      target: team.teamId,
      text: '今晚八点开团',
    });
    expect(b.nim.getLocalSession(`team-${team.teamId}`)?.unread).toBeGreaterThanOrEqual(1);

    const added = await b.nim.addTeamMembers({ teamId: team.teamId, accounts: ['demo3'] });
    expect(added.added).toEqual(['demo3']);
    const members = await a.nim.getTeamMembers({ teamId: team.teamId });
    expect(members.map((m) => [m.account, m.type]).sort()).toEqual([
      ['demo1', 'owner'],
      ['demo2', 'normal'],
      ['demo3', 'normal'],
    ]);
    expect(
      await a.nim.getTeamMemberInvitorAccid({ teamId: team.teamId, accounts: ['demo3'] }),
    ).toEqual({ demo3: 'demo2' });
    await expect(
      a.nim.updateTeam({ teamId: team.teamId, joinMode: 'noVerify' }),
    ).rejects.toMatchObject({ code: 805 });
  });

  it('offers team messages to a member who was offline', async () => {
    const a = await client(0);
    const { team } = await a.nim.createTeam({
      type: 'normal',
      name: '离线群',
      accounts: ['demo3'],
    });
    for (let i = 0; i < 5; i++)
      await a.nim.sendText({ scene: 'team', to: team.teamId, text: `群消息 ${i}` });
    const c = await client(2);
    const synced = [
      ...c.events.all<{ msgs: ClientMsg[] }>('roamingmsgs'),
      ...c.events.all<{ msgs: ClientMsg[] }>('offlinemsgs'),
    ].flatMap((x) => x.msgs);
    expect(synced.filter((m) => m.type === 0).map((m) => m.text)).toEqual([
      '群消息 0',
      '群消息 1',
      '群消息 2',
      '群消息 3',
      '群消息 4',
    ]);
    expect(
      c.events
        .all<Team[]>('teams')
        .at(-1)!
        .map((t) => t.teamId),
    ).toEqual([team.teamId]);
    expect(c.nim.getLocalSession(`team-${team.teamId}`)?.unread).toBeGreaterThanOrEqual(5);
  });
});

describe('an advanced team', () => {
  it('invites with verification, and enforces its modes and roles', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '会员群',
      accounts: ['demo2'],
    });
    expect(team).toMatchObject({
      joinMode: 'needVerify',
      beInviteMode: 'needVerify',
      inviteMode: 'manager',
      updateTeamMode: 'manager',
      updateCustomMode: 'manager',
      memberNum: 1,
    });
    const invite = await b.events.next<SysMsg>('sysmsg');
    expect(invite).toMatchObject({
      type: 'teamInvite',
      category: 'team',
      from: 'demo1',
      state: 'init',
    });
    await b.nim.acceptTeamInvite({ teamId: team.teamId, from: 'demo1' });
    expect((await a.nim.getTeam({ teamId: team.teamId })).memberNum).toBe(2);

    await expect(
      b.nim.addTeamMembers({ teamId: team.teamId, accounts: ['demo3'] }),
    ).rejects.toMatchObject({ code: 802 });
    await expect(b.nim.updateTeam({ teamId: team.teamId, name: '改名' })).rejects.toMatchObject({
      code: 802,
    });
    await expect(
      b.nim.addTeamManagers({ teamId: team.teamId, accounts: ['demo2'] }),
    ).rejects.toMatchObject({ code: 802 });
    await a.nim.addTeamManagers({ teamId: team.teamId, accounts: ['demo2'] });
    await b.nim.updateTeam({ teamId: team.teamId, announcement: '周五上新' });
    expect((await b.nim.getTeam({ teamId: team.teamId })).announcement).toBe('周五上新');
    // A non-member sees the team's card only: the announcement is for members (docs/im-teams.md).
    expect(await c.nim.getTeam({ teamId: team.teamId })).toMatchObject({
      name: '会员群',
      announcement: '',
      custom: '',
      validToCurrentUser: false,
      memberNum: 2,
    });
    await expect(
      c.nim.sendText({ scene: 'team', to: team.teamId, text: 'not a member' }),
    ).rejects.toMatchObject({ code: 804 });
    await expect(c.nim.getTeamMembers({ teamId: team.teamId })).rejects.toMatchObject({
      code: 804,
    });
    await expect(c.nim.getTeam({ teamId: '999999' })).rejects.toMatchObject({ code: 803 });
  });

  it('handles applications by join mode', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createTeam({ type: 'advanced', name: '申请群' });
    expect(await b.nim.applyTeam({ teamId: team.teamId, ps: '想加入' })).toEqual({ joined: false });
    expect(await a.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'applyTeam',
      from: 'demo2',
      ps: '想加入',
    });
    await a.nim.passTeamApply({ teamId: team.teamId, from: 'demo2' });
    await expect(b.nim.applyTeam({ teamId: team.teamId })).rejects.toMatchObject({ code: 809 });

    await c.nim.applyTeam({ teamId: team.teamId });
    await a.nim.rejectTeamApply({ teamId: team.teamId, from: 'demo3', ps: '满了' });
    expect(await c.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'rejectTeamApply',
      state: 'rejected',
    });
    await expect(a.nim.passTeamApply({ teamId: team.teamId, from: 'demo3' })).rejects.toMatchObject(
      { code: 404 },
    );

    await a.nim.updateTeam({ teamId: team.teamId, joinMode: 'rejectAll' });
    await expect(c.nim.applyTeam({ teamId: team.teamId })).rejects.toMatchObject({ code: 802 });
    await a.nim.updateTeam({ teamId: team.teamId, joinMode: 'noVerify' });
    expect(await c.nim.applyTeam({ teamId: team.teamId })).toEqual({ joined: true });
    const normal = await a.nim.createTeam({ type: 'normal', name: '讨论组' });
    await expect(c.nim.applyTeam({ teamId: normal.team.teamId })).rejects.toMatchObject({
      code: 805,
    });
  });

  it('mutes a member or the whole team', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '禁言群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', 'demo3'],
    });
    await a.nim.addTeamManagers({ teamId: team.teamId, accounts: ['demo2'] });
    await a.nim.updateMuteStateInTeam({ teamId: team.teamId, account: 'demo3', mute: true });
    await expect(
      c.nim.sendText({ scene: 'team', to: team.teamId, text: 'x' }),
    ).rejects.toMatchObject({ code: 812 });
    expect(
      (await a.nim.getMutedTeamMembers({ teamId: team.teamId })).members.map((m) => m.account),
    ).toEqual(['demo3']);
    await expect(
      b.nim.updateMuteStateInTeam({ teamId: team.teamId, account: 'demo1', mute: true }),
    ).rejects.toMatchObject({ code: 802 });
    await a.nim.updateMuteStateInTeam({ teamId: team.teamId, account: 'demo3', mute: false });

    await a.nim.muteTeamAll({ teamId: team.teamId, muteType: 'normal' });
    await expect(
      c.nim.sendText({ scene: 'team', to: team.teamId, text: 'x' }),
    ).rejects.toMatchObject({ code: 812 });
    await b.nim.sendText({ scene: 'team', to: team.teamId, text: '管理员可以说话' });
    await a.nim.muteTeamAll({ teamId: team.teamId, muteType: 'all' });
    await expect(
      b.nim.sendText({ scene: 'team', to: team.teamId, text: 'x' }),
    ).rejects.toMatchObject({ code: 812 });
    await a.nim.sendText({ scene: 'team', to: team.teamId, text: '群主可以' });
  });

  it('keeps to the team size and the manager limit', async () => {
    const a = await client(0);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '小群',
      level: 3,
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const extra = [];
    for (const name of ['t1', 't2']) extra.push(await connectNewAccount(suite.server, name));
    opened.push(...extra.map((e) => e.nim));
    await expect(
      a.nim.addTeamMembers({ teamId: team.teamId, accounts: ['t1', 't2'] }),
    ).rejects.toMatchObject({ code: 813 });
    await expect(
      a.nim.addTeamMembers({ teamId: team.teamId, accounts: ['demo3'] }),
    ).rejects.toMatchObject({ code: 801 });

    const big = await a.nim.createTeam({
      type: 'advanced',
      name: '大群',
      beInviteMode: 'noVerify',
    });
    const managers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const accid = `m${i}`;
      await suite.server.server.imAccounts.create({
        appKey: suite.server.server.seeded.appKey,
        accid,
      });
      managers.push(accid);
    }
    await a.nim.addTeamMembers({ teamId: big.team.teamId, accounts: managers });
    await a.nim.addTeamManagers({ teamId: big.team.teamId, accounts: managers.slice(0, 10) });
    await expect(
      a.nim.addTeamManagers({ teamId: big.team.teamId, accounts: [managers[10]!] }),
    ).rejects.toMatchObject({ code: 815 });
  });

  it('lets members leave, the owner transfer and dismiss, and tells everyone', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '转让群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', 'demo3'],
    });
    await expect(a.nim.leaveTeam({ teamId: team.teamId })).rejects.toMatchObject({ code: 802 });
    await c.nim.leaveTeam({ teamId: team.teamId });
    await c.events.until(() =>
      c.events
        .all<Team>('updateteam')
        .some((t) => t.teamId === team.teamId && !t.validToCurrentUser),
    );
    expect(c.nim.getLocalTeams().map((t) => t.teamId)).not.toContain(team.teamId);

    await a.nim.transferTeam({ teamId: team.teamId, account: 'demo2', leave: true });
    expect((await b.nim.getTeam({ teamId: team.teamId })).owner).toBe('demo2');
    await expect(
      a.nim.sendText({ scene: 'team', to: team.teamId, text: 'gone' }),
    ).rejects.toMatchObject({ code: 804 });
    await b.nim.dismissTeam({ teamId: team.teamId });
    await b.events.until(() => notifications(b.events.all('msg')).includes('dismissTeam'));
    await expect(b.nim.getTeamMembers({ teamId: team.teamId })).rejects.toMatchObject({
      code: 803,
    });
  });

  it('answers the SDK-side rules', async () => {
    const a = await client(0);
    expect(() => a.nim.syncTeamMembers()).toThrow(/deprecated/);
    await expect(a.nim.updateInfoInTeam({ teamId: '1' })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(
      a.nim.getTeamMemberInvitorAccid({
        teamId: '1',
        accounts: Array.from({ length: 201 }, (_, i) => `x${i}`),
      }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    const { team } = await a.nim.createTeam({ type: 'normal', name: '昵称群' });
    const me = await a.nim.updateInfoInTeam({
      teamId: team.teamId,
      nickInTeam: '群主小零',
      muteNotiType: 1,
    });
    expect(me).toMatchObject({ nickInTeam: '群主小零', muteNotiType: 1, muteTeam: true });
  });

  it('counts team read receipts for messages that ask for them (814 otherwise) and limits forced pushes (811)', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createTeam({
      type: 'normal',
      name: '回执群',
      accounts: ['demo2', 'demo3'],
    });
    const asked = await a.nim.sendText({
      scene: 'team',
      to: team.teamId,
      text: '收到请回复',
      needMsgReceipt: true,
    });
    const plain = await a.nim.sendText({ scene: 'team', to: team.teamId, text: '普通消息' });
    const ref = { teamId: team.teamId, idServer: asked.idServer! };
    await b.nim.sendTeamMsgReceipt({ teamMsgReceipts: [ref] });
    expect(await a.events.next('teammsgreceipt')).toEqual([{ ...ref, read: 1, unread: 1 }]);
    await c.nim.sendTeamMsgReceipt({ teamMsgReceipts: [ref] });
    expect(await a.nim.getTeamMsgReads({ teamMsgReceipts: [ref] })).toEqual([
      { ...ref, read: 2, unread: 0 },
    ]);
    expect(await a.nim.getTeamMsgReadAccounts({ teamMsgReceipt: ref })).toEqual({
      readAccounts: expect.arrayContaining(['demo2', 'demo3']),
      unreadAccounts: [],
    });
    await expect(
      b.nim.sendTeamMsgReceipt({
        teamMsgReceipts: [{ teamId: team.teamId, idServer: plain.idServer! }],
      }),
    ).rejects.toMatchObject({ code: 814 });
    const many = Array.from({ length: 101 }, (_, i) => `p${i}`);
    await expect(
      a.nim.sendText({
        scene: 'team',
        to: team.teamId,
        text: '@all',
        apns: { accounts: many, forcePush: true },
      }),
    ).rejects.toMatchObject({ code: 811 });
  });
});
