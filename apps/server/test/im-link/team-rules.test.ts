// Teams and the social graph with real SDK clients, the rules the other team files leave out:
// every team permission refusal and the codes 806, 807 and 809; requests that can no longer be
// honoured (state error); custom system messages to teams and super teams; the super-team twins
// of dismiss, nick in team and invitor accid; mutelists; event broadcast types and sync.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { DeliveredEvent, SysMsg, Team } from '@morsel/protocol';
import { CommandError } from '../../src/im/gateway/errors.ts';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;

const notificationIds = (msgs: ClientMsg[]) =>
  msgs.filter((m) => m.type === 5).map((m) => JSON.parse(m.attach!).id as number);

describe('team permissions', () => {
  it('refuses what each role may not do, by team type and mode', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '权限群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', 'demo3'],
    });
    const teamId = team.teamId;
    // Only the owner transfers and dismisses.
    await expect(b.nim.transferTeam({ teamId, account: 'demo3' })).rejects.toMatchObject({
      code: 802,
    });
    await expect(b.nim.dismissTeam({ teamId })).rejects.toMatchObject({ code: 802 });
    // A normal member removes no one in an advanced team; a manager removes normal members only.
    await expect(c.nim.removeTeamMembers({ teamId, accounts: ['demo2'] })).rejects.toMatchObject({
      code: 802,
    });
    await expect(b.nim.muteTeamAll({ teamId, muteType: 'all' })).rejects.toMatchObject({
      code: 802,
    });
    await a.nim.addTeamManagers({ teamId, accounts: ['demo2', 'demo3'] });
    await expect(b.nim.removeTeamMembers({ teamId, accounts: ['demo3'] })).rejects.toMatchObject({
      code: 802,
    });
    await expect(b.nim.removeTeamManagers({ teamId, accounts: ['demo3'] })).rejects.toMatchObject({
      code: 802,
    });
    await a.nim.removeTeamManagers({ teamId, accounts: ['demo3'] });
    // 807: the member is not in the state the command needs.
    await expect(a.nim.removeTeamManagers({ teamId, accounts: ['demo3'] })).rejects.toMatchObject({
      code: 807,
    });
    // Nick in team: a normal member changes only its own, a manager a normal member's.
    await expect(
      c.nim.updateNickInTeam({ teamId, account: 'demo2', nickInTeam: 'x' }),
    ).rejects.toMatchObject({ code: 802 });
    await c.nim.updateNickInTeam({ teamId, account: 'demo3', nickInTeam: '小三' });
    await b.nim.updateNickInTeam({ teamId, account: 'demo3', nickInTeam: '三号' });
    await expect(
      b.nim.updateNickInTeam({ teamId, account: 'demo1', nickInTeam: 'x' }),
    ).rejects.toMatchObject({ code: 802 });
    expect(
      (await a.nim.getTeamMembers({ teamId })).find((m) => m.account === 'demo3'),
    ).toMatchObject({ nickInTeam: '三号' });
    // 809: everyone asked for is already in the team.
    await expect(a.nim.addTeamMembers({ teamId, accounts: ['demo3'] })).rejects.toMatchObject({
      code: 809,
    });
    // Modes: 'all' lets a normal member invite and edit custom data, not the name.
    await expect(c.nim.updateTeam({ teamId, custom: '{"a":1}' })).rejects.toMatchObject({
      code: 802,
    });
    await expect(c.nim.updateTeam({ teamId, inviteMode: 'all' })).rejects.toMatchObject({
      code: 802,
    });
    await a.nim.updateTeam({ teamId, inviteMode: 'all', updateCustomMode: 'all' });
    await c.nim.updateTeam({ teamId, custom: '{"a":1}' });
    await expect(c.nim.updateTeam({ teamId, name: 'x' })).rejects.toMatchObject({ code: 802 });
    await b.nim.removeTeamMembers({ teamId, accounts: ['demo3'] });
    await c.events.until(() =>
      c.events.all<Team>('updateteam').some((t) => t.teamId === teamId && !t.validToCurrentUser),
    );
    await a.nim.removeTeamManagers({ teamId, accounts: ['demo2'] });
    expect((await b.nim.addTeamMembers({ teamId, accounts: ['demo3'] })).added).toEqual(['demo3']);
    expect((await a.nim.getTeam({ teamId })).custom).toBe('{"a":1}');
    expect((await c.nim.getMyTeamMembers({ teamIds: [teamId] })).members).toMatchObject([
      { account: 'demo3', type: 'normal', invitorAccid: 'demo2' },
    ]);
  });

  it('lets any member of a normal team remove others but the owner', async () => {
    const a = await client(0);
    const b = await client(1);
    const { team } = await a.nim.createTeam({
      type: 'normal',
      name: '讨论组',
      accounts: ['demo2', 'demo3'],
    });
    await expect(
      b.nim.removeTeamMembers({ teamId: team.teamId, accounts: ['demo1'] }),
    ).rejects.toMatchObject({ code: 802 });
    await b.nim.removeTeamMembers({ teamId: team.teamId, accounts: ['demo3'] });
    expect((await a.nim.getTeam({ teamId: team.teamId })).memberNum).toBe(2);
    await expect(
      a.nim.addTeamManagers({ teamId: team.teamId, accounts: ['demo2'] }),
    ).rejects.toMatchObject({ code: 805 });
  });

  it('limits an account to 100 owned teams and super teams (806)', async () => {
    const a = await client(0);
    for (let i = 0; i < 99; i++) await a.nim.createTeam({ type: 'normal', name: `群${i}` });
    await a.nim.createSuperTeam({ type: 'advanced', name: '第一百个' });
    await expect(a.nim.createTeam({ type: 'normal', name: '太多了' })).rejects.toMatchObject({
      code: 806,
    });
    await expect(a.nim.createSuperTeam({ type: 'advanced', name: '太多了' })).rejects.toMatchObject(
      { code: 806 },
    );
  });
});

