// The server API's message actions (msg/sendMsg, msg/sendBatchMsg) as an app backend calls them,
// with real SDK clients receiving what it sends, and every refusal a backend can meet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-msg-app-key', secret: 'rest-msg-app-secret' };
type Reply = { code: number; desc?: string; data?: Record<string, unknown>; unregister?: string };

describe('/nimserver/msg', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, `msg/${action}`, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sendMsg: the backend sends as an account; the receiver gets it from a Server client', async () => {
    const bob = await connectClient(server, 1);
    try {
      const reply = await post('sendMsg', {
        from: 'demo1',
        ope: '0',
        to: 'demo2',
        type: '0',
        body: JSON.stringify({ msg: '来自服务端' }),
        ext: '{"order":42}',
        option: JSON.stringify({ push: false, roam: true }),
      });
      expect(reply.code).toBe(200);
      const msg = (await bob.events.next('msg')) as Record<string, unknown>;
      expect(msg).toMatchObject({
        from: 'demo1',
        to: 'demo2',
        text: '来自服务端',
        custom: '{"order":42}',
        isPushable: false,
        fromClientType: 32,
        idServer: String(reply.data!.msgid),
        time: reply.data!.timetag,
      });
    } finally {
      await bob.nim.destroy();
    }
  });

  it('sendBatchMsg: one message per registered recipient, the others named as unregistered', async () => {
    const bob = await connectClient(server, 1);
    const carol = await connectClient(server, 2);
    try {
      const reply = await post('sendBatchMsg', {
        fromAccid: 'demo1',
        toAccids: JSON.stringify(['demo2', 'demo3', 'nobody_here']),
        type: '100',
        body: '{"kind":"coupon"}',
        returnMsgid: 'true',
      });
      expect(reply.code).toBe(200);
      expect(JSON.parse(reply.unregister!)).toEqual(['nobody_here']);
      const msgids = reply.data!.msgids as Record<string, number>;
      const [toBob, toCarol] = (await Promise.all([
        bob.events.next('msg'),
        carol.events.next('msg'),
      ])) as Record<string, unknown>[];
      expect(toBob).toMatchObject({
        type: 100,
        content: '{"kind":"coupon"}',
        idServer: String(msgids.demo2),
      });
      expect(toCarol).toMatchObject({ to: 'demo3', idServer: String(msgids.demo3) });
    } finally {
      await bob.nim.destroy();
      await carol.nim.destroy();
    }
  });

  it('refuses what it cannot send, naming the problem with NIM codes', async () => {
    const base = { from: 'demo1', ope: '0', to: 'demo2', type: '0' };
    expect(await post('sendMsg', { ...base, body: 'not json' })).toMatchObject({
      code: 414,
      desc: 'body must be JSON',
    });
    expect(await post('sendMsg', { ...base, body: '{"text":"no msg"}' })).toMatchObject({
      code: 414,
      desc: 'body.msg must be a string',
    });
    expect(
      await post('sendMsg', { ...base, type: '1', body: JSON.stringify({ name: 'a.png' }) }),
    ).toMatchObject({ code: 414 });
    expect(await post('sendMsg', { ...base, from: 'ghost', body: '{"msg":"hi"}' })).toMatchObject({
      code: 414,
      desc: 'not register: ghost',
    });
    expect(
      await post('sendMsg', { ...base, body: '{"msg":"hi"}', option: '{"push":"yes"}' }),
    ).toMatchObject({ code: 414, desc: 'option.push must be true or false' });
    expect(
      await post('sendBatchMsg', {
        fromAccid: 'demo1',
        toAccids: JSON.stringify(Array.from({ length: 501 }, (_, i) => `u${i}`)),
        type: '0',
        body: '{"msg":"hi"}',
      }),
    ).toMatchObject({ code: 414 });
    expect((await post('sendMsg', { ...base, ope: '1', body: '{"msg":"hi"}' })).code).not.toBe(200);
  });
});
