// Security review M5: a message committed whose live push never arrived (the process died after
// the commit, the bus dropped it) leaves a gap in the conversation's seq. The SDK sees seq 1 then
// 3 and pulls 2 from the server's history, shown as the live message it should have been. In a
// team, a member's own send may be the first to show the gap (its reply carries seq 3): the SDK
// waits a moment for pushes on their way, then pulls what is still missing.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import { insertMessage } from '../../src/im/messaging/index.ts';
import { teamConvKey } from '../../src/im/teams/scene.ts';
import { imSuite } from './suite.ts';

describe('a gap in a conversation seq', () => {
  const suite = imSuite({ fresh: 'all' });

  /** A message from demo1 stored as a send would store it, whose push never goes out. */
  const storedWithoutPush = (scene: 'p2p' | 'team', convKey: string, to: string, text: string) =>
    insertMessage(suite.server.server.store.db, {
      appKey: suite.server.server.seeded.appKey,
      convKey,
      now: Date.now(),
      body: {
        scene,
        to,
        type: 0,
        text,
        idClient: `lost-${scene}-${to}-${Date.now()}`,
        from: 'demo1',
        fromNick: '小零',
        fromClientType: 16,
        fromDeviceId: 'd',
      },
    });

  it('is filled: the SDK receives seq 1, then 3, and fetches 2', async () => {
    const sender = await suite.client(0);
    const receiver = await suite.client(1);
    const received = () => receiver.events.all<ClientMsg>('msg');
    const first = await sender.nim.sendText({ scene: 'p2p', to: 'demo2', text: '第一条' });
    await receiver.events.until(() => received().some((m) => m.idServer === first.idServer));
    // Seq 2: committed, but its push is lost.
    const lost = await storedWithoutPush('p2p', 'p2p:demo1|demo2', 'demo2', '推送丢失的第二条');
    const third = await sender.nim.sendText({ scene: 'p2p', to: 'demo2', text: '第三条' });
    expect([first.seq, lost.msg.seq, third.seq]).toEqual([1, 2, 3]);
    await receiver.events.until(() => received().some((m) => m.idServer === String(lost.id)));
    expect(received().map((m) => m.seq)).toEqual([1, 3, 2]);
    // Held and counted like a live one.
    const held = receiver.nim
      .getLocalMsgs({ sessionId: 'p2p-demo1', desc: false })
      .map((m: ClientMsg) => m.seq);
    expect(held).toEqual([1, 2, 3]);
  });

  it('is filled in a team when the own send of a member is the first to show it', async () => {
    const sender = await suite.client(0);
    const member = await suite.client(1);
    const { team } = await sender.nim.createTeam({
      type: 'advanced',
      name: '缺口群',
      beInviteMode: 'noVerify',
      accounts: ['demo2'],
    });
    const received = () => member.events.all<ClientMsg>('msg');
    const first = await sender.nim.sendText({ scene: 'team', to: team.teamId, text: '第一条' });
    await member.events.until(() => received().some((m) => m.idServer === first.idServer));
    // The next seq: committed by another process that died before its push went out.
    const lost = await storedWithoutPush(
      'team',
      teamConvKey(team.teamId),
      team.teamId,
      '推送丢失的群消息',
    );
    // The member's own message comes next: its reply is the first the member learns of seq 3.
    const own = await member.nim.sendText({ scene: 'team', to: team.teamId, text: '我的' });
    expect([first.seq, lost.msg.seq, own.seq]).toEqual([first.seq, first.seq! + 1, first.seq! + 2]);
    await member.events.until(() => received().some((m) => m.idServer === String(lost.id)));
    const held = member.nim
      .getLocalMsgs({ sessionId: `team-${team.teamId}`, desc: false })
      .map((m: ClientMsg) => m.seq)
      .filter((seq: number | undefined) => seq !== undefined && seq >= first.seq!);
    expect(held).toEqual([first.seq, lost.msg.seq, own.seq]);
  });

  it('is filled when the lost message was the first of a conversation new since the login', async () => {
    const sender = await suite.client(0);
    const receiver = await suite.client(2);
    const received = () => receiver.events.all<ClientMsg>('msg');
    const lost = await storedWithoutPush(
      'p2p',
      'p2p:demo1|demo3',
      'demo3',
      '新会话的第一条，推送丢失',
    );
    const second = await sender.nim.sendText({ scene: 'p2p', to: 'demo3', text: '第二条' });
    expect([lost.msg.seq, second.seq]).toEqual([1, 2]);
    await receiver.events.until(() => received().some((m) => m.idServer === String(lost.id)));
    expect(received().map((m) => m.seq)).toEqual([2, 1]);
  });
});
