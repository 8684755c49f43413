// The server API's event-subscription actions (event/subscribe/*) and history queries
// (history/querySessionMsg, queryTeamMsg, queryChatroomMsg) as an app backend calls them, with
// real SDK clients: a subscription made by the backend delivers to the subscriber's devices, and
// history reads what the account itself may read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-events-app-key', secret: 'rest-events-app-secret' };
type Reply = { code: number; desc?: string } & Record<string, unknown>;

describe('/nimserver event subscriptions and history', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, action, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('event/subscribe: a backend subscription delivers the online state to the subscriber', async () => {
    const alice = await connectClient(server, 0);
    try {
      const add = await post('event/subscribe/add', {
        accid: 'demo1',
        eventType: '1',
        publisherAccids: JSON.stringify(['demo2', 'Demo3', 'nobody']),
        ttl: '3600',
      });
      expect(add).toEqual({ code: 200, failedAccid: ['nobody'] });

      const bob = await connectClient(server, 1);
      try {
        await alice.events.until(() =>
          alice.events
            .all<{ account: string; value: number }[]>('pushevents')
            .flat()
            .some((e) => e.account === 'demo2' && e.value === 1),
        );
      } finally {
        await bob.nim.destroy();
      }

      const query = await post('event/subscribe/query', {
        accid: 'demo1',
        eventType: '1',
        publisherAccids: JSON.stringify(['demo2', 'demo3']),
      });
      expect(query.code).toBe(200);
      const subscribes = query.subscribes as {
        accid: string;
        expireTime: number;
        relationTime: number;
      }[];
      expect(subscribes.map((s) => s.accid).sort()).toEqual(['demo2', 'demo3']);
      expect(subscribes[0]!.expireTime - subscribes[0]!.relationTime).toBe(3_600_000);

      expect(
        await post('event/subscribe/delete', {
          accid: 'demo1',
          eventType: '1',
          publisherAccids: JSON.stringify(['demo2', 'ghost']),
        }),
      ).toEqual({ code: 200, failedAccid: ['ghost'] });
      const left = await post('event/subscribe/query', {
        accid: 'demo1',
        eventType: '1',
        publisherAccids: JSON.stringify(['demo2', 'demo3']),
      });
      expect((left.subscribes as { accid: string }[]).map((s) => s.accid)).toEqual(['demo3']);

      expect(await post('event/subscribe/batchdel', { accid: 'demo1', eventType: '1' })).toEqual({
        code: 200,
      });
      expect(
        await post('event/subscribe/query', {
          accid: 'demo1',
          eventType: '1',
          publisherAccids: JSON.stringify(['demo3']),
        }),
      ).toEqual({ code: 200, subscribes: [] });
    } finally {
      await alice.nim.destroy();
    }
  });

  it('event/subscribe refuses what the IM link refuses', async () => {
    const base = { accid: 'demo1', eventType: '1', publisherAccids: '["demo2"]' };
    expect(await post('event/subscribe/add', { ...base, ttl: '59' })).toMatchObject({ code: 414 });
    expect(await post('event/subscribe/add', { ...base, ttl: '2592001' })).toMatchObject({
      code: 414,
    });
    expect(
      await post('event/subscribe/add', { ...base, eventType: '99', ttl: '60' }),
    ).toMatchObject({ code: 414 });
    expect(
      await post('event/subscribe/add', { ...base, publisherAccids: '[]', ttl: '60' }),
    ).toMatchObject({ code: 414 });
    expect(await post('event/subscribe/add', { ...base, accid: 'ghost', ttl: '60' })).toEqual({
      code: 414,
      desc: 'not register: ghost',
    });
  });

  it('history/querySessionMsg: the one-to-one messages in a window, either order, by type', async () => {
    const sent: number[] = [];
    for (const [type, body] of [
      ['0', '{"msg":"第一条"}'],
      ['100', '{"kind":"coupon"}'],
      ['0', '{"msg":"第三条"}'],
    ] as const) {
      const reply = await post('msg/sendMsg', { from: 'demo1', ope: '0', to: 'demo2', type, body });
      expect(reply.code).toBe(200);
      sent.push((reply.data as { timetag: number }).timetag);
    }
    const window = {
      from: 'demo2',
      to: 'demo1',
      begintime: String(sent[0]),
      endtime: String(sent[2]),
    };
    const newest = await post('history/querySessionMsg', { ...window, limit: '2' });
    expect(newest).toMatchObject({
      code: 200,
      size: 2,
      msgs: [
        { from: 'demo1', to: 'demo2', type: 0, body: '第三条' },
        { type: 100, body: '{"kind":"coupon"}' },
      ],
    });
    const oldest = await post('history/querySessionMsg', { ...window, limit: '10', reverse: '1' });
    expect((oldest.msgs as { body: string }[]).map((m) => m.body)).toEqual([
      '第一条',
      '{"kind":"coupon"}',
      '第三条',
    ]);
    const texts = await post('history/querySessionMsg', { ...window, limit: '10', type: '0' });
    expect(texts.size).toBe(2);

    expect(await post('history/querySessionMsg', { ...window, limit: '101' })).toMatchObject({
      code: 414,
    });
    expect(
      await post('history/querySessionMsg', {
        ...window,
        begintime: window.endtime,
        endtime: '1',
        limit: '1',
      }),
    ).toMatchObject({ code: 414 });
    expect(await post('history/querySessionMsg', { ...window, from: 'ghost', limit: '1' })).toEqual(
      { code: 414, desc: 'not register: ghost' },
    );
    // The other side is the IM link's to check: an account that does not exist is not found.
    expect(
      (await post('history/querySessionMsg', { ...window, to: 'ghost', limit: '1' })).code,
    ).not.toBe(200);
  });

  it('history/queryTeamMsg reads a team as the member sees it; others are refused', async () => {
    const alice = await connectClient(server, 0);
    try {
      const { team } = await alice.nim.createTeam({
        type: 'advanced',
        name: '历史群',
        beInviteMode: 'noVerify',
        accounts: ['demo2'],
      });
      const sent = await alice.nim.sendText({ scene: 'team', to: team.teamId, text: '群里第一句' });
      const window = { tid: team.teamId, begintime: '0', endtime: String(sent.time), limit: '10' };
      const read = await post('history/queryTeamMsg', { ...window, accid: 'demo2' });
      expect(read.code).toBe(200);
      expect(read.msgs).toContainEqual(
        expect.objectContaining({ from: 'demo1', to: team.teamId, body: '群里第一句' }),
      );
      expect((await post('history/queryTeamMsg', { ...window, accid: 'demo3' })).code).not.toBe(
        200,
      );
    } finally {
      await alice.nim.destroy();
    }
  });

  it('history/queryChatroomMsg pages a room’s messages', async () => {
    const created = await post('chatroom/create', { creator: 'demo1', name: '直播间' });
    const roomid = String((created.chatroom as { roomid: number }).roomid);
    for (const text of ['一', '二', '三']) {
      const sent = await post('chatroom/sendMsg', {
        roomid,
        msgId: `m-${text}`,
        fromAccid: 'demo1',
        msgType: '0',
        attach: text,
      });
      expect(sent.code).toBe(200);
    }
    const newest = await post('history/queryChatroomMsg', {
      roomid,
      accid: 'demo2',
      timetag: '0',
      limit: '2',
    });
    expect(newest).toMatchObject({
      code: 200,
      size: 2,
      msgs: [
        { from: 'demo1', to: roomid, type: 0, body: '三', msgidclient: 'm-三' },
        { body: '二' },
      ],
    });
    const oldest = await post('history/queryChatroomMsg', {
      roomid,
      accid: 'demo2',
      timetag: '0',
      limit: '5',
      reverse: '1',
    });
    expect((oldest.msgs as { body: string }[]).map((m) => m.body)).toEqual(['一', '二', '三']);
    expect(
      await post('history/queryChatroomMsg', {
        roomid: '999999',
        accid: 'demo2',
        timetag: '0',
        limit: '1',
      }),
    ).toMatchObject({ code: 404 });
  });
});
