// Chatroom tags as NIM's Chatroom SDK declares them (chatroom/types.d.ts `tags`,
// `notifyTargetTags`; NIMChatroomMessageInterface.d.ts `notifyTargetTags`;
// NIMChatroomInterface.d.ts `updateTags`), with members of our SDK in the same room: a message
// for a tag expression reaches only the connections whose tags match it, whichever SDK sent it;
// a member's entering reaches the members carrying all of its tags; updateTags moves a
// connection between targets. Decision 0048.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness/index.ts';
import { APP, chatroomFor, createRoom, until, type Entered } from '../chatroom/rooms.ts';
import { guardLoopback } from './loopback-guard.ts';
import {
  call,
  callForContent,
  codeOf,
  roomMembers,
  type OfficialRoom,
} from './official-chatroom-sdk.ts';

describe('chatroom tags through the official NIM Chatroom SDK', () => {
  let server: TestServer;
  let unguard: () => void;
  const { demo, officialAs, enterOurs, leave, leaveAll } = roomMembers(() => server);
  const extra: Entered[] = [];

  beforeAll(async () => {
    unguard = guardLoopback();
    server = await startTestServer({
      imAppKey: APP.appKey,
      imAppSecret: APP.secret,
      imCommandsPerSecond: 10_000,
    });
  });
  afterEach(async () => {
    await leaveAll();
    await Promise.all(extra.splice(0).map((one) => one.room.destroy()));
  });
  afterAll(async () => {
    await server?.stop();
    unguard?.();
  });

  const texts = (one: OfficialRoom) => one.msgs.filter((m) => m.type === 'text').map((m) => m.text);

  /** A fresh account of ours entered with tags (the demo accounts are three). */
  async function oursWithTags(roomId: string, accid: string, tags: string[]) {
    const { token } = await server.server.imAccounts.create({
      appKey: APP.appKey,
      accid,
      name: accid,
    });
    const one = chatroomFor(server, roomId, { account: accid, token }, { tags });
    extra.push(one);
    await one.room.connect();
    return one;
  }

  it('delivers a message for a tag only to the connections carrying it', async () => {
    const roomId = await createRoom(server);
    const owner = await enterOurs(roomId, 0);
    const vip = await officialAs(roomId, 1, { tags: ['vip'] });
    const newbie = await officialAs(roomId, 2, { tags: ['newbie'] });
    const ourVip = await oursWithTags(roomId, 'tag-vip-1', ['vip', 'beijing']);

    await owner.room.sendText({ text: '会员专享价', notifyTargetTags: 'vip' });
    await call(newbie.room, 'sendText', {
      text: '新人有礼',
      notifyTargetTags: JSON.stringify({ or: [{ tag: 'newbie' }, { tag: 'beijing' }] }),
    });
    await owner.room.sendText({ text: '大家好' });
    await until(() => {
      expect(texts(vip)).toEqual(['会员专享价', '大家好']);
      expect(ourVip.events.texts()).toEqual(['会员专享价', '新人有礼', '大家好']);
      expect(texts(newbie)).toEqual(['大家好']);
    });
    // The sender's own connection is not a target it did not name; the owner has no tags.
    expect(owner.events.texts()).toEqual([]);

    // A bad expression is NIM's 414.
    expect(
      await codeOf(call(vip.room, 'sendText', { text: 'x', notifyTargetTags: '{"xor": []}' })),
    ).toBe(414);
  });

  it('tells a member’s entering to those with all of its tags, and moves it by updateTags', async () => {
    const roomId = await createRoom(server);
    const vip = await officialAs(roomId, 1, { tags: ['vip'] });
    const newbie = await officialAs(roomId, 2, { tags: ['newbie'] });
    await oursWithTags(roomId, 'tag-vip-2', ['vip']);
    await until(() =>
      expect(
        vip.msgs.filter((m) => m.attach?.type === 'memberEnter').map((m) => m.attach?.from),
      ).toContain('tag-vip-2'),
    );
    expect(
      newbie.msgs.filter((m) => m.attach?.type === 'memberEnter').map((m) => m.attach?.from),
    ).not.toContain('tag-vip-2');

    // The newbie becomes a vip: it hears vip messages from now on, and says so to vips.
    await call(newbie.room, 'updateTags', { tags: ['vip'], needNotify: true });
    await until(() =>
      expect(vip.msgs.find((m) => m.attach?.type === 'updateChatroomTags')?.attach).toMatchObject({
        from: demo(2).accid,
        tags: ['vip'],
      }),
    );
    const owner = await enterOurs(roomId, 0);
    await owner.room.sendText({ text: '会员专享价', notifyTargetTags: '{"tag":"vip"}' });
    await until(() => expect(texts(newbie)).toContain('会员专享价'));
  });

  it('lists and counts the online members of a tag, from either SDK', async () => {
    const roomId = await createRoom(server);
    const vip = await officialAs(roomId, 1, { tags: ['vip'] });
    await officialAs(roomId, 2, { tags: ['vip', 'newbie'] });
    const ourVip = await oursWithTags(roomId, 'tag-vip-3', ['vip']);
    const owner = await enterOurs(roomId, 0);

    const listed = await call<{ members: Record<string, unknown>[] }>(
      vip.room,
      'getChatroomMembersByTag',
      { tag: 'vip', limit: 10 },
    );
    expect(listed.members.map((m) => m.account)).toEqual([
      'tag-vip-3',
      demo(2).accid,
      demo(1).accid,
    ]);
    expect(listed.members[0]).toMatchObject({ chatroomId: roomId, online: true });
    const counted = await call<{ count: number }>(vip.room, 'getChatroomMemberCountByTag', {
      tag: 'newbie',
    });
    expect(counted).toMatchObject({ count: 1 });
    expect(await owner.room.getChatroomMemberCountByTag({ tag: 'vip' })).toEqual({ count: 3 });

    // Leaving the tag, or the room, leaves its list.
    await ourVip.room.updateTags({ tags: ['newbie'] });
    await leave(vip);
    await until(async () =>
      expect(await owner.room.getChatroomMembersByTag({ tag: 'vip' })).toMatchObject({
        members: [expect.objectContaining({ account: demo(2).accid })],
      }),
    );
    expect(await owner.room.getChatroomMemberCountByTag({ tag: 'newbie' })).toEqual({ count: 2 });
    expect(await codeOf(owner.room.getChatroomMemberCountByTag({ tag: 'x'.repeat(33) }))).toBe(414);
  });

  it('mutes a tag for a while: its members stay silent, told so; others speak', async () => {
    const roomId = await createRoom(server);
    const owner = await officialAs(roomId, 0);
    const newbie = await officialAs(roomId, 1, { tags: ['newbie'] });
    const vip = await oursWithTags(roomId, 'tag-vip-4', ['vip']);

    expect(
      await codeOf(
        vip.room.updateTagMembersTempMute({ tag: 'newbie', duration: 60, needNotify: true }),
      ),
    ).toBe(403);
    const muted = await callForContent<{ time: number }>(owner.room, 'updateTagMembersTempMute', {
      tag: 'newbie',
      duration: 60,
      needNotify: true,
      custom: '请稍候',
    });
    expect(muted).toMatchObject({ time: expect.any(Number) });
    await until(() =>
      expect(newbie.msgs.find((m) => m.attach?.type === 'addTempMuteTag')?.attach).toMatchObject({
        from: demo(0).accid,
        tags: ['newbie'],
        duration: 60,
        custom: '请稍候',
      }),
    );
    expect(await codeOf(call(newbie.room, 'sendText', { text: '我能说话吗' }))).toBe(13004);
    await vip.room.sendText({ text: '会员可以' });

    await call(owner.room, 'updateTagMembersTempMute', {
      tag: 'newbie',
      duration: 0,
      needNotify: true,
    });
    await until(() =>
      expect(newbie.msgs.some((m) => m.attach?.type === 'removeTempMuteTag')).toBe(true),
    );
    await call(newbie.room, 'sendText', { text: '可以说话了' });
    await until(() => expect(vip.events.texts()).toContain('可以说话了'));
  });

  it('keeps messages under the tags their target names: history by tags from either SDK', async () => {
    const roomId = await createRoom(server);
    const owner = await enterOurs(roomId, 0);
    const vip = await officialAs(roomId, 1, { tags: ['vip'] });
    const sent = async (text: string, notifyTargetTags?: string) =>
      (await owner.room.sendText({ text, ...(notifyTargetTags && { notifyTargetTags }) })).time;
    const first = await sent('会员专享价', 'vip');
    await sent('新人有礼', JSON.stringify({ or: [{ tag: 'newbie' }, { tag: 'beijing' }] }));
    await sent('非会员福利', JSON.stringify({ not: { tag: 'vip' } }));
    await sent('大家好');
    await call(vip.room, 'sendCustomMsg', { content: '{"coupon":1}', notifyTargetTags: 'vip' });

    type History = { msgs: { type: string; text?: string; content?: string }[] };
    const byTags = (options: Record<string, unknown>) =>
      call<History>(vip.room, 'getHistoryMsgsByTags', options);
    const shown = (history: History) => history.msgs.map((m) => m.text || m.content);
    // Oldest first from fromTime; messages for `not vip` or for no tag are under no tag.
    expect(shown(await byTags({ tags: ['vip'] }))).toEqual(['会员专享价', '{"coupon":1}']);
    expect(shown(await byTags({ tags: ['vip', 'beijing'], reverse: 1 }))).toEqual([
      '{"coupon":1}',
      '新人有礼',
      '会员专享价',
    ]);
    expect(shown(await byTags({ tags: ['vip'], types: ['text'] }))).toEqual(['会员专享价']);
    expect(shown(await byTags({ tags: ['vip'], toTime: first }))).toEqual(['会员专享价']);
    expect(shown(await byTags({ tags: ['newbie'], limit: 1 }))).toEqual(['新人有礼']);
    // A toTime before fromTime: NIM's 414.
    expect(await codeOf(byTags({ tags: ['vip'], fromTime: first + 10, toTime: first }))).toBe(414);

    // Our SDK asks the same.
    const ours = await owner.room.getHistoryMsgsByTags({ tags: ['vip'], reverse: true });
    expect(ours.msgs.map((m) => m.text || m.content)).toEqual(['{"coupon":1}', '会员专享价']);
  });

  it('delivers spatial messages within each member’s distance (NIM’s coordinates)', async () => {
    const roomId = await createRoom(server);
    const owner = await enterOurs(roomId, 0);
    const near = await officialAs(roomId, 1, { loc_x: 0, loc_y: 0, loc_z: 0, distance: 10 });
    const far = await officialAs(roomId, 2, { loc_x: 100.5, loc_y: 0, loc_z: 0, distance: 10 });

    // From (3, 4, 0): 5 from the near member, about 97 from the far one.
    await owner.room.sendText({ text: '附近有优惠', location: { x: 3, y: 4, z: 0 } });
    await owner.room.sendText({ text: '全场八折' });
    await until(() => {
      expect(texts(near)).toEqual(['附近有优惠', '全场八折']);
      expect(texts(far)).toEqual(['全场八折']);
    });
    expect(near.msgs.find((m) => m.text === '附近有优惠')).toMatchObject({ x: 3, y: 4, z: 0 });

    // The far member moves close (NIM's updateCoordinate), and hears the near one's message;
    // a member of ours without a point hears it too, with the point it was sent from.
    await call(far.room, 'updateCoordinate', { x: 2, y: 0, z: 0, distance: 10 });
    await call(near.room, 'sendText', { text: '我在这', loc_x: 1, loc_y: 1.5, loc_z: 0 });
    await until(() => {
      expect(texts(far)).toContain('我在这');
      expect(owner.events.msgs.find((m) => m.text === '我在这')).toMatchObject({
        location: { x: 1, y: 1.5, z: 0 },
      });
    });
    // Only the distance: the far member hears nothing from more than 1 away.
    await call(far.room, 'updateCoordinate', { distance: 1 });
    await owner.room.sendText({ text: '远处', location: { x: 0, y: 0, z: 0 } });
    await owner.room.sendText({ text: '结束' });
    await until(() => expect(texts(far)).toContain('结束'));
    expect(texts(far)).not.toContain('远处');
    expect(
      await codeOf(call(far.room, 'updateCoordinate', { x: 0, y: 0, z: 0, distance: -1 })),
    ).toBe(414);
  });
});
