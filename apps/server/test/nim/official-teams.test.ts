// Teams through the official NIM Web SDK, with members on our own SDK: creating a team, the team
// list at login (onteams), updating it, adding members and managers, applications and their
// answers, leaving, and the members list, with the shapes of the SDK's NIMTeam and NIMTeamMember.
import { describe, expect, it } from 'vitest';
import { connectClient, connectNewAccount } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;

describe('teams through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official, newAccount } = suite;

  it('creates and runs a team with members on our own SDK', async () => {
    const alice = await official(await newAccount('nim-owner'));
    const bob = await connectClient(suite.server, 1);
    const carol = await connectNewAccount(suite.server, 'nim-team-carol');
    ours.push(bob.nim, carol.nim);

    const created = await call<{ team: Item }>(alice.nim, 'createTeam', {
      type: 'advanced',
      name: '零食爱好者',
      accounts: ['demo2'],
      joinMode: 'needVerify',
      beInviteMode: 'noVerify',
      intro: '每周新品',
    });
    const teamId = created.team.teamId as string;
    expect(created.team).toMatchObject({
      teamId: expect.any(String),
      type: 'advanced',
      name: '零食爱好者',
      owner: 'nim-owner',
      joinMode: 'needVerify',
      beInviteMode: 'noVerify',
      intro: '每周新品',
      valid: true,
      validToCurrentUser: true,
    });
    await bob.events.until(() =>
      bob.events.all<{ scene: string; to: string }>('msg').some((m) => m.to === teamId),
    );
    expect(await call<Item>(alice.nim, 'getTeam', { teamId })).toMatchObject({
      teamId,
      memberNum: 2,
    });

    await call(alice.nim, 'updateTeam', { teamId, name: '零食爱好者俱乐部' });
    expect((await bob.nim.getTeam({ teamId })).name).toBe('零食爱好者俱乐部');

    await call(alice.nim, 'addTeamManagers', { teamId, accounts: ['demo2'] });
    const members = await call<{ members: Item[] }>(alice.nim, 'getTeamMembers', { teamId });
    expect(members.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'nim-owner', type: 'owner', teamId }),
        expect.objectContaining({ account: 'demo2', type: 'manager', teamId }),
      ]),
    );

    // An application from our own SDK, passed by the official owner.
    await carol.nim.applyTeam({ teamId, ps: '想加入' });
    let apply = (await alice.next('sysmsg')) as Item;
    while (apply.type !== 'applyTeam') apply = (await alice.next('sysmsg')) as Item;
    expect(apply).toMatchObject({ from: 'nim-team-carol', to: teamId, ps: '想加入' });
    await call(alice.nim, 'passTeamApply', { idServer: apply.idServer, teamId, from: apply.from });
    await carol.events.until(
      () =>
        carol.events
          .all<{ teamId: string }[]>('teams')
          .flat()
          .some((t) => t.teamId === teamId) ||
        carol.events.all<{ teamId: string }>('updateteam').some((t) => t.teamId === teamId),
    );

    await carol.nim.leaveTeam({ teamId });
    const after = await call<{ members: Item[] }>(alice.nim, 'getTeamMembers', { teamId });
    expect(after.members.map((m) => m.account).sort()).toEqual(['demo2', 'nim-owner']);
  });

  it('lists its teams at login and joins one on our own SDK', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-member');
    const { team } = await bob.nim.createTeam({
      type: 'advanced',
      name: '新品试吃',
      beInviteMode: 'noVerify',
      accounts: [account.accid],
    });
    const alice = await official(account);
    // NIM's onteams: the teams, with the ones left on the list's `invalid`.
    const listed = (await alice.next('teams')) as Item[];
    expect(listed.map((t) => t.teamId)).toEqual([team.teamId]);
    expect(listed[0]).toMatchObject({ name: '新品试吃', owner: 'demo2', type: 'advanced' });
    const teams = await call<Item[]>(alice.nim, 'getTeams');
    expect(teams.map((t) => t.teamId)).toEqual([team.teamId]);
    await call(alice.nim, 'leaveTeam', { teamId: team.teamId });
    const left = await bob.nim.getTeamMembers({ teamId: team.teamId });
    expect(left.map((m) => m.account)).toEqual(['demo2']);
  });
});
