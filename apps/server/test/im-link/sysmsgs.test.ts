// System messages with real SDK clients against the real server: the delete notices (recall in a
// one-to-one session, a team and a super team; one-way deletes told to the deleter's other
// devices only) and the spec's fields of a system message as they arrive.
import { describe, expect, it } from 'vitest';
import type { ClientMsg, ClientSysMsg, DeleteNotice } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });
const client = suite.client;

const received = (events: { all<T>(name: string): T[] }, msg: ClientMsg) => () =>
  events.all<ClientMsg>('msg').some((m) => m.idServer === msg.idServer);

describe('delete notices', () => {
  it('tells a recall as deleteMsg (one-to-one, team) and deleteMsgSuperTeam, with the deleted message ids', async () => {
    const a = await client(0);
    const b = await client(1);
    const p2p = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '发错了' });
    await b.events.until(received(b.events, p2p));
    await a.nim.deleteMsg({ msg: p2p, ps: '撤回' });
    expect(await b.events.next<DeleteNotice>('sysmsg')).toEqual(
      expect.objectContaining({
        type: 'deleteMsg',
        category: 'msg',
        scene: 'p2p',
        from: 'demo1',
        to: 'demo2',
        opeAccount: 'demo1',
        ps: '撤回',
        read: false,
        state: 'init',
        deletedIdServer: p2p.idServer,
        deletedIdClient: p2p.idClient,
        deletedMsgTime: p2p.time,
      }),
    );

    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '撤回普通群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const inTeam = await a.nim.sendText({ scene: 'team', to: team.teamId, text: '群里发错了' });
    await b.events.until(received(b.events, inTeam));
    await a.nim.deleteMsg({ msg: inTeam });
    expect(await b.events.next<DeleteNotice>('sysmsg')).toEqual(
      expect.objectContaining({
        type: 'deleteMsg',
        scene: 'team',
        to: team.teamId,
        deletedIdServer: inTeam.idServer,
        deletedIdClient: inTeam.idClient,
      }),
    );

    const superTeam = (
      await a.nim.createSuperTeam({
        type: 'advanced',
        name: '撤回超级群',
        beInviteMode: 'noVerify',
        accounts: ['demo2'],
      })
    ).team;
    const inSuper = await a.nim.sendText({
      scene: 'superTeam',
      to: superTeam.teamId,
      text: '超级群里发错了',
    });
    await b.events.until(received(b.events, inSuper));
    await a.nim.deleteMsg({ msg: inSuper });
    expect(await b.events.next<DeleteNotice>('sysmsg')).toEqual(
      expect.objectContaining({
        type: 'deleteMsgSuperTeam',
        category: 'msg',
        scene: 'superTeam',
        to: superTeam.teamId,
        opeAccount: 'demo1',
        deletedIdServer: inSuper.idServer,
        deletedIdClient: inSuper.idClient,
        deletedMsgTime: inSuper.time,
      }),
    );
    // Delete notices are not held and not counted unread.
    expect(b.nim.sysMsgUnread().total).toBe(0);
  });

  it("tells a one-way delete to the deleter's other devices only, as deleteMsgP2pOneWay or deleteMsgTeamOneWay", async () => {
    const a = await client(0);
    const b1 = await client(1, { deviceId: 'b-phone' });
    const b2 = await client(1, { deviceId: 'b-tablet' });
    const p2p = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '只在我这边删' });
    await b1.events.until(received(b1.events, p2p));
    const mine = b1.events.all<ClientMsg>('msg').find((m) => m.idServer === p2p.idServer)!;
    await b1.nim.deleteMsgSelf({ msg: mine });
    expect(await b2.events.next<DeleteNotice>('sysmsg')).toEqual(
      expect.objectContaining({
        type: 'deleteMsgP2pOneWay',
        category: 'msg',
        from: 'demo1',
        to: 'demo2',
        opeAccount: 'demo2',
        sessionId: 'p2p-demo1',
        deletedIdServer: p2p.idServer,
        deletedIdClient: p2p.idClient,
        deletedMsgTime: p2p.time,
      }),
    );

    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '单向删除群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const inTeam = await a.nim.sendText({ scene: 'team', to: team.teamId, text: '群消息' });
    await b1.events.until(received(b1.events, inTeam));
    await b1.nim.deleteMsgSelf({
      msg: b1.events.all<ClientMsg>('msg').find((m) => m.idServer === inTeam.idServer)!,
    });
    expect(await b2.events.next<DeleteNotice>('sysmsg')).toEqual(
      expect.objectContaining({
        type: 'deleteMsgTeamOneWay',
        to: team.teamId,
        deletedIdServer: inTeam.idServer,
      }),
    );

    // The sender keeps the message and is told nothing; the deleting device raises no notice either.
    await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: 'fence' });
    await b2.events.until(() => b2.events.all<ClientMsg>('msg').some((m) => m.text === 'fence'));
    expect(a.events.all('sysmsg')).toEqual([]);
    expect(b1.events.all('sysmsg')).toEqual([]);
    expect(a.nim.getLocalMsgByIdClient(p2p.idClient)).toBeDefined();
  });
});

describe('the fields of a system message', () => {
  it("carries opeAccount, content for custom ones, and the SDK's status; localCustom stays local", async () => {
    const a = await client(0);
    const b = await client(1);
    await a.nim.applyFriend({ account: 'demo2', ps: '加个好友' });
    const apply = await b.events.next<ClientSysMsg>('sysmsg');
    expect(apply).toEqual(
      expect.objectContaining({
        type: 'applyFriend',
        from: 'demo1',
        to: 'demo2',
        opeAccount: 'demo1',
        ps: '加个好友',
        read: false,
        state: 'init',
        status: 'success',
      }),
    );
    expect(apply.localCustom).toBeUndefined();

    await a.nim.sendCustomSysMsg({
      scene: 'p2p',
      to: 'demo2',
      content: '{"order":"shipped"}',
      sendToOnlineUsersOnly: false,
    });
    const custom = await b.events.next<ClientSysMsg>('sysmsg');
    expect(custom).toEqual(
      expect.objectContaining({
        type: 'customP2p',
        category: 'msg',
        content: '{"order":"shipped"}',
        status: 'success',
      }),
    );
    expect(custom.attach).toBeUndefined();
  });
});