describe('the SDK-side readings of document 2', () => {
  it('takes 803 on the team lists as no teams and 406 on team members as none', async () => {
    const a = await client(0);
    const { team } = await a.nim.createTeam({ type: 'normal', name: '空群' });
    const superTeam = await a.nim.createSuperTeam({ type: 'advanced', name: '空超级群' });
    // The server is made to answer as NIM's does.
    suite.server.server.imGateway.gateway.use({
      getTeams: async () => {
        throw new CommandError(803);
      },
      getSuperTeams: async () => {
        throw new CommandError(803);
      },
      getTeamMembers: async () => {
        throw new CommandError(406);
      },
      getSuperTeamMembers: async () => {
        throw new CommandError(406);
      },
    });
    expect(await a.nim.getTeams()).toEqual([]);
    expect(await a.nim.getSuperTeams()).toEqual({ teams: [] });
    expect(await a.nim.getTeamMembers({ teamId: team.teamId })).toEqual([]);
    expect((await a.nim.getSuperTeamMembers({ teamId: superTeam.team.teamId })).members).toEqual(
      [],
    );
  });

  it('answers team read counts and read accounts to members only', async () => {
    const a = await client(0);
    const c = await client(2);
    const { team } = await a.nim.createTeam({
      type: 'normal',
      name: '回执群',
      accounts: ['demo2'],
    });
    const sent = await a.nim.sendText({
      scene: 'team',
      to: team.teamId,
      text: '请回复',
      needMsgReceipt: true,
    });
    const ref = { teamId: team.teamId, idServer: sent.idServer! };
    await expect(c.nim.getTeamMsgReads({ teamMsgReceipts: [ref] })).rejects.toMatchObject({
      code: 804,
    });
    await expect(c.nim.getTeamMsgReadAccounts({ teamMsgReceipt: ref })).rejects.toMatchObject({
      code: 804,
    });
    await expect(c.nim.sendTeamMsgReceipt({ teamMsgReceipts: [ref] })).rejects.toMatchObject({
      code: 804,
    });
  });
});

describe('requests that can no longer be honoured', () => {
  it('move to state error when the team was dismissed or is full', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const gone = await a.nim.createTeam({ type: 'advanced', name: '将解散', accounts: ['demo2'] });
    const invite = await b.events.next<SysMsg>('sysmsg');
    await a.nim.dismissTeam({ teamId: gone.team.teamId });
    await expect(
      b.nim.acceptTeamInvite({ teamId: gone.team.teamId, from: 'demo1' }),
    ).rejects.toMatchObject({ code: 803 });

    const small = await a.nim.createTeam({ type: 'advanced', name: '两人群', level: 2 });
    await c.nim.applyTeam({ teamId: small.team.teamId });
    const application = await a.events
      .until(() => a.events.all<SysMsg>('sysmsg').some((m) => m.type === 'applyTeam'))
      .then(() => a.events.all<SysMsg>('sysmsg').find((m) => m.type === 'applyTeam')!);
    await a.nim.updateTeam({ teamId: small.team.teamId, joinMode: 'noVerify' });
    expect(await b.nim.applyTeam({ teamId: small.team.teamId })).toEqual({ joined: true });
    await expect(
      a.nim.passTeamApply({ teamId: small.team.teamId, from: 'demo3' }),
    ).rejects.toMatchObject({ code: 801 });

    // New devices learn the final states in their sync.
    const b2 = await client(1, { deviceId: 'b-new' });
    expect(
      b2.events
        .all<SysMsg[]>('offlinesysmsgs')
        .flat()
        .find((m) => m.idServer === invite.idServer),
    ).toMatchObject({ type: 'teamInvite', state: 'error' });
    const a2 = await client(0, { deviceId: 'a-new' });
    expect(
      a2.events
        .all<SysMsg[]>('offlinesysmsgs')
        .flat()
        .find((m) => m.idServer === application.idServer),
    ).toMatchObject({ type: 'applyTeam', state: 'error' });
    await expect(
      a.nim.passTeamApply({ teamId: small.team.teamId, from: 'demo3' }),
    ).rejects.toMatchObject({ code: 404 });
  });
});

