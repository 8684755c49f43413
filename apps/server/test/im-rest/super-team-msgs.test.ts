// The server API's super-team reads and message actions with a real SDK client in the team: the
// team's profile and member pages, a message sent as a member reaching the others and the
// history, a custom notification, and a recall, with the client's own rules (members only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMsg } from '@morsel/im-sdk';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-supermsg-app', secret: 'rest-supermsg-secret' };
type Reply = { code: number; desc?: string } & Record<string, unknown>;
type Member = { accid: string; type: number; createtime: number; tid: number };

describe('/nimserver/superteam reads and messages', () => {
  let server: TestServer;
  let tid = '';
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, `superteam/${action}`, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
    const created = await post('create', {
      owner: 'demo1',
      inviteAccids: JSON.stringify(['demo2', 'demo3']),
      tname: '零食超级群',
      msg: '',
      joinmode: '0',
      beinvitemode: '1',
    });
    expect(created.code).toBe(200);
    tid = created.tid as string;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads the team and pages its members by join time', async () => {
    expect(await post('getTinfos', { tids: JSON.stringify([tid, '999999']) })).toMatchObject({
      code: 200,
      tinfos: [{ tid: Number(tid), tname: '零食超级群', owner: 'demo1', size: 3 }],
    });
    // The owner joined first; its members joined together, in one millisecond, and a page never
    // splits a millisecond: a page of 1 after the owner brings both.
    const first = (await post('getTlists', { tid, timetag: '0', limit: '1' })).tlists as Member[];
    expect(first[0]).toMatchObject({ accid: 'demo1', type: 1, tid: Number(tid) });
    const rest = (
      await post('getTlists', { tid, timetag: String(first.at(-1)!.createtime), limit: '1' })
    ).tlists as Member[];
    const all = [...first, ...rest].map((m) => m.accid).sort();
    expect(all).toEqual(['demo1', 'demo2', 'demo3']);
    const newest = (await post('getTlists', { tid, timetag: '0', limit: '100', reverse: '2' }))
      .tlists as Member[];
    expect(newest.map((m) => m.accid)).toEqual([...first, ...rest].map((m) => m.accid).reverse());

    expect(await post('getTlists', { tid, timetag: '0', limit: '101' })).toMatchObject({
      code: 414,
    });
    expect(await post('getTlists', { tid: '999999', timetag: '0', limit: '5' })).toMatchObject({
      code: 803,
    });
    expect(await post('getTinfos', { tids: 'x' })).toMatchObject({ code: 414 });
  });

  it('sends, notifies and recalls as a member; the history and the members see it', async () => {
    const bob = await connectClient(server, 1);
    try {
      const sent = await post('sendMsg', {
        tid,
        fromAccid: 'demo1',
        type: '0',
        body: '{"msg":"今晚团购开始"}',
        ext: '{"campaign":7}',
      });
      expect(sent).toMatchObject({ code: 200 });
      const { msgid, timetag } = sent.data as { msgid: number; timetag: number };
      const msg = await bob.events.next<ClientMsg>('msg');
      expect(msg).toMatchObject({
        scene: 'superTeam',
        to: tid,
        from: 'demo1',
        text: '今晚团购开始',
        idServer: String(msgid),
      });

      const history = await post('queryHistoryMsg', {
        tid,
        accid: 'demo2',
        begintime: '0',
        endtime: String(timetag + 1),
        limit: '10',
        type: '0',
      });
      expect(history).toMatchObject({
        code: 200,
        size: 1,
        msgs: [{ from: 'demo1', msgid, body: '今晚团购开始', ext: '{"campaign":7}' }],
      });

      expect(
        await post('sendAttachMsg', { from: 'demo1', to: tid, attach: '{"kind":"coupon"}' }),
      ).toEqual({ code: 200 });
      expect(await bob.events.next<Record<string, unknown>>('customsysmsg')).toMatchObject({
        scene: 'superTeam',
        to: tid,
        from: 'demo1',
        content: '{"kind":"coupon"}',
      });

      const recall = {
        deleteMsgid: String(msgid),
        timetag: String(timetag),
        from: 'demo1',
        to: tid,
      };
      expect(await post('recallMsg', { ...recall, from: 'demo2' })).toMatchObject({ code: 404 });
      expect(await post('recallMsg', { ...recall, msg: '撤回' })).toEqual({ code: 200 });
      expect(await bob.events.next<Record<string, unknown>>('sysmsg')).toMatchObject({
        type: 'deleteMsgSuperTeam',
        from: 'demo1',
        deletedIdServer: String(msgid),
      });
    } finally {
      bob.nim.destroy();
    }
  });

  it('keeps non-members out and refuses bad forms', async () => {
    await nimPost(server.url, 'user/create', { accid: 'stranger' }, app);
    const body = '{"msg":"hi"}';
    const refused = await post('sendMsg', { tid, fromAccid: 'stranger', type: '0', body });
    expect(refused.code).not.toBe(200);
    expect(
      (
        await post('queryHistoryMsg', {
          tid,
          accid: 'stranger',
          begintime: '0',
          endtime: '9999999999999',
          limit: '10',
        })
      ).code,
    ).not.toBe(200);
    expect(
      await post('sendAttachMsg', { from: 'stranger', to: tid, attach: '{}' }),
    ).not.toMatchObject({ code: 200 });
    expect(await post('sendMsg', { tid, fromAccid: 'demo1', type: '10', body })).toMatchObject({
      code: 414,
    });
    expect(await post('sendMsg', { tid, fromAccid: 'nobody', type: '0', body })).toMatchObject({
      code: 414,
      desc: 'not register: nobody',
    });
  });
});
