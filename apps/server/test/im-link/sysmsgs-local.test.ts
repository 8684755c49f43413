// System messages in the SDK's local database (fake-indexeddb in Node) against the real server:
// local changes (updateLocalSysMsg, deleteLocalSysMsg) survive a reload, and the next visit's sync
// is incremental: it brings what is new or changed since, not the latest 100 again.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ClientSysMsg } from '@morsel/im-sdk';
import { imSuite } from './suite.ts';

const suite = imSuite({ fresh: 'each' });

/** One visit of demo2's page in its browser, with its local database. */
const visit = () => suite.client(1, { deviceId: 'b-browser', db: true });

describe('system messages in the local database', () => {
  it('keeps local changes across a reload and syncs only what is new or changed since', async () => {
    const a = await suite.client(0);
    const c = await suite.client(2);
    await a.nim.applyFriend({ account: 'demo2', ps: '我是小零' });
    await c.nim.applyFriend({ account: 'demo2', ps: '我是小三' });

    const first = await visit();
    const offline = first.events.all<ClientSysMsg[]>('offlinesysmsgs').flat();
    expect(offline.map((m) => m.ps).sort()).toEqual(['我是小三', '我是小零']);
    const fromA = offline.find((m) => m.from === 'demo1')!;
    const fromC = offline.find((m) => m.from === 'demo3')!;
    expect(
      await first.nim.updateLocalSysMsg({
        idServer: fromA.idServer,
        localCustom: '{"vip":true}',
        state: 'passed',
      }),
    ).toMatchObject({ localCustom: '{"vip":true}', state: 'passed' });
    await first.nim.deleteLocalSysMsg({ idServer: fromC.idServer });
    expect(first.nim.getLocalSysMsgs().map((m) => m.from)).toEqual(['demo1']);
    expect(first.nim.sysMsgUnread()).toMatchObject({ friend: 1, total: 1 });
    await expect(
      first.nim.updateLocalSysMsg({ idServer: fromC.idServer, localCustom: 'x' }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(first.nim.updateLocalSysMsg({ idServer: fromA.idServer })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await suite.leave(first.nim);

    // Meanwhile: demo2's phone reads demo1's request, and demo3 leaves a stored custom one.
    const phone = await suite.client(1, { deviceId: 'b-phone' });
    await phone.nim.markSysMsgRead({
      sysMsgs: phone.nim.getLocalSysMsgs().filter((m) => m.from === 'demo1'),
    });
    await c.nim.sendCustomSysMsg({
      scene: 'p2p',
      to: 'demo2',
      content: '{"order":"shipped"}',
      sendToOnlineUsersOnly: false,
    });
    await phone.events.until(() =>
      phone.events.all<ClientSysMsg>('sysmsg').some((m) => m.type === 'customP2p'),
    );

    const second = await visit();
    // Only the new one is new here: the others came from the database, not from a full sync.
    expect(
      second.events
        .all<ClientSysMsg[]>('offlinesysmsgs')
        .flat()
        .map((m) => m.type),
    ).toEqual(['customP2p']);
    const held = second.nim.getLocalSysMsgs();
    expect(held.map((m) => m.type)).toEqual(['customP2p', 'applyFriend']);
    // The read made on the phone reached it through the incremental sync; the local fields stayed.
    expect(held[1]).toMatchObject({
      from: 'demo1',
      read: true,
      localCustom: '{"vip":true}',
      state: 'passed',
      status: 'success',
    });
    expect(second.nim.getLocalSysMsgs({ read: false }).map((m) => m.type)).toEqual(['customP2p']);
    expect(second.nim.sysMsgUnread()).toMatchObject({ friend: 0, msg: 1, total: 1 });
    expect(second.events.all('sysmsgunread').at(-1)).toMatchObject({ msg: 1, total: 1 });

    await second.nim.deleteAllLocalSysMsgs();
    expect(second.nim.getLocalSysMsgs()).toEqual([]);
    expect(second.events.all('updatesysmsgunread').at(-1)).toMatchObject({ total: 0 });
    await suite.leave(second.nim);
    const third = await visit();
    expect(third.nim.getLocalSysMsgs()).toEqual([]);
    expect(third.events.all('offlinesysmsgs')).toEqual([]);
  });
});