describe('custom system messages to teams', () => {
  it('reach the other members of a team online, or every member at the next sync, addressed to the team', async () => {
    const a = await client(0);
    const b = await client(1);
    const { team } = await a.nim.createTeam({
      type: 'normal',
      name: '通知群',
      accounts: ['demo2', 'demo3'],
    });
    await a.nim.sendCustomSysMsg({ scene: 'team', to: team.teamId, content: '{"typing":true}' });
    expect(await b.events.next('customsysmsg')).toMatchObject({
      scene: 'team',
      to: team.teamId,
      from: 'demo1',
      type: 'customTeam',
      content: '{"typing":true}',
    });
    await b.nim.getServerTime();
    expect(a.events.all('customsysmsg')).toEqual([]);

    await b.nim.sendCustomSysMsg({
      scene: 'team',
      to: team.teamId,
      content: '{"order":"paid"}',
      sendToOnlineUsersOnly: false,
    });
    const c = await client(2);
    expect(c.events.all<SysMsg[]>('offlinesysmsgs').flat()).toEqual([
      expect.objectContaining({
        type: 'customTeam',
        category: 'msg',
        from: 'demo2',
        to: team.teamId,
        content: '{"order":"paid"}',
      }),
    ]);
    expect(await a.events.next<SysMsg>('sysmsg')).toMatchObject({
      type: 'customTeam',
      to: team.teamId,
    });

    const outsider = await a.nim.createTeam({ type: 'normal', name: '别的群' });
    await expect(
      c.nim.sendCustomSysMsg({ scene: 'team', to: outsider.team.teamId, content: 'x' }),
    ).rejects.toMatchObject({ code: 804 });
    await expect(
      c.nim.sendCustomSysMsg({ scene: 'team', to: '999999', content: 'x' }),
    ).rejects.toMatchObject({ code: 803 });
  });

  it('reach a super team through its group, online only', async () => {
    const a = await client(0);
    const b = await client(1);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '超级通知群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    await b.events.until(() => b.events.all<Team>('updatesuperteam').length > 0);
    await a.nim.sendCustomSysMsg({ scene: 'superTeam', to: team.teamId, content: '{"live":1}' });
    expect(await b.events.next('customsysmsg')).toMatchObject({
      scene: 'superTeam',
      to: team.teamId,
      type: 'customSuperTeam',
      content: '{"live":1}',
    });
    await a.nim.getServerTime();
    expect(a.events.all('customsysmsg')).toEqual([]);
    await expect(
      a.nim.sendCustomSysMsg({
        scene: 'superTeam',
        to: team.teamId,
        content: 'x',
        sendToOnlineUsersOnly: false,
      }),
    ).rejects.toMatchObject({ code: 414 });
    await expect(
      a.nim.sendCustomSysMsg({ scene: 'team', to: team.teamId, content: 'x' }),
    ).rejects.toMatchObject({ code: 803 });
  });
});

