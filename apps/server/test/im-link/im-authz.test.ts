// IM authorisation with real SDK clients on both engines (security review M8, M9, M13, L3, L4,
// L5): blacklists reach every side channel, mutes and a fan-out budget bound team custom system
// messages, per-account quotas, one-to-one recipients in their stored spelling, atomic team
// admission, sync that ends with a membership, and contact details for friends only.
import { expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import type { DeliveredEvent, SysMsg, User } from '@morsel/protocol';
import { forEachEngine } from '../harness/index.ts';
import { imSuite } from './suite.ts';

const raw = (to: string, text: string, idClient: string) => ({
  scene: 'p2p' as const,
  to,
  type: 0 as const,
  idClient,
  text,
});

await forEachEngine('IM authorisation', ({ name: engine }) => {
  const suite = imSuite({
    fresh: 'each',
    engine,
    config: {
      imEventsPerAccount: 2,
      imEventSubscriptionsPerAccount: 3,
      imCollectsPerAccount: 2,
      imTeamSysMsgFanoutPerSecond: 4,
    },
  });

  it('delivers a message sent to `Demo2` to demo2, in the one conversation (M13)', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const { msg } = await a.nim.sendCmd('sendMsg', { msg: raw('DEMO2', '大写也能收到', 'case-1') });
    expect(msg).toMatchObject({ to: 'demo2' });
    const got = await b.events.next<ClientMsg>('msg');
    expect(got).toMatchObject({ text: '大写也能收到', sessionId: 'p2p-demo1', from: 'demo1' });
    expect(
      (await b.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1' })).msgs.map((m) => m.text),
    ).toEqual(['大写也能收到']);
    // Reading and clearing name the same conversation whatever the spelling.
    expect(
      (await a.nim.sendCmd('getHistoryMsgs', { scene: 'p2p', to: 'Demo2' })).msgs.map(
        (m) => m.text,
      ),
    ).toEqual(['大写也能收到']);
    const sessions = await suite.server.server.store.db
      .selectFrom('im_sessions')
      .select(['accid', 'session_id'])
      .where('scene', '=', 'p2p')
      .orderBy('accid')
      .execute();
    expect(sessions).toEqual([
      { accid: 'demo1', session_id: 'p2p-demo2' },
      { accid: 'demo2', session_id: 'p2p-demo1' },
    ]);
    // Acknowledging names the same session too.
    await b.nim.sendCmd('markSessionAck', { scene: 'p2p', to: 'DEMO1', timetag: got.time });
    expect((await b.nim.getServerSession({ sessionId: 'p2p-demo1' })).session?.ack).toBe(got.time);
    // Stick-top stores the canonical session id too.
    expect(
      (await a.nim.sendCmd('addStickTopSession', { id: 'p2p-Demo2' })).stickTopSession.id,
    ).toBe('p2p-demo2');
  });

  it('refuses stick-top and clearing for an account that does not exist (M9)', async () => {
    const a = await suite.client(0);
    await expect(a.nim.addStickTopSession({ id: 'p2p-ghost' })).rejects.toMatchObject({
      code: 404,
    });
    await expect(
      a.nim.sendCmd('clearServerHistoryMsgs', { scene: 'p2p', to: 'ghost' }),
    ).rejects.toMatchObject({ code: 404 });
    expect(
      await suite.server.server.store.db.selectFrom('im_sessions').select('session_id').execute(),
    ).toEqual([]);
  });

  it('keeps a blocked account out of quick comments, pins, receipts and presence (M8)', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const c = await suite.client(2);
    const sent = await b.nim.sendText({ scene: 'p2p', to: 'demo1', text: '在吗' });
    await a.events.until(() =>
      a.events.all<ClientMsg>('msg').some((m) => m.idServer === sent.idServer),
    );
    const msg = a.events.all<ClientMsg>('msg').find((m) => m.idServer === sent.idServer)!;
    await b.nim.markInBlacklist({ account: 'demo1', isAdd: true });
    await expect(a.nim.addQuickComment({ msg, body: 1 })).rejects.toMatchObject({ code: 7101 });
    await expect(a.nim.addMsgPin({ msg })).rejects.toMatchObject({ code: 7101 });
    await expect(a.nim.sendMsgReceipt({ msg })).rejects.toMatchObject({ code: 7101 });
    expect((await b.nim.getQuickComments({ msgs: [msg] })).comments[0]!.comments).toEqual([]);
    expect((await b.nim.getMsgPins({ id: 'p2p-demo1' })).pins).toEqual([]);

    // Presence: the subscription is accepted (the blacklist is not revealed) but tells nothing.
    const { failedAccounts, events } = await a.nim.subscribeEvent({
      type: 100001,
      accounts: ['demo2', 'demo3'],
      sync: true,
    });
    expect(failedAccounts).toEqual([]);
    await b.nim.publishEvent({ type: 100001, value: 1 });
    await c.nim.publishEvent({ type: 100001, value: 3 });
    // c published after b: once c's event is here, b's would have been too.
    await a.events.until(() =>
      a.events
        .all<DeliveredEvent[]>('pushevents')
        .flat()
        .some((e) => e.account === 'demo3'),
    );
    expect(
      a.events
        .all<DeliveredEvent[]>('pushevents')
        .flat()
        .filter((e) => e.type === 100001)
        .map((e) => e.account),
    ).toEqual(['demo3']);
    expect(
      (
        await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2', 'demo3'], sync: true })
      ).events.map((e) => e.account),
    ).toEqual(['demo3']);
    expect(events).toEqual([]);

    // Lifting the blacklist lets comments through again.
    await b.nim.markInBlacklist({ account: 'demo1', isAdd: false });
    await a.nim.addQuickComment({ msg, body: 1 });
  });

  it('applies team mutes and a fan-out budget to team custom system messages (M8)', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const { team } = await a.nim.createTeam({
      type: 'advanced',
      name: '通知群',
      beInviteMode: 'noVerify',
      accounts: ['demo2', 'demo3'],
    });
    await b.nim.sendCustomSysMsg({ scene: 'team', to: team.teamId, content: '{"typing":1}' });
    await a.nim.updateMuteStateInTeam({ teamId: team.teamId, account: 'demo2', mute: true });
    await expect(
      b.nim.sendCustomSysMsg({
        scene: 'team',
        to: team.teamId,
        content: '{"typing":2}',
        sendToOnlineUsersOnly: false,
      }),
    ).rejects.toMatchObject({ code: 812 });
    await a.nim.updateMuteStateInTeam({ teamId: team.teamId, account: 'demo2', mute: false });
    await a.nim.muteTeamAll({ teamId: team.teamId, muteType: 'normal' });
    await expect(
      b.nim.sendCustomSysMsg({ scene: 'team', to: team.teamId, content: '{"typing":3}' }),
    ).rejects.toMatchObject({ code: 812 });
    await a.nim.muteTeamAll({ teamId: team.teamId, muteType: 'none' });
    // The budget is 4 member deliveries a second: two commands to the two others, the third is 416.
    // (The test reaches the third long before a second has passed: 1 s blocks after the refusal.)
    const { appKey } = suite.server.server.seeded;
    const rows = () =>
      suite.server.server.store.db
        .selectFrom('im_sysmsgs')
        .select('id')
        .where('app_key', '=', appKey)
        .where('type', '=', 'customTeam')
        .execute();
    const before = (await rows()).length;
    const results = await Promise.allSettled(
      [0, 1, 2].map((i) =>
        a.nim.sendCustomSysMsg({
          scene: 'team',
          to: team.teamId,
          content: `{"n":${i}}`,
          sendToOnlineUsersOnly: false,
        }),
      ),
    );
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason),
    ).toEqual([expect.objectContaining({ code: 416 })]);
    expect((await rows()).length - before).toBe(4);
  });

  it('bounds kept events, subscriptions and collects per account, and one pending friend application per pair (M9)', async () => {
    const a = await suite.client(0);
    await a.nim.publishEvent({ type: 100001, value: 1 });
    await a.nim.publishEvent({ type: 100002, value: 1 });
    await a.nim.publishEvent({ type: 100002, value: 2 }); // the same type again replaces it
    await expect(a.nim.publishEvent({ type: 100003, value: 1 })).rejects.toMatchObject({
      code: 403,
    });
    await a.nim.publishEvent({ type: 100003, value: 1, broadcastType: 1 }); // not kept: no row
    await expect(a.nim.publishEvent({ type: 1_000_000, value: 1 })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(
      a.nim.sendCmd('publishEvent', { event: { type: 1_000_000, value: 1 } }),
    ).rejects.toMatchObject({ code: 414 });

    await a.nim.subscribeEvent({ type: 1, accounts: ['demo2', 'demo3'] });
    await a.nim.subscribeEvent({ type: 1, accounts: ['demo2', 'demo3'] }); // renewals are free
    await a.nim.subscribeEvent({ type: 100001, accounts: ['demo2'] });
    await expect(a.nim.subscribeEvent({ type: 100001, accounts: ['demo3'] })).rejects.toMatchObject(
      { code: 403 },
    );
    expect((await a.nim.querySubscribeEventsByType({ type: 100001 })).map((s) => s.to)).toEqual([
      'demo2',
    ]);

    await a.nim.addCollect({ type: 1, data: 'one' });
    await a.nim.addCollect({ type: 1, data: 'two', uniqueId: 'u2' });
    expect((await a.nim.addCollect({ type: 1, data: 'two', uniqueId: 'u2' })).data).toBe('two'); // idempotent
    await expect(a.nim.addCollect({ type: 1, data: 'three' })).rejects.toMatchObject({ code: 403 });

    await a.nim.applyFriend({ account: 'demo2', ps: '第一次' });
    await a.nim.applyFriend({ account: 'demo2', ps: '第二次' }); // replaces the pending one
    const b = await suite.client(1);
    const applications = b.events
      .all<SysMsg[]>('offlinesysmsgs')
      .flat()
      .filter((m) => m.type === 'applyFriend');
    expect(applications.map((m) => m.ps)).toEqual(['第二次']);
    await b.nim.rejectFriendApply({ account: 'demo1' });
    await a.nim.applyFriend({ account: 'demo2', ps: '再试一次' }); // answered: may apply again
  });

  it('never admits more members than the level, however many adds race (L4)', async () => {
    const { appKey } = suite.server.server.seeded;
    const fans = Array.from({ length: 12 }, (_, i) => `racer${i}`);
    for (const accid of fans) await suite.server.server.imAccounts.create({ appKey, accid });
    const a1 = await suite.client(0, { deviceId: 'owner-1' });
    const a2 = await suite.client(0, { deviceId: 'owner-2' });
    const { team } = await a1.nim.createTeam({ type: 'normal', name: '小群', level: 5 });
    const adds = fans.map((accid, i) =>
      (i % 2 ? a1 : a2).nim.addTeamMembers({ teamId: team.teamId, accounts: [accid] }),
    );
    const results = await Promise.allSettled(adds);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason.code),
    ).toEqual(Array(8).fill(801));
    const members = await a1.nim.getTeamMembers({ teamId: team.teamId });
    expect(members).toHaveLength(5);
    expect((await a1.nim.getTeam({ teamId: team.teamId })).memberNum).toBe(5);
  });

  it('stops syncing a team’s pins and comments to an account that left it (L5)', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const { team } = await a.nim.createTeam({
      type: 'normal',
      name: '离开的群',
      accounts: ['demo2'],
    });
    const inTeam = await a.nim.sendText({ scene: 'team', to: team.teamId, text: '置顶这条' });
    await b.nim.leaveTeam({ teamId: team.teamId });
    await a.nim.addMsgPin({ msg: inTeam });
    await a.nim.addQuickComment({ msg: inTeam, body: 5 });
    const p2p = await a.nim.sendText({ scene: 'p2p', to: 'demo2', text: '私聊' });
    await a.nim.addMsgPin({ msg: p2p });
    await a.nim.addQuickComment({ msg: p2p, body: 6 });
    // A new device of demo2 syncs from 0: the one-to-one pin and comment, nothing of the team.
    const pinned: string[] = [];
    const commented: string[] = [];
    await suite.client(1, {
      deviceId: 'b-new',
      onPinMsgChange: ({ pin }) => void pinned.push(pin.msg.idServer),
      onQuickComment: (msg) => void commented.push(msg.idServer),
    });
    expect(pinned).toEqual([p2p.idServer]);
    expect(commented).toEqual([p2p.idServer]);
  });

  it('shows email, tel and birth to the account itself and its friends only (L3)', async () => {
    const a = await suite.client(0);
    const b = await suite.client(1);
    const c = await suite.client(2);
    await a.nim.updateMyInfo({
      email: 'shop@example.cn',
      tel: '13800000000',
      birth: '1999-09-09',
      sign: '好吃不贵',
    });
    await a.nim.addFriend({ account: 'demo2' });
    const seenBy = async (viewer: typeof a) =>
      (await viewer.nim.getUsers({ accounts: ['demo1'] }))[0] as User;
    expect(await seenBy(a)).toMatchObject({
      email: 'shop@example.cn',
      tel: '13800000000',
      birth: '1999-09-09',
    });
    expect(await seenBy(b)).toMatchObject({
      email: 'shop@example.cn',
      tel: '13800000000',
      birth: '1999-09-09',
    });
    expect(await seenBy(c)).toMatchObject({ sign: '好吃不贵', email: '', tel: '', birth: '' });
  });
});
