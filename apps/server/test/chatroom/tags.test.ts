// Chatroom tags on both store engines, through our SDK (decision 0048): a message for a tag
// reaches only its connections, members are listed and counted by tag, and a tag's temporary
// mute silences its members; history by tags. The official NIM Chatroom SDK's side: test/nim/official-chatroom-tags.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImError } from '@morsel/protocol';
import { forEachEngine, startTestServer, type TestServer } from '../harness/index.ts';
import { APP, chatroomFor, createRoom, until, type Entered } from './rooms.ts';

await forEachEngine('chatroom tags', (engine) => {
  let server: TestServer;
  let drop: () => Promise<void>;
  const entered: Entered[] = [];

  beforeAll(async () => {
    const database = await engine.freshDatabase();
    drop = database.drop;
    server = await startTestServer({
      ...database.config,
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCommandsPerSecond: 10_000,
    });
  });
  afterAll(async () => {
    await Promise.all(entered.map((one) => one.room.destroy()));
    await server?.stop();
    await drop?.();
  });

  async function enter(roomId: string, index: number, tags?: string[]) {
    const { accid, token } = server.server.seeded.demoAccounts[index]!;
    const one = chatroomFor(server, roomId, { account: accid, token }, tags ? { tags } : {});
    entered.push(one);
    await one.room.connect();
    return one;
  }

  it('targets, lists, counts and mutes by tag', async () => {
    const roomId = await createRoom(server);
    const owner = await enter(roomId, 0);
    const vip = await enter(roomId, 1, ['vip']);
    const newbie = await enter(roomId, 2, ['newbie', 'vip']);

    await owner.room.sendText({ text: '只给新人', notifyTargetTags: 'newbie' });
    await owner.room.sendText({ text: '所有人' });
    await until(() => {
      expect(vip.events.texts()).toEqual(['所有人']);
      expect(newbie.events.texts()).toEqual(['只给新人', '所有人']);
    });

    expect(await owner.room.getChatroomMemberCountByTag({ tag: 'vip' })).toEqual({ count: 2 });
    const listed = await owner.room.getChatroomMembersByTag({ tag: 'newbie' });
    expect(listed.members.map((m) => m.account)).toEqual(['demo3']);

    await owner.room.updateTagMembersTempMute({ tag: 'newbie', duration: 60, needNotify: false });
    const refused = await newbie.room.sendText({ text: '说不了' }).catch((e: ImError) => e.code);
    expect(refused).toBe(13004);
    await vip.room.sendText({ text: '会员说话' });
    await until(() => expect(owner.events.texts()).toContain('会员说话'));
    await owner.room.updateTagMembersTempMute({ tag: 'newbie', duration: 0, needNotify: false });
    await newbie.room.sendText({ text: '又能说了' });
    await until(() => expect(owner.events.texts()).toContain('又能说了'));
  });

  it('answers history by tags, oldest first or newest first, by type and time', async () => {
    const roomId = await createRoom(server);
    const owner = await enter(roomId, 0);
    const first = await owner.room.sendText({ text: '会员价', notifyTargetTags: 'vip' });
    await owner.room.sendCustomMsg({ content: '{"a":1}', notifyTargetTags: '{"or":["vip","x"]}' });
    await owner.room.sendText({ text: '不是会员', notifyTargetTags: '{"not":"vip"}' });
    await owner.room.sendText({ text: '所有人' });
    const shown = async (options: Parameters<typeof owner.room.getHistoryMsgsByTags>[0]) =>
      (await owner.room.getHistoryMsgsByTags(options)).msgs.map((m) => m.text ?? m.content);
    expect(await shown({ tags: ['vip'] })).toEqual(['会员价', '{"a":1}']);
    expect(await shown({ tags: ['x', 'vip'], reverse: true, limit: 1 })).toEqual(['{"a":1}']);
    expect(await shown({ tags: ['vip'], types: ['custom'] })).toEqual(['{"a":1}']);
    expect(await shown({ tags: ['vip'], toTime: first.time })).toEqual(['会员价']);
    const refused = await owner.room
      .getHistoryMsgsByTags({ tags: ['vip'], fromTime: first.time + 1, toTime: first.time })
      .catch((e: ImError) => e.code);
    expect(refused).toBe(414);
  });
});
