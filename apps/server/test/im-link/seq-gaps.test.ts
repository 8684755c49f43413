// Security review M5: a message committed whose live push never arrived (the process died after
// the commit, the bus dropped it) leaves a gap in the conversation's seq. The SDK sees seq 1 then
// 3 and pulls 2 from the server's history, shown as the live message it should have been.
import { describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import { insertMessage } from '../../src/im/messaging/index.ts';
import { imSuite } from './suite.ts';

describe('a gap in a conversation seq', () => {
  const suite = imSuite({ fresh: 'all' });

  it('is filled: the SDK receives seq 1, then 3, and fetches 2', async () => {
    const sender = await suite.client(0);
    const receiver = await suite.client(1);
    const received = () => receiver.events.all<ClientMsg>('msg');
    const first = await sender.nim.sendText({ scene: 'p2p', to: 'demo2', text: '第一条' });
    await receiver.events.until(() => received().some((m) => m.idServer === first.idServer));
    // Seq 2: committed, but its push is lost.
    const { appKey } = suite.server.server.seeded;
    const lost = await insertMessage(suite.server.server.store.db, {
      appKey,
      convKey: 'p2p:demo1|demo2',
      now: Date.now(),
      body: {
        scene: 'p2p',
        to: 'demo2',
        type: 0,
        text: '推送丢失的第二条',
        idClient: `lost-${Date.now()}`,
        from: 'demo1',
        fromNick: '小零',
        fromClientType: 16,
        fromDeviceId: 'd',
      },
    });
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
});
