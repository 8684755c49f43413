// Security review M5: Redis pub/sub is at most once, so a push published while the bus is
// reconnecting is lost though its message is committed. When the bus is back, every logged-in
// connection of the process gets notifySync and the SDK runs a catch-up sync that fetches it.
import { describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import type { ClientMsg } from '@morsel/im-sdk';
import { insertMessage } from '../../src/im/messaging/index.ts';
import { checkRedis, REDIS_URL, uniquePrefix } from '../harness/index.ts';
import { imSuite } from './suite.ts';

describe.runIf(await checkRedis())('a bus reconnect on Redis', () => {
  const suite = imSuite({
    fresh: 'each',
    config: { redisUrl: REDIS_URL, redisPrefix: uniquePrefix() },
  });

  it('asks online devices to sync again, and they fetch the message whose push was lost', async () => {
    const receiver = await suite.client(1);
    const { appKey } = suite.server.server.seeded;
    // Committed but never published: as a send whose push the bus dropped while reconnecting.
    const lost = await insertMessage(suite.server.server.store.db, {
      appKey,
      convKey: 'p2p:demo1|demo2',
      now: Date.now(),
      body: {
        scene: 'p2p',
        to: 'demo2',
        type: 0,
        text: '推送丢了',
        idClient: `lost-${Date.now()}`,
        from: 'demo1',
        fromNick: '小零',
        fromClientType: 16,
        fromDeviceId: 'd',
      },
    });
    const synced = () =>
      [
        ...receiver.events.all<{ msgs: ClientMsg[] }>('offlinemsgs'),
        ...receiver.events.all<{ msgs: ClientMsg[] }>('roamingmsgs'),
      ].flatMap((b) => b.msgs);
    expect(synced().map((m) => m.idServer)).not.toContain(String(lost.id));
    // The bus's subscriber connection drops and comes back (ioredis reconnects by itself).
    const bus = suite.server.server.bus as unknown as { subscriber: Redis };
    bus.subscriber.disconnect(true);
    await receiver.events.until(() => synced().some((m) => m.idServer === String(lost.id)));
    // Live delivery works again after the reconnect.
    const sender = await suite.client(0);
    const live = await sender.nim.sendText({ scene: 'p2p', to: 'demo2', text: '重连之后' });
    await receiver.events.until(() =>
      receiver.events.all<ClientMsg>('msg').some((m) => m.idServer === live.idServer),
    );
  });
});
