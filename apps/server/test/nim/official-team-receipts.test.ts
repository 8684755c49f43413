// Team read receipts through the official NIM Web SDK, in a team with clients of our own SDK:
// NIM's sendTeamMsgReceipt reaches our sender's counts, and our members' reads reach the official
// SDK's onTeamMsgReceipt, getTeamMsgReads and getTeamMsgReadAccounts.
import { describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call, callForData } from './official-sdk.ts';

type Msg = Record<string, unknown> & { idServer: string; idClient: string; time: number };

describe('team read receipts through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official } = suite;

  it('sends and receives team read receipts with their counts', async () => {
    const carol = await official('nim-team-rcpt');
    const owner = await connectClient(suite.server, 1);
    ours.push(owner.nim);
    const { team } = await owner.nim.createTeam({
      type: 'advanced',
      name: '回执群',
      beInviteMode: 'noVerify',
      accounts: ['nim-team-rcpt'],
    });
    const teamId = team.teamId;

    const fromOwner = await owner.nim.sendText({
      scene: 'team',
      to: teamId,
      text: '请回复已读',
      needMsgReceipt: true,
    });
    let received = (await carol.next('msg')) as Msg;
    while (received.text !== '请回复已读') received = (await carol.next('msg')) as Msg;
    expect(received).toMatchObject({ needMsgReceipt: true, idServer: fromOwner.idServer });
    await call(carol.nim, 'sendTeamMsgReceipt', {
      teamMsgReceipts: [{ teamId, idServer: received.idServer }],
    });
    expect(await owner.events.next('teammsgreceipt')).toEqual([
      { teamId, idServer: fromOwner.idServer, read: 1, unread: 0 },
    ]);

    const sent = await call<Msg>(carol.nim, 'sendText', {
      scene: 'team',
      to: teamId,
      text: '我发的，请看',
      needMsgReceipt: true,
    });
    await owner.events.until(() =>
      owner.events.all<{ text?: string }>('msg').some((m) => m.text === '我发的，请看'),
    );
    await owner.nim.sendTeamMsgReceipt({ teamMsgReceipts: [{ teamId, idServer: sent.idServer }] });
    // NIMTeamMsgReceipts: read and unread are text ("for historical reasons", its types say).
    const pushed = (await carol.next('TeamMsgReceipt')) as { teamMsgReceipts: unknown[] };
    expect(pushed.teamMsgReceipts).toEqual([
      expect.objectContaining({ teamId, idServer: sent.idServer, read: '1', unread: '0' }),
    ]);
    const reads = await callForData<{ teamMsgReceipts: unknown[] }>(carol.nim, 'getTeamMsgReads', {
      teamMsgReceipts: [{ teamId, idServer: sent.idServer }],
    });
    expect(reads.teamMsgReceipts).toEqual([
      expect.objectContaining({ teamId, idServer: sent.idServer, read: '1', unread: '0' }),
    ]);
    const accounts = await callForData(carol.nim, 'getTeamMsgReadAccounts', {
      teamMsgReceipt: { teamId, idServer: sent.idServer },
    });
    expect(accounts).toMatchObject({
      readAccounts: ['demo2'],
      unreadAccounts: [],
    });
  });
});
