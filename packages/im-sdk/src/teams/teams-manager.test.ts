// The teams manager alone, on a fake context: the spec's quirks (803 is no teams, 406 no
// members), my teams kept from the sync and pushes, and forwarded commands with both styles.
import { ImError, type Team } from '@morsel/protocol';
import { describe, expect, it } from 'vitest';
import { fakeContext, settle, type FakeReplies } from '../test-context.ts';
import { TeamsManager } from './teams-manager.ts';

function setUp(replies: FakeReplies = {}) {
  const context = fakeContext(replies);
  return { context, teams: new TeamsManager(context) };
}

export const team = (teamId: string, validToCurrentUser = true): Team => ({
  teamId,
  type: 'advanced',
  owner: 'me',
  level: 200,
  name: `team ${teamId}`,
  avatar: '',
  intro: '',
  announcement: '',
  custom: '',
  joinMode: 'noVerify',
  beInviteMode: 'noVerify',
  inviteMode: 'manager',
  updateTeamMode: 'manager',
  updateCustomMode: 'manager',
  mute: false,
  muteType: 'none',
  memberNum: 1,
  memberUpdateTime: 1,
  createTime: 1,
  updateTime: 1,
  valid: true,
  validToCurrentUser,
});

describe('TeamsManager', () => {
  it('answers no teams for 803 and passes other errors on', async () => {
    let code = 803;
    const { teams } = setUp({
      getTeams: () => {
        throw new ImError(code);
      },
    });
    expect(await teams.getTeams()).toEqual([]);
    code = 500;
    await expect(teams.getTeams()).rejects.toMatchObject({ code: 500 });
  });

  it('keeps my teams from the sync, tells them when it is done, and drops a team I left', () => {
    const { context, teams } = setUp();
    context.push('syncTeams', { teams: [team('1'), team('2')] });
    context.runSyncDone();
    expect(context.calls('onteams')[0]?.[0].map((t) => t.teamId)).toEqual(['1', '2']);
    context.push('teamChanged', { team: team('2', false) });
    expect(teams.getLocalTeams().map((t) => t.teamId)).toEqual(['1']);
    expect(context.calls('onupdateteam')).toHaveLength(1);
  });

  it('forwards a command without its done, and settles done as well as the promise', async () => {
    const { context, teams } = setUp({ leaveTeam: () => ({}) });
    const told: unknown[] = [];
    await teams.leaveTeam({ teamId: '1', done: (error, result) => told.push(error, result) });
    await settle();
    expect(context.sent).toEqual([{ name: 'leaveTeam', params: { teamId: '1' } }]);
    expect(told).toEqual([null, {}]);
  });

  it('refuses updateInfoInTeam without a field to change, and syncTeamMembers (deprecated)', async () => {
    const { context, teams } = setUp();
    await expect(teams.updateInfoInTeam({ teamId: '1' })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    expect(() => teams.syncTeamMembers()).toThrow(ImError);
    expect(context.sent).toEqual([]);
  });
});
