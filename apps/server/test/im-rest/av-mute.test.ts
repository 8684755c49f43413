// The server API's user/muteAv: an account muted for audio and video may not call or invite to a
// call from its SDK (403), may still do everything else, and is free again once unmuted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-muteav-app', secret: 'rest-muteav-secret' };

describe('/nimserver/user/muteAv', () => {
  let server: TestServer;
  const post = async (form: Record<string, string>) =>
    (await nimPost(server.url, 'user/muteAv', form, app)).body;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps a muted account from calls and invitations until it is unmuted', async () => {
    const caller = await client(0);
    const callee = await client(1);
    try {
      expect(await post({ accid: 'DEMO1', mute: 'true' })).toEqual({ code: 200 });
      await expect(
        caller.nim.signalingCall({ type: 2, requestId: 'r1', account: 'demo2', uid: 1 }),
      ).rejects.toMatchObject({ code: 403 });
      const channel = await caller.nim.signalingCreate({ type: 2 });
      await expect(
        caller.nim.signalingInvite({
          channelId: channel.channelId,
          account: 'demo2',
          requestId: 'r2',
        }),
      ).rejects.toMatchObject({ code: 403 });
      // Messages are not calls: the account still sends.
      await caller.nim.sendText({ scene: 'p2p', to: 'demo2', text: '稍后回电' });

      expect(await post({ accid: 'demo1', mute: 'false' })).toEqual({ code: 200 });
      const call = await caller.nim.signalingCall({
        type: 2,
        requestId: 'r3',
        account: 'demo2',
        uid: 1,
      });
      expect(call.channelId).toBeTruthy();
    } finally {
      caller.nim.destroy();
      callee.nim.destroy();
    }
  });

  it('answers 414 for an account the app does not have, or a mute that is not true/false', async () => {
    expect(await post({ accid: 'nobody', mute: 'true' })).toMatchObject({
      code: 414,
      desc: 'not register: nobody',
    });
    expect(await post({ accid: 'demo1', mute: '1' })).toMatchObject({ code: 414 });
  });

  const client = (index: number) => connectClient(server, index);
});
