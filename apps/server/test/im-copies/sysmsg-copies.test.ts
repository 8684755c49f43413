// Copies of custom system messages (NIM's eventType 1 with the CUSTOM_ conversation types), which
// an app chooses with MORSEL_IM_COPY_EVENTS=sysMsg: a local receiver checks NIM's signature on
// each, fed by a real SDK client and the server API sending them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, startTestServer, type TestServer } from '../harness/index.ts';
import { startCopyReceiver } from './copy-receiver.ts';
import { nimPost } from '../im-rest/nim-client.ts';

const APP = { appKey: 'copy-sysmsg-app', secret: 'copy-sysmsg-secret-0123' };

describe('copies of custom system messages', () => {
  let receiver: Awaited<ReturnType<typeof startCopyReceiver>>;
  let server: TestServer;

  beforeAll(async () => {
    receiver = await startCopyReceiver(APP);
    server = await startTestServer({
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCopyUrl: receiver.url,
      imCopyEvents: 'sysMsg',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const eventsOf = (type: string) => receiver.eventsOf(type);
  const until = (check: () => boolean) => receiver.until(check);

  it('copies each custom system message, signed, and none sent with cc false', async () => {
    const alice = await connectClient(server, 0);
    try {
      await alice.nim.sendCustomSysMsg({ scene: 'p2p', to: 'demo2', content: '{"typing":true}' });
      await alice.nim.sendCustomSysMsg({
        scene: 'p2p',
        to: 'demo2',
        content: 'not copied',
        cc: false,
      });
      expect(
        (
          await nimPost(
            server.url,
            'msg/sendAttachMsg',
            { from: 'demo3', msgtype: '0', to: 'demo1', attach: '{"order":"paid"}' },
            APP,
          )
        ).body,
      ).toEqual({ code: 200 });
      await until(() => eventsOf('1').length === 2);
      const copies = eventsOf('1');
      expect(copies.every((c) => c.signed)).toBe(true);
      expect(copies.map((c) => c.body)).toEqual([
        expect.objectContaining({
          convType: 'CUSTOM_PERSON',
          msgType: 'CUSTOM_P2P_MSG',
          fromAccount: 'demo1',
          fromClientType: 'WEB',
          to: 'demo2',
          body: '{"typing":true}',
        }),
        expect.objectContaining({
          convType: 'CUSTOM_PERSON',
          fromAccount: 'demo3',
          fromClientType: 'REST',
          to: 'demo1',
          body: '{"order":"paid"}',
        }),
      ]);
      expect(receiver.received.some((r) => r.body.body === 'not copied')).toBe(false);
    } finally {
      await alice.nim.destroy();
    }
  }, 30_000);
});
