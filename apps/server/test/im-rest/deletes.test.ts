// The server API's msg/delMsgOneWay and msg/delRoamSession as an app backend calls them, with real
// SDK clients: a one-way delete takes the message from its receivers' devices and history while
// the sender keeps it; deleting a session's roaming clears it for the one account only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-deletes-app-key', secret: 'rest-deletes-app-secret' };
type Reply = { code: number; desc?: string; data?: { msgid: number; timetag: number } } & Record<
  string,
  unknown
>;

describe('/nimserver/msg/delMsgOneWay and delRoamSession', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, action, form, app)).body as Reply;
  const send = async (form: Record<string, string>) => {
    const sent = await post('msg/sendMsg', { type: '0', ...form });
    expect(sent.code).toBe(200);
    return sent.data!;
  };

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('deletes a one-to-one message for its receiver only; the form must name it exactly', async () => {
    const alice = await connectClient(server, 0);
    const bob = await connectClient(server, 1);
    try {
      const { msgid, timetag } = await send({
        from: 'demo1',
        ope: '0',
        to: 'demo2',
        body: '{"msg":"违规内容"}',
      });
      await bob.events.until(() => bob.events.all('msg').length === 1);
      const form = {
        deleteMsgid: String(msgid),
        timetag: String(timetag),
        type: '13',
        from: 'demo1',
        to: 'Demo2',
      };
      expect(await post('msg/delMsgOneWay', { ...form, from: 'demo3' })).toMatchObject({
        code: 404,
      });
      expect(
        await post('msg/delMsgOneWay', { ...form, timetag: String(timetag + 1) }),
      ).toMatchObject({ code: 404 });
      expect(await post('msg/delMsgOneWay', { ...form, type: '14' })).toMatchObject({ code: 404 });
      expect(await post('msg/delMsgOneWay', { ...form, type: '7' })).toMatchObject({ code: 414 });

      expect(await post('msg/delMsgOneWay', form)).toEqual({ code: 200 });
      expect(await bob.events.next('deletemsgself')).toEqual({
        sessionId: 'p2p-demo1',
        idServer: String(msgid),
      });
      const theirs = await bob.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo1', limit: 5 });
      expect(theirs.msgs.map((m) => m.idServer)).not.toContain(String(msgid));
      // The sender is not told and keeps it.
      const mine = await alice.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo2', limit: 5 });
      expect(mine.msgs.map((m) => m.idServer)).toContain(String(msgid));
      expect(alice.events.all('deletemsgself')).toEqual([]);
      // Done once, again: nothing left to take, still 200.
      expect(await post('msg/delMsgOneWay', form)).toEqual({ code: 200 });
    } finally {
      await alice.nim.destroy();
      await bob.nim.destroy();
    }
  });

  it("deletes a team message for every other member; the sender's devices keep it", async () => {
    const bob = await connectClient(server, 1);
    try {
      const created = await post('team/create', {
        tname: '删除测试群',
        owner: 'demo1',
        members: JSON.stringify(['demo2', 'demo3']),
        msg: '',
        magree: '0',
        joinmode: '0',
      });
      expect(created.code).toBe(200);
      const tid = String(created.tid);
      const { msgid, timetag } = await send({
        from: 'demo1',
        ope: '1',
        to: tid,
        body: '{"msg":"x"}',
      });
      await bob.events.until(() =>
        bob.events.all<{ idServer: string }>('msg').some((m) => m.idServer === String(msgid)),
      );
      const form = {
        deleteMsgid: String(msgid),
        timetag: String(timetag),
        type: '14',
        from: 'demo1',
        to: tid,
      };
      expect(await post('msg/delMsgOneWay', form)).toEqual({ code: 200 });
      expect(await bob.events.next('deletemsgself')).toEqual({
        sessionId: `team-${tid}`,
        idServer: String(msgid),
      });
      const readAs = async (accid: string) =>
        (
          (await post('history/queryTeamMsg', {
            tid,
            accid,
            begintime: '0',
            endtime: String(timetag + 60_000),
            limit: '10',
          })) as unknown as { msgs: { msgid: number }[] }
        ).msgs.map((m) => m.msgid);
      expect(await readAs('demo3')).not.toContain(msgid);
      expect(await readAs('demo1')).toContain(msgid);
    } finally {
      await bob.nim.destroy();
    }
  });

  it("clears a session's roaming for one account, told to its devices; the peer keeps it", async () => {
    const bob = await connectClient(server, 1);
    try {
      const first = await send({ from: 'demo3', ope: '0', to: 'demo2', body: '{"msg":"一"}' });
      await send({ from: 'demo3', ope: '0', to: 'demo2', body: '{"msg":"二"}' });
      expect(
        await post('msg/delRoamSession', { type: '3', from: 'demo2', to: 'demo3' }),
      ).toMatchObject({ code: 414 });
      expect(
        await post('msg/delRoamSession', { type: '1', from: 'nobody9', to: 'demo3' }),
      ).toMatchObject({ code: 414, desc: 'not register: nobody9' });
      expect(await post('msg/delRoamSession', { type: '1', from: 'demo2', to: 'DEMO3' })).toEqual({
        code: 200,
      });
      const [cleared] = await bob.events
        .until(() => bob.events.all('clearhistory').length === 1)
        .then(() => bob.events.all<{ sessionId: string; time: number }>('clearhistory'));
      expect(cleared!.sessionId).toBe('p2p-demo3');
      expect(cleared!.time).toBeGreaterThanOrEqual(first.timetag);
      expect((await bob.nim.getHistoryMsgs({ scene: 'p2p', to: 'demo3', limit: 5 })).msgs).toEqual(
        [],
      );
      const peer = await nimPost(
        server.url,
        'history/querySessionMsg',
        {
          from: 'demo3',
          to: 'demo2',
          begintime: '0',
          endtime: String(cleared!.time),
          limit: '10',
        },
        app,
      );
      expect((peer.body as unknown as { msgs: unknown[] }).msgs).toHaveLength(2);
      // A team the account is not in: the client's own code.
      expect(
        (await post('msg/delRoamSession', { type: '2', from: 'demo2', to: '999999' })).code,
      ).not.toBe(200);
    } finally {
      await bob.nim.destroy();
    }
  });
});
