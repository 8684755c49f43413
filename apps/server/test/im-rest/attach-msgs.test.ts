// The server API's custom system notifications (msg/sendAttachMsg, msg/sendBatchAttachMsg) as an
// app backend sends them, with real SDK clients receiving them, one-to-one and in a team.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-attach-app-key', secret: 'rest-attach-app-secret' };
type Reply = { code: number; desc?: string } & Record<string, unknown>;
type Stored = { type: string; from: string; to: string };
type Delivered = { scene: string; from: string; to: string; content: string; type: string };

describe('/nimserver/msg custom system notifications', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, action, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sendAttachMsg reaches the account, and a team through its membership', async () => {
    const bob = await connectClient(server, 1);
    try {
      expect(
        await post('msg/sendAttachMsg', {
          from: 'demo1',
          msgtype: '0',
          to: 'demo2',
          attach: '{"kind":"order-shipped","order":42}',
          save: '1',
        }),
      ).toEqual({ code: 200 });
      expect(await bob.events.next<Delivered>('customsysmsg')).toMatchObject({
        scene: 'p2p',
        from: 'demo1',
        to: 'demo2',
        content: '{"kind":"order-shipped","order":42}',
      });

      const created = await post('team/create', {
        tname: '通知群',
        owner: 'demo1',
        members: '["demo2"]',
        msg: '',
        magree: '0',
        joinmode: '0',
      });
      const tid = created.tid as string;
      expect(
        await post('msg/sendAttachMsg', {
          from: 'demo1',
          msgtype: '1',
          to: tid,
          attach: '{"kind":"flash-sale"}',
          save: '1',
        }),
      ).toEqual({ code: 200 });
      expect(await bob.events.next<Delivered>('customsysmsg')).toMatchObject({
        scene: 'team',
        to: tid,
        content: '{"kind":"flash-sale"}',
      });
      // Not a member: the team's rule (804) as for a client.
      expect(
        (await post('msg/sendAttachMsg', { from: 'demo3', msgtype: '1', to: tid, attach: 'x' }))
          .code,
      ).not.toBe(200);
    } finally {
      await bob.nim.destroy();
    }
  });

  it('sendBatchAttachMsg sends to each registered account (kept for offline devices by default) and names the others', async () => {
    const bob = await connectClient(server, 1);
    const carol = await connectClient(server, 2);
    try {
      const reply = await post('msg/sendBatchAttachMsg', {
        fromAccid: 'demo1',
        toAccids: JSON.stringify(['demo2', 'demo3', 'nobody_here']),
        attach: '{"kind":"coupon"}',
      });
      expect(reply.code).toBe(200);
      expect(JSON.parse(reply.unregister as string)).toEqual(['nobody_here']);
      // Kept (NIM's save=2, the default): a stored system message of type customP2p.
      const [toBob, toCarol] = await Promise.all([
        bob.events.next<Stored>('sysmsg'),
        carol.events.next<Stored>('sysmsg'),
      ]);
      expect(toBob).toMatchObject({
        type: 'customP2p',
        from: 'demo1',
        to: 'demo2',
      });
      expect(JSON.stringify(toBob)).toContain('coupon');
      expect(toCarol).toMatchObject({
        type: 'customP2p',
        to: 'demo3',
      });
      expect(JSON.stringify(toCarol)).toContain('coupon');
    } finally {
      await bob.nim.destroy();
      await carol.nim.destroy();
    }
  });

  it('refuses bad forms with 414 naming the problem', async () => {
    const base = { from: 'demo1', msgtype: '0', to: 'demo2', attach: 'x' };
    expect(await post('msg/sendAttachMsg', { ...base, option: 'nope' })).toMatchObject({
      code: 414,
      desc: 'option must be JSON',
    });
    expect(await post('msg/sendAttachMsg', { ...base, option: '{"route":"no"}' })).toMatchObject({
      code: 414,
      desc: 'option.route must be true or false',
    });
    expect((await post('msg/sendAttachMsg', { ...base, save: '3' })).code).toBe(414);
    expect((await post('msg/sendAttachMsg', { ...base, attach: '' })).code).toBe(414);
    expect((await post('msg/sendAttachMsg', { ...base, from: 'ghost_nobody' })).code).toBe(414);
    expect(
      (await post('msg/sendBatchAttachMsg', { fromAccid: 'demo1', toAccids: '[]', attach: 'x' }))
        .code,
    ).toBe(414);
  });
});
