// The server API's msg/recall as an app backend calls it: the message it names is recalled as its
// sender, the receiver's device is told, and a form that does not name the message exactly
// recalls nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-recall-app-key', secret: 'rest-recall-app-secret' };
type Reply = { code: number; desc?: string; data?: { msgid: number; timetag: number } };

describe('/nimserver/msg/recall', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, `msg/${action}`, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('recalls the named message as its sender; the receiver is told', async () => {
    const bob = await connectClient(server, 1);
    try {
      const sent = await post('sendMsg', {
        from: 'demo1',
        ope: '0',
        to: 'demo2',
        type: '0',
        body: '{"msg":"发错了"}',
      });
      expect(sent.code).toBe(200);
      await bob.events.next('msg');
      const { msgid, timetag } = sent.data!;
      const form = {
        deleteMsgid: String(msgid),
        timetag: String(timetag),
        type: '7',
        from: 'demo1',
        to: 'demo2',
        msg: '撤回了一条消息',
      };
      // Not the message's sender, another timetag, or a team recall: nothing is recalled.
      expect(await post('recall', { ...form, from: 'demo3' })).toMatchObject({ code: 404 });
      expect(await post('recall', { ...form, timetag: String(timetag + 1) })).toMatchObject({
        code: 404,
      });
      expect(await post('recall', { ...form, type: '8' })).toMatchObject({ code: 404 });

      expect(await post('recall', form)).toEqual({ code: 200 });
      const notice = await bob.events.next<Record<string, unknown>>('sysmsg');
      expect(notice).toMatchObject({
        type: 'deleteMsg',
        from: 'demo1',
        deletedIdServer: String(msgid),
        ps: '撤回了一条消息',
      });
      // Recalled once: a second recall finds no message.
      expect(await post('recall', form)).toMatchObject({ code: 404 });
      expect((await post('recall', { ...form, type: '9' })).code).toBe(414);
    } finally {
      await bob.nim.destroy();
    }
  });
});
