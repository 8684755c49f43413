// The server API's msg/broadcastMsg with real SDK clients: online devices get it at once
// (onbroadcastmsg); one kept for offline accounts (isOffline) reaches an account that logs in
// later in its sync (onbroadcastmsgs), once, while an online-only one never does; targetOs limits
// who gets it; bad forms are refused with NIM's 414. Our SDK acknowledges each broadcast it gets,
// so a later device of the account is not synced it again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientBroadcastMsg } from '@morsel/im-sdk';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-broadcast-app', secret: 'rest-broadcast-secret' };
type Reply = { code: number; desc?: string; msg?: Record<string, unknown> };

describe('/nimserver/msg/broadcastMsg', () => {
  let server: TestServer;
  const broadcast = async (form: Record<string, string>) =>
    (await nimPost(server.url, 'msg/broadcastMsg', form, app)).body as Reply;
  const client = (index: number, extra = {}) => {
    const received: { live: ClientBroadcastMsg[]; synced: ClientBroadcastMsg[][] } = {
      live: [],
      synced: [],
    };
    return connectClient(server, index, {
      onbroadcastmsg: (msg: ClientBroadcastMsg) => received.live.push(msg),
      onbroadcastmsgs: (msgs: ClientBroadcastMsg[]) => received.synced.push(msgs),
      ...extra,
    }).then((connected) => ({ ...connected, received }));
  };

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reaches online devices at once and keeps an isOffline one for accounts that log in later', async () => {
    const alice = await client(0);
    try {
      const live = await broadcast({ body: '今晚八点零食秒杀', from: 'demo1' });
      expect(live).toMatchObject({
        code: 200,
        msg: { body: '今晚八点零食秒杀', fromAccid: 'demo1', isOffline: false },
      });
      await alice.events.until(() => alice.received.live.length === 1);
      expect(alice.received.live[0]).toMatchObject({
        broadcastId: String(live.msg!.broadcastId),
        fromAccid: 'demo1',
        body: '今晚八点零食秒杀',
        time: live.msg!.createTime,
        timestamp: live.msg!.createTime,
      });

      const kept = await broadcast({ body: '会员日全场八折', isOffline: 'true', ttl: '24' });
      expect(kept.msg).toMatchObject({ isOffline: true, ttl: 24 });
      expect(kept.msg!.expireTime).toBe((kept.msg!.createTime as number) + 24 * 3_600_000);
      expect(kept.msg).not.toHaveProperty('fromAccid');
      await alice.events.until(() => alice.received.live.length === 2);

      // Bob was offline for both: the sync brings the kept one only.
      const bob = await client(1);
      try {
        expect(bob.received.synced).toEqual([
          [expect.objectContaining({ body: '会员日全场八折', fromAccid: '' })],
        ]);
        expect(bob.received.live).toEqual([]);
      } finally {
        bob.nim.destroy();
      }
    } finally {
      alice.nim.destroy();
    }
  });

  it('sends a targetOs broadcast only to those client kinds', async () => {
    const web = await client(2);
    try {
      expect(await broadcast({ body: '仅限手机', targetOs: '["ios","aos"]' })).toMatchObject({
        code: 200,
        msg: { targetOs: ['ios', 'aos'] },
      });
      expect(await broadcast({ body: '网页也有', targetOs: '["web"]' })).toMatchObject({
        code: 200,
      });
      await web.events.until(() => web.received.live.length === 1);
      expect(web.received.live.map((m) => m.body)).toEqual(['网页也有']);
    } finally {
      web.nim.destroy();
    }
  });

  it('acknowledges what it gets: a later device of the account is not synced it again', async () => {
    const kept = await broadcast({ body: '第二件半价', isOffline: 'true' });
    const bodies = (msgs: ClientBroadcastMsg[][]) => msgs.flat().map((m) => m.body);
    const first = await client(2);
    try {
      expect(bodies(first.received.synced)).toContain('第二件半价');
      await vi.waitFor(
        async () =>
          expect(
            (
              await server.server.store.db
                .selectFrom('im_broadcast_acks')
                .select('broadcast_time')
                .where('accid', '=', 'demo3')
                .execute()
            ).map((row) => Number(row.broadcast_time)),
          ).toContain(kept.msg!.broadcastId),
        { timeout: 5000, interval: 50 },
      );
    } finally {
      first.nim.destroy();
    }
    const second = await client(2);
    try {
      expect(bodies(second.received.synced)).not.toContain('第二件半价');
    } finally {
      second.nim.destroy();
    }
  });

  it('refuses an unknown sender, a bad ttl or targetOs, and a body over 4096 characters', async () => {
    expect(await broadcast({ body: 'x', from: 'nobody' })).toMatchObject({
      code: 414,
      desc: 'not register: nobody',
    });
    expect(await broadcast({ body: 'x', isOffline: 'true', ttl: '337' })).toMatchObject({
      code: 414,
    });
    expect(await broadcast({ body: 'x', ttl: '0' })).toMatchObject({ code: 414 });
    expect(await broadcast({ body: 'x', targetOs: '["linux"]' })).toMatchObject({ code: 414 });
    expect(await broadcast({ body: 'x', targetOs: 'ios' })).toMatchObject({ code: 414 });
    expect(await broadcast({ body: 'x'.repeat(4097) })).toMatchObject({ code: 414 });
    expect(await broadcast({ body: 'x', isOffline: 'yes' })).toMatchObject({ code: 414 });
  });
});
