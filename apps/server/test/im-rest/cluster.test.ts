// The server API in a cluster: a call answered by one process reaches the account's sessions on
// another (PostgreSQL store, Redis bus). Runs when Redis and PostgreSQL answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPostgres, checkRedis, startServerPair, type ServerPair } from '../harness/index.ts';
import { connectClient } from '../im-link/clients.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const ready = (await checkRedis()) && (await checkPostgres());
const app: AppCredentials = { appKey: 'restCluster01', secret: 'rest-cluster-secret-01' };

describe.runIf(ready)('the server API across two processes', () => {
  let pair: ServerPair | undefined;

  beforeAll(async () => {
    pair = await startServerPair({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await pair?.stop();
  });

  it('updateUinfo on one process renames the sessions open on the other', async () => {
    const { one, two } = pair!;
    const alice = await connectClient(two, 0);
    const bob = await connectClient(two, 1);
    try {
      const reply = await nimPost(
        one.url,
        'user/updateUinfo',
        { accid: 'demo1', name: '新昵称' },
        app,
      );
      expect(reply.body).toEqual({ code: 200 });
      expect(await alice.events.next('updatemyinfo')).toMatchObject({ nick: '新昵称' });
      await alice.nim.sendText({ scene: 'p2p', to: 'demo2', text: '跨进程' });
      expect(await bob.events.next('msg')).toMatchObject({ text: '跨进程', fromNick: '新昵称' });

      const read = await nimPost(one.url, 'user/getUinfos', { accids: '["demo1"]' }, app);
      expect(read.body).toMatchObject({ code: 200, uinfos: [{ accid: 'demo1', name: '新昵称' }] });
    } finally {
      await alice.nim.destroy();
      await bob.nim.destroy();
    }
  });
});
