// Team members through the official NIM Web SDK, for teams and super teams, with the other
// members on our own SDK: a member's own info (nick, notification setting, custom), a nick set by
// the owner, muting a member and the whole team, the muted list, managers and the transfer of
// ownership. Shapes of the SDK's NIMTeamMember and NIMSuperTeamMember (dist/types).
import { describe, expect, it } from 'vitest';
import { connectClient, connectNewAccount } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;
const byAccount = (members: Item[], account: string) => members.find((m) => m.account === account);

describe('team members through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('sets member info, nicks, mutes, managers and the owner of a team', async () => {
    const alice = await official('nim-team-admin');
    const bob = await connectClient(suite.server, 1);
    const carol = await connectNewAccount(suite.server, 'nim-members-carol');
    ours.push(bob.nim, carol.nim);
    const { team } = await call<{ team: Item }>(alice.nim, 'createTeam', {
      type: 'advanced',
      name: '薯片研究所',
      accounts: ['demo2', 'nim-members-carol'],
      beInviteMode: 'noVerify',
    });
    const teamId = team.teamId as string;

    // Its own info: NIM's answer is the member, as the SDK's types pick it.
    const own = await call<Item>(alice.nim, 'updateInfoInTeam', {
      teamId,
      nickInTeam: '所长',
      muteTeam: true,
      custom: '{"level":3}',
    });
    expect(own).toMatchObject({
      id: expect.stringContaining('nim-team-admin'),
      teamId,
      account: 'nim-team-admin',
      nickInTeam: '所长',
      muteTeam: true,
      custom: '{"level":3}',
      updateTime: expect.any(Number),
    });
    // The owner names a member and mutes another; our own SDK reads both.
    await call(alice.nim, 'updateNickInTeam', { teamId, account: 'demo2', nickInTeam: '二当家' });
    await call(alice.nim, 'updateMuteStateInTeam', {
      teamId,
      account: 'nim-members-carol',
      mute: true,
    });
    const seen = await bob.nim.getTeamMembers({ teamId });
    expect(byAccount(seen as Item[], 'demo2')).toMatchObject({ nickInTeam: '二当家' });
    expect(byAccount(seen as Item[], 'nim-members-carol')).toMatchObject({ mute: true });
    expect(byAccount(seen as Item[], 'nim-team-admin')).toMatchObject({
      nickInTeam: '所长',
      muteTeam: true,
      custom: '{"level":3}',
    });
    await expect(
      carol.nim.sendText({ scene: 'team', to: teamId, text: '我被禁言了吗' }),
    ).rejects.toBeTruthy();
    const muted = await call<{ teamId: string; members: Item[] }>(
      alice.nim,
      'getMutedTeamMembers',
      { teamId },
    );
    expect(muted.teamId).toBe(teamId);
    expect(muted.members.map((m) => m.account)).toEqual(['nim-members-carol']);
    expect(muted.members[0]).toMatchObject({ teamId, mute: true, type: 'normal' });

    // The whole team muted: our own SDK's team says so, and a normal member cannot speak.
    await call(alice.nim, 'muteTeamAll', { teamId, mute: true });
    expect(await bob.nim.getTeam({ teamId })).toMatchObject({ mute: true, muteType: 'normal' });
    await expect(
      bob.nim.sendText({ scene: 'team', to: teamId, text: '全员禁言中' }),
    ).rejects.toBeTruthy();
    await call(alice.nim, 'muteTeamAll', { teamId, mute: false });
    expect(await bob.nim.getTeam({ teamId })).toMatchObject({ mute: false, muteType: 'none' });

    // Its own member records, then the owner hands the team over and stays.
    const mine = await call<Item[]>(alice.nim, 'getMyTeamMembers', { teamIds: [teamId] });
    expect(mine).toEqual([expect.objectContaining({ teamId, account: 'nim-team-admin' })]);
    await call(alice.nim, 'transferTeam', { teamId, account: 'demo2', leave: false });
    const after = await call<{ members: Item[] }>(alice.nim, 'getTeamMembers', { teamId });
    expect(byAccount(after.members, 'demo2')).toMatchObject({ type: 'owner' });
    expect(byAccount(after.members, 'nim-team-admin')).toMatchObject({ type: 'normal' });
  });

  it('runs a super team it was handed: info, nicks, mutes, managers, transfer', async () => {
    const bob = await connectClient(suite.server, 1);
    const carol = await connectNewAccount(suite.server, 'nim-super-carol');
    ours.push(bob.nim, carol.nim);
    const account = await suite.newAccount('nim-super-admin');
    const { team } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '坚果联盟',
      beInviteMode: 'noVerify',
      accounts: [account.accid, 'nim-super-carol'],
    });
    const teamId = team.teamId;
    await bob.nim.transferSuperTeam({ teamId, account: account.accid, leave: false });
    const alice = await official(account);

    const own = await call<Item>(alice.nim, 'updateInfoInSuperTeam', {
      teamId,
      nickInTeam: '盟主',
      muteNotiType: 1,
    });
    expect(own).toMatchObject({
      teamId,
      account: 'nim-super-admin',
      nickInTeam: '盟主',
      muteTeam: true,
    });
    // The SDK turns a super-team member's `bits` into muteTeam and keeps muteNotiType as it
    // travelled (text, as every value on NIM's wire).
    expect(Number(own.muteNotiType)).toBe(1);
    await call(alice.nim, 'updateNickInSuperTeam', {
      teamId,
      account: 'nim-super-carol',
      nickInTeam: '松鼠',
    });
    await call(alice.nim, 'addSuperTeamManagers', { teamId, accounts: ['demo2'] });
    await call(alice.nim, 'updateSuperTeamMembersMute', {
      teamId,
      accounts: ['nim-super-carol'],
      mute: true,
    });
    const members = await call<{ members: Item[] }>(alice.nim, 'getAllSuperTeamMembers', {
      teamId,
    });
    expect(byAccount(members.members, 'nim-super-admin')).toMatchObject({
      type: 'owner',
      nickInTeam: '盟主',
      muteTeam: true,
    });
    expect(byAccount(members.members, 'demo2')).toMatchObject({ type: 'manager' });
    expect(byAccount(members.members, 'nim-super-carol')).toMatchObject({
      type: 'normal',
      nickInTeam: '松鼠',
      mute: true,
    });
    const muted = await call<{ members: Item[] }>(alice.nim, 'getMutedSuperTeamMembers', {
      teamId,
    });
    expect(muted.members.map((m) => m.account)).toEqual(['nim-super-carol']);
    await expect(
      carol.nim.sendText({ scene: 'superTeam', to: teamId, text: '禁言中' }),
    ).rejects.toBeTruthy();

    await call(alice.nim, 'updateSuperTeamMute', { teamId, mute: true });
    expect((await bob.nim.getSuperTeam({ teamId })).team).toMatchObject({
      mute: true,
      muteType: 'normal',
    });
    await call(alice.nim, 'updateSuperTeamMute', { teamId, mute: false });
    await call(alice.nim, 'removeSuperTeamManagers', { teamId, accounts: ['demo2'] });
    await call(alice.nim, 'transferSuperTeam', { teamId, account: 'demo2', leave: false });
    const { members: after } = await bob.nim.getSuperTeamMembers({ teamId });
    expect(byAccount(after, 'demo2')).toMatchObject({ type: 'owner' });
    expect(byAccount(after, 'nim-super-admin')).toMatchObject({ type: 'normal' });
  });
});
