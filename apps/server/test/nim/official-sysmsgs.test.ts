// System messages of teams and super teams through the official NIM Web SDK, with the other side
// on our own SDK: a super-team invitation missed while away (onofflinesysmsgs) and accepted, an
// application to a super team passed by its owner, custom system messages in a super team both
// ways, and a team message's recall as NIM's deleteMsg system message. Shapes of the SDK's
// NIMSystemMessage (dist/types).
import { describe, expect, it } from 'vitest';
import { connectClient, connectNewAccount } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;

describe('team system messages through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official, newAccount } = suite;

  it('gets a super-team invitation at login, accepts it and talks in system messages', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-invited');
    const { team } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '夜宵俱乐部',
      beInviteMode: 'needVerify',
      joinMode: 'needVerify',
    });
    const teamId = team.teamId;
    await bob.nim.addSuperTeamMembers({ teamId, accounts: [account.accid], ps: '来吃夜宵' });

    const alice = await official(account);
    const offline = (await alice.next('offlinesysmsgs')) as Item[];
    const invite = offline.find((m) => m.type === 'superTeamInvite');
    expect(invite).toMatchObject({
      from: 'demo2',
      to: teamId,
      ps: '来吃夜宵',
      idServer: expect.any(String),
      time: expect.any(Number),
    });
    await call(alice.nim, 'acceptSuperTeamInvite', {
      idServer: invite!.idServer,
      teamId,
      from: 'demo2',
    });
    const { members } = await bob.nim.getSuperTeamMembers({ teamId });
    expect(members.map((m) => m.account).sort()).toEqual(['demo2', 'nim-invited']);

    // Custom system messages in the super team, both ways.
    await call(alice.nim, 'sendCustomSysMsg', {
      scene: 'superTeam',
      to: teamId,
      content: '{"typing":true}',
      sendToOnlineUsersOnly: true,
    });
    expect(await bob.events.next('customsysmsg')).toMatchObject({
      scene: 'superTeam',
      from: 'nim-invited',
      to: teamId,
      content: '{"typing":true}',
    });
    await bob.nim.sendCustomSysMsg({ scene: 'superTeam', to: teamId, content: '{"menu":1}' });
    expect(await alice.next('customsysmsg')).toMatchObject({
      type: 'custom',
      scene: 'superTeam',
      from: 'demo2',
      to: teamId,
      content: '{"menu":1}',
    });
  });

  it('applies to a super team and sees a team message recalled', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const { team: superTeam } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '烘焙交流',
      joinMode: 'needVerify',
    });
    const alice = await official('nim-applicant');
    await call(alice.nim, 'applySuperTeam', { teamId: superTeam.teamId, ps: '我会做蛋糕' });
    let apply = (await bob.events.next('sysmsg')) as Item;
    while (apply.type !== 'applySuperTeam') apply = (await bob.events.next('sysmsg')) as Item;
    // Our own SDK addresses an application to the owner.
    expect(apply).toMatchObject({ from: 'nim-applicant', to: 'demo2', ps: '我会做蛋糕' });
    await bob.nim.passSuperTeamApply({
      teamId: superTeam.teamId,
      from: 'nim-applicant',
      idServer: apply.idServer as string,
    });
    const teams = await call<Item[]>(alice.nim, 'getSuperTeams');
    expect(teams.map((t) => t.teamId)).toEqual([superTeam.teamId]);

    // A team message recalled by its sender reaches the official SDK as NIM's recall notice.
    const carol = await connectNewAccount(suite.server, 'nim-recall-carol');
    ours.push(carol.nim);
    const { team } = await bob.nim.createTeam({
      type: 'advanced',
      name: '撤回测试',
      beInviteMode: 'noVerify',
      accounts: ['nim-applicant', 'nim-recall-carol'],
    });
    const sent = await carol.nim.sendText({ scene: 'team', to: team.teamId, text: '发错群了' });
    let received = (await alice.next('msg')) as Item;
    while (received.idServer !== sent.idServer) received = (await alice.next('msg')) as Item;
    await carol.nim.deleteMsg({ msg: sent });
    let notice = (await alice.next('sysmsg')) as Item;
    while (notice.type !== 'deleteMsg') notice = (await alice.next('sysmsg')) as Item;
    expect(notice).toMatchObject({
      scene: 'team',
      from: 'nim-recall-carol',
      to: team.teamId,
      deletedIdServer: sent.idServer,
      deletedIdClient: sent.idClient,
      msg: expect.objectContaining({ sessionId: `team-${team.teamId}` }),
    });
  });
});