describe('super-team twins of dismiss, nick in team and invitor accid', () => {
  it('lets the owner dismiss, sets nicks by role and answers who invited', async () => {
    const a = await client(0);
    const b = await client(1);
    const c = await client(2);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '超级昵称群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const teamId = team.teamId;
    await a.nim.updateSuperTeamInfo({ teamId, inviteMode: 'all' });
    await b.nim.addSuperTeamMembers({ teamId, accounts: ['demo3'] });
    expect(
      await a.nim.getSuperTeamMemberInvitorAccid({ teamId, accounts: ['demo2', 'demo3'] }),
    ).toEqual({ invitors: { demo2: 'demo1', demo3: 'demo2' } });
    await expect(
      a.nim.getSuperTeamMemberInvitorAccid({
        teamId,
        accounts: Array.from({ length: 201 }, (_, i) => `x${i}`),
      }),
    ).rejects.toMatchObject({ code: 'Param_Error' });

    await expect(
      c.nim.updateNickInSuperTeam({ teamId, account: 'demo2', nickInTeam: 'x' }),
    ).rejects.toMatchObject({ code: 802 });
    await a.nim.updateNickInSuperTeam({ teamId, account: 'demo3', nickInTeam: '超级三号' });
    expect((await c.nim.getMySuperTeamMembers({ teamIds: [teamId] })).members).toMatchObject([
      { nickInTeam: '超级三号' },
    ]);

    await expect(b.nim.dismissSuperTeam({ teamId })).rejects.toMatchObject({ code: 802 });
    await a.nim.dismissSuperTeam({ teamId });
    await c.events.until(() =>
      c.events
        .all<Team>('updatesuperteam')
        .some((t) => t.teamId === teamId && !t.validToCurrentUser),
    );
    await c.events.until(() => notificationIds(c.events.all('msg')).includes(405));
    expect(c.nim.getLocalSuperTeams()).toEqual([]);
    await expect(b.nim.getSuperTeamMembers({ teamId })).rejects.toMatchObject({ code: 803 });
    await expect(
      b.nim.sendText({ scene: 'superTeam', to: teamId, text: 'x' }),
    ).rejects.toMatchObject({ code: 803 });
  });
});

describe('mutelist and friend applications to a blacklister', () => {
  it('keeps the mutelist in step across devices without changing delivery; 7101 on applying to a blacklister', async () => {
    const a = await client(0);
    const b1 = await client(1, { deviceId: 'b1' });
    const b2 = await client(1, { deviceId: 'b2' });
    await b1.nim.markInMutelist({ account: 'demo1', isAdd: true });
    expect(await b2.events.next('markinmutelist')).toEqual({ account: 'demo1', isAdd: true });
    expect(b1.nim.isUserInMuteList('demo1')).toBe(true);
    expect(await b1.nim.getRelations()).toEqual({ blacklist: [], mutelist: ['demo1'] });
    await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '静音也能收到' });
    expect((await b1.events.next<ClientMsg>('msg')).text).toBe('静音也能收到');
    const b3 = await client(1, { deviceId: 'b3' });
    expect(b3.events.all('mutelist').at(-1)).toEqual(['demo1']);
    await expect(b1.nim.markInMutelist({ account: 'nobody', isAdd: true })).rejects.toMatchObject({
      code: 404,
    });

    await b1.nim.markInBlacklist({ account: 'demo1', isAdd: true });
    await expect(a.nim.applyFriend({ account: 'demo2' })).rejects.toMatchObject({ code: 7101 });
    await expect(a.nim.addFriend({ account: 'demo2' })).rejects.toMatchObject({ code: 7101 });
  });
});

describe('event broadcast types and sync', () => {
  it("keeps only broadcastType 2 events for later subscribers, and syncs to the publisher's other devices", async () => {
    const a1 = await client(0, { deviceId: 'a1' });
    const a2 = await client(0, { deviceId: 'a2' });
    await a1.nim.publishEvent({ type: 100002, value: 1, broadcastType: 1 });
    await a1.nim.publishEvent({ type: 100003, value: 3, sync: true });
    expect(await a2.events.next<DeliveredEvent[]>('pushevents')).toEqual([
      expect.objectContaining({ type: 100003, value: 3, account: 'demo1' }),
    ]);
    expect(a1.events.all('pushevents')).toEqual([]);

    const b = await client(1);
    expect(
      (await b.nim.subscribeEvent({ type: 100002, accounts: ['demo1'], sync: true })).events,
    ).toEqual([]);
    expect(
      (await b.nim.subscribeEvent({ type: 100003, accounts: ['demo1'], sync: true })).events,
    ).toEqual([expect.objectContaining({ value: 3 })]);
    await a1.nim.publishEvent({ type: 100002, value: 2, broadcastType: 1 });
    expect(
      await b.events
        .until(() =>
          b.events
            .all<DeliveredEvent[]>('pushevents')
            .flat()
            .some((e) => e.type === 100002),
        )
        .then(() =>
          b.events
            .all<DeliveredEvent[]>('pushevents')
            .flat()
            .find((e) => e.type === 100002),
        ),
    ).toMatchObject({ value: 2 });
  });
});
