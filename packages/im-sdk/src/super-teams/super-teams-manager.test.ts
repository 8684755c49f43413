// The super teams manager alone, on a fake context: the 10-account mute limit, no members as an
// empty list, my super teams from the sync, and forwarded commands.
import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeReplies } from '../test-context.ts';
import { team } from '../teams/teams-manager.test.ts';
import { SuperTeamsManager } from './super-teams-manager.ts';

function setUp(replies: FakeReplies = {}) {
  const context = fakeContext(replies);
  return { context, superTeams: new SuperTeamsManager(context) };
}

describe('SuperTeamsManager', () => {
  it('refuses muting more than 10 members at once before sending', async () => {
    const { context, superTeams } = setUp();
    const accounts = Array.from({ length: 11 }, (_, i) => `a${i}`);
    await expect(
      superTeams.updateSuperTeamMembersMute({ teamId: 't', accounts, mute: true }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    expect(context.sent).toEqual([]);
  });

  it('answers an empty member list when the server has none', async () => {
    const { superTeams } = setUp({ getSuperTeamMembers: () => ({}) as never });
    expect(await superTeams.getSuperTeamMembers({ teamId: 't' })).toMatchObject({ members: [] });
  });

  it('keeps my super teams from the sync and forwards the plain commands', async () => {
    const { context, superTeams } = setUp({ leaveSuperTeam: () => ({}) });
    context.push('syncSuperTeams', { teams: [team('s1'), team('s2', false)] });
    context.runSyncDone();
    expect(superTeams.getLocalSuperTeams().map((t) => t.teamId)).toEqual(['s1']);
    expect(context.calls('onSuperTeams')).toHaveLength(1);
    await superTeams.leaveSuperTeam({ teamId: 's1' });
    expect(context.sent).toEqual([{ name: 'leaveSuperTeam', params: { teamId: 's1' } }]);
  });
});
