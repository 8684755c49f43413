// Super teams through the official NIM Web SDK, with their owner on our own SDK (NIM's web SDK
// cannot create one): the super-team list and the session with its unread count at login,
// getSuperTeam, getSuperTeams and getAllSuperTeamMembers, messages both ways and their history,
// a read mark, and a recall as NIM's deleteMsg system message. Shapes of the SDK's NIMSuperTeam,
// NIMSuperTeamMember, NIMMessage and NIMSession (dist/types).
import { describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { connectClient, demoOptions, Events } from '../im-link/clients.ts';
import { officialSuite } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;
type Msg = Item & { idServer: string; idClient: string; text?: string; time: number };

describe('super teams through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official, newAccount } = suite;

  it('lists, reads and chats in a super team both ways', async () => {
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const account = await newAccount('nim-super');
    const { team } = await bob.nim.createSuperTeam({
      type: 'advanced',
      name: '全国吃货群',
      beInviteMode: 'noVerify',
      accounts: [account.accid],
    });
    const teamId = team.teamId;
    const missed: Msg[] = [];
    for (const text of ['欢迎', '今晚八点秒杀'])
      missed.push(
        (await bob.nim.sendText({ scene: 'superTeam', to: teamId, text })) as unknown as Msg,
      );

    const alice = await official(account, { extra: { syncSessionUnread: true } });
    // NIM's onSuperTeams and onsessions at login.
    const listed = (await alice.next('SuperTeams')) as Item[];
    expect([...listed]).toEqual([
      expect.objectContaining({
        teamId,
        name: '全国吃货群',
        owner: 'demo2',
        memberNum: 2,
        valid: true,
        validToCurrentUser: true,
      }),
    ]);
    const sessions = (await alice.next('sessions')) as Item[];
    expect(sessions.find((s) => s.id === `superTeam-${teamId}`)).toMatchObject({
      scene: 'superTeam',
      to: teamId,
      unread: 2,
      lastMsg: expect.objectContaining({ text: '今晚八点秒杀', from: 'demo2' }),
    });

    expect(await call<Item>(alice.nim, 'getSuperTeam', { teamId })).toMatchObject({
      teamId,
      name: '全国吃货群',
    });
    const teams = await call<Item[]>(alice.nim, 'getSuperTeams');
    expect(teams.map((t) => t.teamId)).toEqual([teamId]);
    const members = await call<{ members: Item[] }>(alice.nim, 'getAllSuperTeamMembers', {
      teamId,
    });
    expect(members.members.map((m) => [m.account, m.type]).sort()).toEqual([
      ['demo2', 'owner'],
      ['nim-super', 'normal'],
    ]);
    expect(members.members[0]).toMatchObject({
      id: expect.stringContaining(teamId),
      teamId,
      joinTime: expect.any(Number),
      valid: true,
      muteTeam: false,
    });

    // Both ways.
    const sent = await call<Msg>(alice.nim, 'sendText', {
      scene: 'superTeam',
      to: teamId,
      text: '收到',
    });
    expect(sent).toMatchObject({ scene: 'superTeam', to: teamId, status: 'success' });
    await bob.events.until(() =>
      bob.events.all<Msg>('msg').some((m) => m.idServer === sent.idServer),
    );
    const live = await bob.nim.sendText({ scene: 'superTeam', to: teamId, text: '别迟到' });
    expect(await alice.next('msg')).toMatchObject({
      scene: 'superTeam',
      from: 'demo2',
      to: teamId,
      text: '别迟到',
      sessionId: `superTeam-${teamId}`,
    });

    // History, then the read mark reaches the server (our own SDK's device sees it read).
    const history = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'superTeam',
      to: teamId,
    });
    const texts = (list: Msg[]) => list.filter((m) => m.type === 'text').map((m) => m.text);
    expect(texts(history.msgs)).toEqual(['别迟到', '收到', '今晚八点秒杀', '欢迎']);
    // The oldest: the notification of the members added at creation, in NIM's layout.
    expect(history.msgs.at(-1)).toMatchObject({
      type: 'notification',
      sessionId: `superTeam-${teamId}`,
      attach: { type: 'addSuperTeamMembers', accounts: ['demo2', 'nim-super'] },
    });
    await new Promise<void>((resolve, reject) =>
      alice.nim.resetSessionUnread!(`superTeam-${teamId}`, (err: unknown) =>
        err ? reject(err) : resolve(),
      ),
    );
    // The read mark reached the server: a device of our own SDK of the same account, logging in
    // after, finds the session read.
    const events = new Events();
    const device = NIM.getInstance({
      ...demoOptions(suite.server, 0),
      account: account.accid,
      token: account.token,
      ...events.callbacks(),
    });
    ours.push(device);
    await device.connect();
    const mine = (await events.next('sessions')) as Item[];
    expect(mine.find((s) => s.id === `superTeam-${teamId}`)).toMatchObject({ unread: 0 });

    // A recall by our own SDK reaches the official SDK as NIM's deleteMsg system message.
    await bob.nim.deleteMsg({ msg: live });
    let notice = (await alice.next('sysmsg')) as Item;
    while (notice.type !== 'deleteMsg') notice = (await alice.next('sysmsg')) as Item;
    expect(notice).toMatchObject({
      scene: 'superTeam',
      from: 'demo2',
      to: teamId,
      deletedIdServer: live.idServer,
      deletedIdClient: live.idClient,
    });
    // And the official SDK's recall of its own message reaches ours.
    await call(alice.nim, 'recallMsg', { msg: sent });
    await bob.events.until(() =>
      bob.events
        .all<Item>('sysmsg')
        .some((m) => m.type === 'deleteMsgSuperTeam' || m.deletedIdServer === sent.idServer),
    );
    const after = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'superTeam',
      to: teamId,
    });
    expect(texts(after.msgs)).toEqual(['今晚八点秒杀', '欢迎']);
  });
});
