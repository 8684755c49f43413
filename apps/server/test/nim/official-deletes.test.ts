// Deleting sessions and one-way deletes through the official NIM Web SDK, with a device of the same
// account on our own SDK and the peer on ours: deleteServerSessions and the older deleteSession
// reach the server (the account's other devices drop the session, a later login does not bring it
// back); deleteMsgSelf and deleteMsgSelfBatch hide messages from the deleter only, on every device
// (live and at the next sync, NIM's onDeleteMsgSelf) and in later history, while the peer keeps
// them. Shapes of NIM's NIMMessage and onDeleteMsgSelf (dist/types).
import { describe, expect, it } from 'vitest';
import { NIM } from '@morsel/im-sdk';
import { connectClient, demoOptions, Events } from '../im-link/clients.ts';
import { officialSuite, type Account } from './official-suite.ts';
import { call } from './official-sdk.ts';

type Item = Record<string, unknown>;
type Msg = Item & { idServer: string; idClient: string; text?: string; time: number };

describe('deletes through the official NIM Web SDK', () => {
  const suite = officialSuite();
  const { ours, official, newAccount } = suite;

  /** A device of our own SDK for an account, logged in and synced. */
  async function ourDevice(account: Account) {
    const events = new Events();
    const nim = NIM.getInstance({
      ...demoOptions(suite.server, 0),
      account: account.accid,
      token: account.token,
      ...events.callbacks(),
    });
    ours.push(nim);
    await nim.connect();
    await events.next('syncdone');
    return { nim, events };
  }

  const texts = (msgs: Msg[]) => msgs.map((m) => m.text).filter((text) => text);

  it('deletes server sessions: the other devices and later logins lose them', async () => {
    const account = await newAccount('nim-del-sessions');
    const bob = await connectClient(suite.server, 1);
    const carol = await connectClient(suite.server, 2);
    ours.push(bob.nim, carol.nim);
    await bob.nim.sendText({ scene: 'p2p', to: account.accid, text: '在吗' });
    await carol.nim.sendText({ scene: 'p2p', to: account.accid, text: '优惠券到了' });

    const alice = await official(account);
    const sessions = (await alice.next('sessions')) as Item[];
    expect(sessions.map((s) => s.id).sort()).toEqual(['p2p-demo2', 'p2p-demo3']);
    const device = await ourDevice(account);

    // NIM's deleteServerSessions (7_22): the account's device on our SDK drops the session.
    await call(alice.nim, 'deleteServerSessions', { sessions: [{ scene: 'p2p', to: 'demo2' }] });
    expect(await device.events.next('deletesessions')).toEqual(['p2p-demo2']);
    // NIM's older deleteSession sends deleteSessions (7_9), the session named `p2p|demo3`.
    await call(alice.nim, 'deleteSession', { scene: 'p2p', to: 'demo3' });
    expect(await device.events.next('deletesessions')).toEqual(['p2p-demo3']);

    // A later login of the official SDK (its roaming messages build its sessions) finds neither,
    // and a new message brings a session back with only itself unread.
    await suite.end(alice);
    await bob.nim.sendText({ scene: 'p2p', to: account.accid, text: '还在吗' });
    const again = await official(account);
    const after = (await again.next('sessions')) as Item[];
    expect(after.map((s) => [s.id, s.unread])).toEqual([['p2p-demo2', 1]]);
    expect(after[0]).toMatchObject({ lastMsg: expect.objectContaining({ text: '还在吗' }) });
    // The history itself stays (deleting a session is not clearing it).
    const history = await call<{ msgs: Msg[] }>(again.nim, 'getHistoryMsgs', {
      scene: 'p2p',
      to: 'demo2',
    });
    expect(texts(history.msgs)).toEqual(['还在吗', '在吗']);
  });

  it('deletes team and super-team sessions for good: later logins do not roam them back', async () => {
    const account = await newAccount('nim-del-teams');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const options = { type: 'advanced', beInviteMode: 'noVerify', accounts: [account.accid] };
    const { team } = await bob.nim.createTeam({ ...options, name: '辣条同好会' } as never);
    const { team: superTeam } = await bob.nim.createSuperTeam({
      ...options,
      name: '零食全国群',
    } as never);
    await bob.nim.sendText({ scene: 'team', to: team.teamId, text: '团购开始' });
    await bob.nim.sendText({ scene: 'superTeam', to: superTeam.teamId, text: '今晚秒杀' });

    const alice = await official(account);
    const ids = (list: Item[]) => list.map((s) => s.id).sort();
    const teamSession = `team-${team.teamId}`;
    const superSession = `superTeam-${superTeam.teamId}`;
    expect(ids((await alice.next('sessions')) as Item[])).toEqual([superSession, teamSession]);
    const device = await ourDevice(account);
    await call(alice.nim, 'deleteServerSessions', {
      sessions: [
        { scene: 'team', to: team.teamId },
        { scene: 'superTeam', to: superTeam.teamId },
      ],
    });
    expect(await device.events.next('deletesessions')).toEqual([teamSession, superSession]);

    // A later login of the official SDK builds its sessions from roamed messages: the deleted
    // sessions' messages no longer roam. A new super-team message brings that session back,
    // with only itself; the team's stays away.
    await suite.end(alice);
    await bob.nim.sendText({ scene: 'superTeam', to: superTeam.teamId, text: '还有十分钟' });
    await bob.nim.sendText({ scene: 'p2p', to: account.accid, text: '在吗' });
    const again = await official(account);
    const after = (await again.next('sessions')) as Item[];
    expect(after.map((s) => [s.id, s.unread]).sort()).toEqual([
      ['p2p-demo2', 1],
      [superSession, 1],
    ]);
    expect(after.find((s) => s.id === superSession)).toMatchObject({
      lastMsg: expect.objectContaining({ text: '还有十分钟' }),
    });
    // A new device of our SDK sees the same, and the team's history itself stays.
    const fresh = await ourDevice(account);
    expect(
      fresh.nim
        .getLocalSessions()
        .map((s) => s.id)
        .sort(),
    ).toEqual(['p2p-demo2', superSession].sort());
    const history = await call<{ msgs: Msg[] }>(again.nim, 'getHistoryMsgs', {
      scene: 'team',
      to: team.teamId,
    });
    expect(texts(history.msgs)).toContain('团购开始');
  });

  it('deletes messages one way, on every device of the deleter only', async () => {
    const account = await newAccount('nim-del-self');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const alice = await official(account);
    const device = await ourDevice(account);

    const sent: Msg[] = [];
    for (const text of ['一', '二', '三', '四'])
      sent.push(
        (await bob.nim.sendText({ scene: 'p2p', to: account.accid, text })) as unknown as Msg,
      );
    const received: Msg[] = [];
    while (received.length < 4) received.push((await alice.next('msg')) as Msg);
    const mine = await call<Msg>(alice.nim, 'sendText', { scene: 'p2p', to: 'demo2', text: '五' });

    // deleteMsgSelf: the account's device on our SDK learns it; the peer is never told.
    await call(alice.nim, 'deleteMsgSelf', { msg: received[0] });
    expect(await device.events.next('deletemsgself')).toEqual({
      sessionId: 'p2p-demo2',
      idServer: sent[0]!.idServer,
    });
    // deleteMsgSelfBatch, its own message among them.
    await call(alice.nim, 'deleteMsgSelfBatch', { msgs: [received[1], mine] });
    const batch = [
      await device.events.next('deletemsgself'),
      await device.events.next('deletemsgself'),
    ];
    expect(batch.map((d) => (d as Item).idServer).sort()).toEqual(
      [sent[1]!.idServer, mine.idServer].sort(),
    );

    // Our SDK's one-way delete reaches the official SDK live as NIM's onDeleteMsgSelf (on this
    // path NIM's SDK passes the times on as the text they travel in; at sync it makes numbers).
    const held = async (idServer: string) =>
      (await device.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2' })).msgs.find(
        (m) => m.idServer === idServer,
      )!;
    await device.nim.deleteMsgSelf({ msg: await held(sent[2]!.idServer) });
    expect(await alice.next('DeleteMsgSelf')).toEqual([
      expect.objectContaining({
        scene: 'p2p',
        from: 'demo2',
        to: account.accid,
        idServer: sent[2]!.idServer,
        idClient: sent[2]!.idClient,
        time: String(sent[2]!.time),
        deletedTime: expect.stringMatching(/^\d+$/),
      }),
    ]);

    // One deleted while the official SDK was away reaches it at its next sync (NIM's 4_21).
    await new Promise<void>((resolve) => alice.nim.disconnect({ done: () => resolve() }));
    await device.nim.deleteMsgSelf({ msg: await held(sent[3]!.idServer) });
    alice.nim.connect!();
    await alice.next('syncdone');
    // (NIM's SDK asks from its deleteMsgSelf timetag, which it moves on its own deletes only:
    // what its account deleted after that comes again, as NIM's server would send it.)
    expect(await alice.next('DeleteMsgSelf')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ scene: 'p2p', idServer: sent[3]!.idServer, time: sent[3]!.time }),
      ]),
    );

    // Later history: gone for the deleter, still there for the peer.
    const history = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'p2p',
      to: 'demo2',
    });
    expect(texts(history.msgs)).toEqual([]);
    const peers = await bob.nim.getHistoryMsgs({ scene: 'p2p', to: account.accid });
    expect(texts(peers.msgs as unknown as Msg[])).toEqual(['五', '四', '三', '二', '一']);
    // A super team has no one-way delete: NIM's SDK refuses it itself, and so does the server.
    await expect(
      device.nim.sendCmd('deleteMsgSelfBatch', {
        msgs: [{ scene: 'superTeam', from: 'demo2', to: '1', idServer: '1', time: 1 }],
      }),
    ).rejects.toMatchObject({ code: 414 });
  });

  it("tells a batch's one-way deletes in one packet, NIM's onDeleteMsgSelfBatch", async () => {
    const account = await newAccount('nim-del-batch');
    const bob = await connectClient(suite.server, 1);
    ours.push(bob.nim);
    const alice = await official(account);
    const device = await ourDevice(account);
    const sent: Msg[] = [];
    for (const text of ['甲', '乙', '丙'])
      sent.push(
        (await bob.nim.sendText({ scene: 'p2p', to: account.accid, text })) as unknown as Msg,
      );
    for (let i = 0; i < 3; i += 1) await alice.next('msg');

    // Our SDK's batch (the command NIM's deleteMsgSelfBatch is): the official SDK hears every
    // delete in one onDeleteMsgSelf call, its times as numbers (NIM's 7_124 path makes them so).
    const key = (m: Msg) => ({
      scene: 'p2p' as const,
      from: 'demo2',
      to: account.accid,
      idServer: m.idServer,
      time: m.time,
    });
    await device.nim.sendCmd('deleteMsgSelfBatch', { msgs: [key(sent[0]!), key(sent[2]!)] });
    const told = (await alice.next('DeleteMsgSelf')) as Item[];
    expect(told).toEqual([
      expect.objectContaining({
        scene: 'p2p',
        sessionId: 'p2p-demo2',
        from: 'demo2',
        to: account.accid,
        idServer: sent[0]!.idServer,
        idClient: sent[0]!.idClient,
        time: sent[0]!.time,
        deletedTime: expect.any(Number),
      }),
      expect.objectContaining({ idServer: sent[2]!.idServer, time: sent[2]!.time }),
    ]);
    const history = await call<{ msgs: Msg[] }>(alice.nim, 'getHistoryMsgs', {
      scene: 'p2p',
      to: 'demo2',
    });
    expect(texts(history.msgs)).toEqual(['乙']);
  });
});
