// Broadcast messages through the official NIM Web SDK: a live one reaches `onbroadcastmsg` (NIM's
// 7_17) and one kept for offline accounts reaches a later login's `onbroadcastmsgs` in the sync
// (4_16), both in NIMBroadcastMessage's shape, sent by the server API's msg/broadcastMsg. NIM's
// SDK acknowledges each (batchMarkRead 7_17): the account is not synced an acknowledged one again,
// on any device, while another account still is.
import { describe, expect, it, vi } from 'vitest';
import { NIM, type ClientBroadcastMsg } from '@morsel/im-sdk';
import { APP } from '../chatroom/rooms.ts';
import { demoOptions, Events } from '../im-link/clients.ts';
import { nimPost } from '../im-rest/nim-client.ts';
import { officialSuite, type Account } from './official-suite.ts';

type Received = Record<string, unknown>;

/** A promise and the callback that settles it. */
function callback<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('broadcast messages through the official NIM Web SDK', () => {
  const suite = officialSuite({ chatroomApp: true });
  const broadcast = async (form: Record<string, string>) =>
    (await nimPost(suite.server.url, 'msg/broadcastMsg', form, APP)).body as {
      code: number;
      msg: { broadcastId: number; createTime: number };
    };

  it('receives a live broadcast and, after logging in, the kept ones', async () => {
    const live = callback<Received>();
    await suite.official('nim-broadcast-a', {
      extra: { syncBroadcastMsgs: true, onbroadcastmsg: live.resolve },
    });
    const sent = await broadcast({ body: '{"title":"新品上架"}', from: 'demo1' });
    expect(sent.code).toBe(200);
    expect(await live.promise).toMatchObject({
      broadcastId: String(sent.msg.broadcastId),
      fromAccid: 'demo1',
      body: '{"title":"新品上架"}',
      time: String(sent.msg.createTime),
    });

    const kept = await broadcast({ body: '周末满减', isOffline: 'true' });
    // NIM's SDK hands the list over through its own copy, which makes it an object keyed 0, 1...
    const synced = callback<Record<string, Received>>();
    await suite.official('nim-broadcast-b', {
      extra: { syncBroadcastMsgs: true, onbroadcastmsgs: synced.resolve },
    });
    expect(Object.values(await synced.promise)).toEqual([
      expect.objectContaining({ broadcastId: String(kept.msg.broadcastId), body: '周末满减' }),
    ]);
  });

  /** What a device of our SDK is synced of kept broadcasts at its login. */
  async function syncedToOurs(account: Account): Promise<string[]> {
    const events = new Events();
    const got: string[] = [];
    const nim = NIM.getInstance({
      ...demoOptions(suite.server, 0),
      account: account.accid,
      token: account.token,
      ...events.callbacks(),
      onbroadcastmsgs: (msgs: ClientBroadcastMsg[]) => got.push(...msgs.map((m) => m.body)),
    });
    suite.ours.push(nim);
    await nim.connect();
    await events.next('syncdone');
    return got;
  }

  it("acknowledges what it gets: the account's later syncs leave those out", async () => {
    const kept = await broadcast({ body: '限时秒杀', isOffline: 'true' });
    expect(kept.code).toBe(200);
    const reader = await suite.newAccount('nim-broadcast-ack');
    const synced = callback<Record<string, Received>>();
    await suite.official(reader, {
      extra: { syncBroadcastMsgs: true, onbroadcastmsgs: synced.resolve },
    });
    expect(Object.values(await synced.promise).map((b) => b.body)).toContain('限时秒杀');
    // NIM's SDK acknowledges after handing the list over; the server keeps it for the account.
    const db = suite.server.server.store.db;
    await vi.waitFor(
      async () =>
        expect(
          (
            await db
              .selectFrom('im_broadcast_acks')
              .select('broadcast_time')
              .where('accid', '=', reader.accid)
              .execute()
          ).map((row) => Number(row.broadcast_time)),
        ).toContain(kept.msg.broadcastId),
      { timeout: 5000, interval: 50 },
    );
    // Another device of the account (our SDK, its own timetags) is not sent it again; an account
    // that never acknowledged it is.
    expect(await syncedToOurs(reader)).not.toContain('限时秒杀');
    expect(await syncedToOurs(await suite.newAccount('nim-broadcast-other'))).toContain('限时秒杀');
  });
});
