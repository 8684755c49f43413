// What a team or super-team member may read, with real SDK clients on both engines: only what
// was said from its (latest) join on, on every read path (history, search, by id, threads, pins,
// quick comments), and a non-member sees only the team's public card. Membership joins and the
// join-time filter are SQL each engine must run.
import { expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import { forEachEngine } from '../harness/index.ts';
import { imSuite } from './suite.ts';

const texts = (msgs: ClientMsg[]) => msgs.filter((m) => m.type === 0).map((m) => m.text);

await forEachEngine('reading a team from the join', ({ name: engine }) => {
  const suite = imSuite({ fresh: 'each', engine });

  it('hides everything from before a member joined, and from while it was out, on every read path', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const c = await suite.client(2);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '老群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const to = team.teamId;
    const before = await a.nim.sendText({
      scene: 'team',
      to,
      text: '入群前的悄悄话',
      needMsgReceipt: true,
    });
    const ref = {
      from: before.from,
      to: before.to,
      time: before.time,
      idServer: before.idServer!,
      idClient: before.idClient,
    };
    await b.nim.sendText({ scene: 'team', to, text: '入群前的回复', threadMsg: ref });
    await b.nim.addMsgPin({ msg: before, pinCustom: '置顶' });
    await b.nim.addQuickComment({ msg: before, body: 1 });
    expect(texts((await b.nim.getHistoryMsgs({ scene: 'team', to, beginTime: 0 })).msgs)).toEqual([
      '入群前的回复',
      '入群前的悄悄话',
    ]);

    await a.nim.addTeamMembers({ teamId: to, accounts: ['demo3'] });
    const after = await a.nim.sendText({ scene: 'team', to, text: '入群后的第一句' });
    expect(texts((await c.nim.getHistoryMsgs({ scene: 'team', to, beginTime: 0 })).msgs)).toEqual([
      '入群后的第一句',
    ]);
    expect(
      texts((await c.nim.searchHistoryMsgs({ scene: 'team', to, keyword: '入群' })).msgs),
    ).toEqual(['入群后的第一句']);
    expect(
      (await c.nim.getMsgsByIdServer({ reqMsgs: [before, after] })).msgs.map((m) => m.idServer),
    ).toEqual([after.idServer]);
    await expect(c.nim.getThreadMsgs({ threadMsg: before })).rejects.toMatchObject({ code: 404 });
    expect((await c.nim.getMsgPins({ id: `team-${to}` })).pins).toEqual([]);
    expect((await c.nim.getQuickComments({ msgs: [before] })).comments).toEqual([]);
    await expect(
      c.nim.getTeamMsgReads({ teamMsgReceipts: [{ teamId: to, idServer: before.idServer! }] }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(c.nim.addQuickComment({ msg: before, body: 2 })).rejects.toMatchObject({
      code: 404,
    });
    // The member who was there all along still reads all of it.
    expect((await b.nim.getMsgPins({ id: `team-${to}` })).pins).toHaveLength(1);
    expect((await b.nim.getQuickComments({ msgs: [before] })).comments[0]!.comments).toHaveLength(
      1,
    );

    // Removed and added again: reading starts at the new join, so nothing said while it was out.
    await a.nim.removeTeamMembers({ teamId: to, accounts: ['demo3'] });
    const away = await a.nim.sendText({ scene: 'team', to, text: '你不在的时候' });
    await a.nim.addTeamMembers({ teamId: to, accounts: ['demo3'] });
    const back = await a.nim.sendText({ scene: 'team', to, text: '欢迎回来' });
    expect(texts((await c.nim.getHistoryMsgs({ scene: 'team', to, beginTime: 0 })).msgs)).toEqual([
      '欢迎回来',
    ]);
    expect(
      (await c.nim.getMsgsByIdServer({ reqMsgs: [away, after, back] })).msgs.map((m) => m.idServer),
    ).toEqual([back.idServer]);
  });

  it('hides a super team history from before the join', async () => {
    const a = await suite.client(0);
    const c = await suite.client(2);
    const { team } = await a.nim.createSuperTeam({
      type: 'advanced',
      name: '超级老群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const to = team.teamId;
    const before = await a.nim.sendText({ scene: 'superTeam', to, text: '超级群入群前' });
    await a.nim.addSuperTeamMembers({ teamId: to, accounts: ['demo3'] });
    const after = await a.nim.sendText({ scene: 'superTeam', to, text: '超级群入群后' });
    expect(
      texts((await c.nim.getHistoryMsgs({ scene: 'superTeam', to, beginTime: 0 })).msgs),
    ).toEqual(['超级群入群后']);
    expect(
      (await c.nim.getMsgsByIdServer({ reqMsgs: [before, after] })).msgs.map((m) => m.idServer),
    ).toEqual([after.idServer]);
    expect(
      texts((await a.nim.getHistoryMsgs({ scene: 'superTeam', to, beginTime: 0 })).msgs),
    ).toEqual(['超级群入群后', '超级群入群前']);
  });

  it('shows a non-member the public card of a team only', async () => {
    const a = await suite.client(0);
    const c = await suite.client(2);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '会员群',
      intro: '零食爱好者',
      announcement: '内部优惠码 NUTS',
      custom: '{"secret":1}',
    });
    expect(await c.nim.getTeam({ teamId: team.teamId })).toMatchObject({
      teamId: team.teamId,
      name: '会员群',
      intro: '零食爱好者',
      joinMode: 'needVerify',
      memberNum: 1,
      announcement: '',
      custom: '',
      validToCurrentUser: false,
    });
    expect(await a.nim.getTeam({ teamId: team.teamId })).toMatchObject({
      announcement: '内部优惠码 NUTS',
      custom: '{"secret":1}',
      validToCurrentUser: true,
    });
  });
});
