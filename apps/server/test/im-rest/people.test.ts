// The server API's user-profile, relation and friend actions (user/updateUinfo, getUinfos,
// setSpecialRelation, listBlackAndMuteList; friend/add, update, delete, get) as an app backend
// calls them, with real SDK clients seeing every change as they see their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../im-link/clients.ts';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { nimPost, type AppCredentials } from './nim-client.ts';

const app: AppCredentials = { appKey: 'rest-people-app-key', secret: 'rest-people-app-secret' };
type Reply = { code: number; desc?: string } & Record<string, unknown>;

describe('/nimserver user profiles, relations and friends', () => {
  let server: TestServer;
  const post = async (action: string, form: Record<string, string>) =>
    (await nimPost(server.url, action, form, app)).body as Reply;

  beforeAll(async () => {
    server = await startTestServer({ imAppKey: app.appKey, imAppSecret: app.secret });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('friend/add and updateUinfo reach both accounts’ devices; getUinfos reads the profile back', async () => {
    const alice = await connectClient(server, 0);
    const bob = await connectClient(server, 1);
    try {
      expect(
        await post('friend/add', { accid: 'demo1', faccid: 'demo2', type: '1', msg: '你好' }),
      ).toEqual({ code: 200 });
      const [aliceSide, bobSide] = (await Promise.all([
        alice.events.next('friendaction'),
        bob.events.next('friendaction'),
      ])) as { type: string; account: string }[];
      expect(aliceSide).toMatchObject({ type: 'addFriend', account: 'demo2' });
      expect(bobSide).toMatchObject({ type: 'addFriend', account: 'demo1' });

      const profile = {
        accid: 'DEMO1',
        name: '服务端改名',
        icon: 'https://img.example.cn/a.png',
        sign: '爱吃坚果',
        email: 'demo1@example.cn',
        birth: '1990-02-28',
        mobile: '+86 13800138000',
        gender: '2',
        ex: '{"vip":3}',
      };
      expect(await post('user/updateUinfo', profile)).toEqual({ code: 200 });
      const mine = (await alice.events.next('updatemyinfo')) as Record<string, unknown>;
      expect(mine).toMatchObject({ nick: '服务端改名', gender: 'female', custom: '{"vip":3}' });
      const seenByFriend = (await bob.events.next('updateuser')) as Record<string, unknown>;
      expect(seenByFriend).toMatchObject({ account: 'demo1', nick: '服务端改名' });
      // The open session sends under the new name at once.
      await alice.nim.sendText({ scene: 'p2p', to: 'demo2', text: '改名以后' });
      expect(await bob.events.next('msg')).toMatchObject({
        from: 'demo1',
        text: '改名以后',
        fromNick: '服务端改名',
      });

      const read = await post('user/getUinfos', { accids: JSON.stringify(['demo1', 'nobody']) });
      expect(read).toEqual({
        code: 200,
        uinfos: [
          {
            accid: 'demo1',
            name: '服务端改名',
            icon: 'https://img.example.cn/a.png',
            sign: '爱吃坚果',
            email: 'demo1@example.cn',
            birth: '1990-02-28',
            mobile: '+86 13800138000',
            gender: 2,
            ex: '{"vip":3}',
          },
        ],
      });
    } finally {
      await alice.nim.destroy();
      await bob.nim.destroy();
    }
  });

  it('friend/update, get and delete: notes on the friendship, then its end on both sides', async () => {
    const bob = await connectClient(server, 1);
    try {
      expect(
        await post('friend/update', {
          accid: 'demo1',
          faccid: 'demo2',
          alias: '小食同学',
          ex: '{"tag":"同事"}',
          serverex: '{"level":1}',
        }),
      ).toEqual({ code: 200 });
      const got = await post('friend/get', { accid: 'demo1', updatetime: '0' });
      expect(got).toMatchObject({
        code: 200,
        size: 1,
        friends: [
          {
            faccid: 'demo2',
            alias: '小食同学',
            ex: '{"tag":"同事"}',
            serverex: '{"level":1}',
            bidirection: true,
          },
        ],
      });
      const later = (got.friends as { updatetime: number }[])[0]!.updatetime;
      expect(await post('friend/get', { accid: 'demo1', updatetime: String(later) })).toEqual({
        code: 200,
        size: 0,
        friends: [],
      });

      expect(
        await post('friend/delete', { accid: 'demo1', faccid: 'demo2', isDeleteAlias: 'true' }),
      ).toEqual({ code: 200 });
      expect(await bob.events.next('friendaction')).toMatchObject({
        type: 'deleteFriend',
        account: 'demo1',
      });
      expect(await post('friend/get', { accid: 'demo2', updatetime: '0' })).toMatchObject({
        size: 0,
      });
      expect(await post('friend/delete', { accid: 'demo1', faccid: 'demo2' })).toMatchObject({
        code: 404,
      });
    } finally {
      await bob.nim.destroy();
    }
  });

  it('friend/add type 2 then 3: an application the other side accepts', async () => {
    const bob = await connectClient(server, 1);
    try {
      expect(
        await post('friend/add', { accid: 'demo3', faccid: 'demo2', type: '2', msg: '加个好友' }),
      ).toEqual({ code: 200 });
      expect(await bob.events.next('sysmsg')).toMatchObject({
        type: 'applyFriend',
        from: 'demo3',
        ps: '加个好友',
      });
      expect(
        await post('friend/add', {
          accid: 'demo2',
          faccid: 'demo3',
          type: '3',
          serverex: '{"via":"rest"}',
        }),
      ).toEqual({ code: 200 });
      expect(await post('friend/get', { accid: 'demo2', updatetime: '0' })).toMatchObject({
        friends: [{ faccid: 'demo3', serverex: '{"via":"rest"}' }],
      });
      // Nothing left to accept.
      expect(
        await post('friend/add', { accid: 'demo2', faccid: 'demo3', type: '4' }),
      ).toMatchObject({ code: 404 });
    } finally {
      await bob.nim.destroy();
    }
  });

  it('setSpecialRelation: the blacklist reaches the device and refuses the blocked sender', async () => {
    const bob = await connectClient(server, 1);
    try {
      const set = { accid: 'demo2', targetAcc: 'demo3', relationType: '1', value: '1' };
      expect(await post('user/setSpecialRelation', set)).toEqual({ code: 200 });
      expect(await bob.events.next('markinblacklist')).toMatchObject({
        account: 'demo3',
        isAdd: true,
      });
      expect(await post('user/setSpecialRelation', { ...set, relationType: '2' })).toEqual({
        code: 200,
      });
      expect(await post('user/listBlackAndMuteList', { accid: 'demo2' })).toEqual({
        code: 200,
        mutelist: ['demo3'],
        blacklist: ['demo3'],
      });
      const send = {
        from: 'demo3',
        ope: '0',
        to: 'demo2',
        type: '0',
        body: '{"msg":"hi"}',
      };
      expect(await post('msg/sendMsg', send)).toMatchObject({ code: 7101 });

      expect(await post('user/setSpecialRelation', { ...set, value: '0' })).toEqual({ code: 200 });
      expect(await post('user/listBlackAndMuteList', { accid: 'demo2' })).toEqual({
        code: 200,
        mutelist: ['demo3'],
        blacklist: [],
      });
      expect((await post('msg/sendMsg', send)).code).toBe(200);
    } finally {
      await bob.nim.destroy();
    }
  });

  it('user/mute refuses the account’s messages from any sender until lifted; donnop is kept', async () => {
    const bob = await connectClient(server, 1);
    try {
      expect(await post('user/mute', { accid: 'demo2', mute: 'true' })).toEqual({ code: 200 });
      await expect(
        bob.nim.sendText({ scene: 'p2p', to: 'demo1', text: '禁言中' }),
      ).rejects.toMatchObject({ code: 403 });
      const asServer = { from: 'demo2', ope: '0', to: 'demo1', type: '0', body: '{"msg":"hi"}' };
      expect(await post('msg/sendMsg', asServer)).toMatchObject({ code: 403 });
      expect(await post('user/mute', { accid: 'demo2', mute: 'false' })).toEqual({ code: 200 });
      await bob.nim.sendText({ scene: 'p2p', to: 'demo1', text: '解除了' });
      expect((await post('msg/sendMsg', asServer)).code).toBe(200);
    } finally {
      await bob.nim.destroy();
    }

    expect(await post('user/getDonnop', { accid: 'demo3' })).toEqual({
      code: 200,
      donnopOpen: false,
    });
    expect(await post('user/setDonnop', { accid: 'demo3', donnopOpen: 'true' })).toEqual({
      code: 200,
    });
    expect(await post('user/getDonnop', { accid: 'DEMO3' })).toEqual({
      code: 200,
      donnopOpen: true,
    });
    expect(await post('user/mute', { accid: 'ghost', mute: 'true' })).toEqual({
      code: 414,
      desc: 'not register: ghost',
    });
    expect(await post('user/mute', { accid: 'demo2', mute: 'yes' })).toMatchObject({ code: 414 });
  });

  it('refuses bad input with NIM codes, naming the problem', async () => {
    expect(await post('user/updateUinfo', { accid: 'ghost', name: 'x' })).toEqual({
      code: 414,
      desc: 'not register: ghost',
    });
    expect(await post('user/updateUinfo', { accid: 'demo1', gender: '3' })).toMatchObject({
      code: 414,
    });
    expect(await post('user/updateUinfo', { accid: 'demo1', email: 'no-at' })).toEqual({
      code: 414,
      desc: 'email is not valid',
    });
    expect(await post('user/updateUinfo', { accid: 'demo1' })).toEqual({
      code: 414,
      desc: 'nothing to update',
    });
    expect(await post('user/getUinfos', { accids: 'demo1' })).toMatchObject({ code: 414 });
    expect(
      await post('user/getUinfos', {
        accids: JSON.stringify(Array.from({ length: 201 }, (_, i) => `u${i}`)),
      }),
    ).toMatchObject({ code: 414 });
    expect(
      await post('user/setSpecialRelation', {
        accid: 'demo1',
        targetAcc: 'ghost',
        relationType: '1',
        value: '1',
      }),
    ).toMatchObject({ code: 404 });
    expect(await post('friend/add', { accid: 'demo1', faccid: 'demo1', type: '1' })).toMatchObject({
      code: 414,
    });
    expect(await post('friend/add', { accid: 'demo1', faccid: 'demo2', type: '5' })).toMatchObject({
      code: 414,
    });
  });
});
