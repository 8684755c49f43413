// The offline-recall scenario offline-recalls.test.ts runs on both engines: a team or super-team
// member that was offline during a recall hears of it in its next sync, once, as a live member did.
import { expect } from 'vitest';
import type { ClientMsg, DeleteNotice } from '@morsel/im-sdk';
import type { connectClient } from './clients.ts';

type Connected = Awaited<ReturnType<typeof connectClient>>;

type TeamScene = 'team' | 'superTeam';

/**
 * The shared scenario: demo1 and demo2 in a team (or super team) of `scene`; demo2 holds two
 * messages, goes offline, demo1 recalls the latest; demo2 comes back and again.
 */
export async function offlineRecallScenario(
  connect: (index: number) => Promise<Connected>,
  scene: TeamScene,
): Promise<void> {
  const a = await connect(0);
  const b = await connect(1);
  const create =
    scene === 'team' ? a.nim.createTeam.bind(a.nim) : a.nim.createSuperTeam.bind(a.nim);
  const { team } = await create({
    type: 'advanced',
    name: `离线撤回 ${scene}`,
    beInviteMode: 'noVerify',
    accounts: ['demo2'],
  });
  const sessionId = `${scene}-${team.teamId}`;
  const kept = await a.nim.sendText({ scene, to: team.teamId, text: '留着' });
  const recalled = await a.nim.sendText({ scene, to: team.teamId, text: '发错了' });
  await b.events.until(() =>
    b.events.all<ClientMsg>('msg').some((m) => m.idServer === recalled.idServer),
  );
  expect(b.nim.getLocalSession(sessionId)?.lastMsg?.idServer).toBe(recalled.idServer);

  await b.nim.disconnect();
  await a.nim.deleteMsg({ msg: recalled, ps: '离线时撤回' });

  const notices = () =>
    b.events.all<DeleteNotice>('sysmsg').filter((n) => n.deletedIdServer === recalled.idServer);
  await b.nim.connect();
  await b.events.next('syncdone');
  expect(notices()).toEqual([
    expect.objectContaining({
      type: scene === 'team' ? 'deleteMsg' : 'deleteMsgSuperTeam',
      category: 'msg',
      scene,
      sessionId,
      to: team.teamId,
      from: 'demo1',
      opeAccount: 'demo1',
      ps: '离线时撤回',
      idServer: recalled.idServer,
      deletedIdServer: recalled.idServer,
      deletedIdClient: recalled.idClient,
      deletedMsgTime: recalled.time,
      read: false,
      state: 'init',
    }),
  ]);
  const local = b.nim.getLocalMsgs({ sessionId }).map((m) => m.idServer);
  expect(local).toContain(kept.idServer);
  expect(local).not.toContain(recalled.idServer);
  expect(b.nim.getLocalSession(sessionId)?.lastMsg?.idServer).toBe(kept.idServer);
  const { msgs } = await b.nim.getHistoryMsgs({ scene, to: team.teamId, limit: 10 });
  expect(msgs.map((m) => m.idServer)).not.toContain(recalled.idServer);

  // Another reconnect does not tell it again.
  await b.nim.disconnect();
  await b.nim.connect();
  await b.events.next('syncdone');
  expect(notices()).toHaveLength(1);
  expect(b.nim.getLocalSession(sessionId)?.lastMsg?.idServer).toBe(kept.idServer);
  // The recalling device is not told of its own recall by its next sync either.
  await a.nim.disconnect();
  await a.nim.connect();
  await a.events.next('syncdone');
  expect(
    a.events.all<DeleteNotice>('sysmsg').filter((n) => n.deletedIdServer === recalled.idServer),
  ).toHaveLength(scene === 'superTeam' ? 1 : 0);
}
