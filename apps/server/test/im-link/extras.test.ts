// Message extras with real SDK clients against the real server: quick comments, collects,
// stick-top sessions, message pins and threads; every refusal and limit (the SDK's own checks and
// the server's, sent raw), pushes to the other devices and sides, and the sync after reconnect.
// The same scenarios run on SQLite and, when it answers, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NIM,
  type ClientMsg,
  type ClientSession,
  type MsgKey,
  type MsgPin,
  type NimOptions,
  type QuickComment,
  type StickTopSession,
} from '@morsel/im-sdk';
import { forEachEngine, startTestServer, type TestServer } from '../harness/index.ts';
import { demoOptions, Events } from './clients.ts';

/** Events plus the extras callbacks (recorded through the recorder's own method). */
class ExtrasEvents extends Events {
  extras(): Partial<NimOptions> {
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        this['record'](name, args.length > 1 ? args : args[0]);
    return {
      onQuickComment: record('quickcomment'),
      onDeleteQuickComment: record('deletequickcomment'),
      onCollectChange: record('collectchange'),
      onStickTopSessions: record('sticktopsessions'),
      onupdateStickTopSession: record('updatesticktop'),
      onPinMsgChange: record('pinchange'),
    };
  }
}

type Client = { nim: NIM; events: ExtrasEvents };

async function client(
  server: TestServer,
  opened: NIM[],
  index: number,
  deviceId: string,
): Promise<Client> {
  const events = new ExtrasEvents();
  const nim = NIM.getInstance({
    ...demoOptions(server, index, { deviceId }),
    ...events.callbacks(),
    ...events.extras(),
  });
  opened.push(nim);
  await nim.connect();
  await events.next('syncdone');
  return { nim, events };
}

/** Disconnects, lets `meanwhile` change things, reconnects and waits for the sync to end. */
async function whileOffline(c: Client, meanwhile: () => Promise<void>): Promise<void> {
  await c.nim.disconnect();
  await meanwhile();
  const before = c.events.all('syncdone').length;
  await c.nim.connect();
  await c.events.until(() => c.events.all('syncdone').length > before);
}

const text = (
  nim: NIM,
  to: string,
  body: string,
  extra: Partial<Parameters<NIM['sendText']>[0]> = {},
) => nim.sendText({ scene: 'p2p', to, text: body, ...extra });
const keyOf = (m: ClientMsg) => ({
  scene: m.scene,
  from: m.from,
  to: m.to,
  idServer: m.idServer!,
  idClient: m.idClient,
  time: m.time,
});
const sessionOf = (c: Client, id: string) =>
  c.nim.getLocalSession(id) as (ClientSession & { stickTopInfo?: StickTopSession }) | undefined;

type Scenario = (server: TestServer, opened: NIM[]) => Promise<void>;

const scenarios: Record<string, Scenario> = {
  async 'quick comments: both sides are told, only participants comment, only the commenter deletes'(
    server,
    opened,
  ) {
    const a = await client(server, opened, 0, 'qc-a-phone');
    const a2 = await client(server, opened, 0, 'qc-a-tab');
    const b = await client(server, opened, 1, 'qc-b');
    const c = await client(server, opened, 2, 'qc-c');
    const msg = await text(a.nim, 'demo2', '今天的坚果好吃吗');

    const comment = await b.nim.addQuickComment({
      msg,
      body: 1,
      custom: '{"emoji":"👍"}',
      needPush: true,
      pushContent: '有人点赞',
    });
    expect(comment).toMatchObject({
      from: 'demo2',
      body: 1,
      custom: '{"emoji":"👍"}',
      needPush: true,
      pushContent: '有人点赞',
    });
    for (const side of [a, a2]) {
      const [key, got] = await side.events.next<[MsgKey, QuickComment]>('quickcomment');
      expect(key.idServer).toBe(msg.idServer);
      expect(got).toEqual(comment);
    }
    // The same body again updates my comment; a second body is a second comment.
    await b.nim.addQuickComment({ msg, body: 1, custom: 'again' });
    await a.nim.addQuickComment({ msg, body: 7 });
    const { comments } = await a.nim.getQuickComments({ msgs: [msg] });
    expect(comments).toHaveLength(1);
    expect(comments[0]!.idServer).toBe(msg.idServer);
    expect(comments[0]!.comments.map((x) => [x.from, x.body, x.custom])).toEqual([
      ['demo2', 1, 'again'],
      ['demo1', 7, undefined],
    ]);
    expect(comments[0]!.updateTime).toBeGreaterThan(0);

    // Refusals: the SDK's own, then the server's for the same parameters sent raw.
    await expect(b.nim.addQuickComment({ msg, body: 1.5 })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'body: only integers allowed',
    });
    await expect(
      b.nim.sendCmd('addQuickComment', { msg: keyOf(msg), body: 1.5 }),
    ).rejects.toMatchObject({ code: 414 });
    await expect(
      b.nim.addQuickComment({ msg: { ...msg, idServer: undefined }, body: 1 }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(a.nim.getQuickComments({ msgs: [] })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'msgs must hold 1 to 20 messages',
    });
    await expect(
      a.nim.getQuickComments({ msgs: Array.from({ length: 21 }, () => msg) }),
    ).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(
      a.nim.sendCmd('getQuickComments', { msgs: Array.from({ length: 21 }, () => keyOf(msg)) }),
    ).rejects.toMatchObject({ code: 414 });
    expect(
      (await a.nim.getQuickComments({ msgs: Array.from({ length: 20 }, () => msg) })).comments,
    ).toHaveLength(20);
    // An outsider may neither comment nor read the comments.
    await expect(c.nim.addQuickComment({ msg, body: 2 })).rejects.toMatchObject({ code: 404 });
    expect((await c.nim.getQuickComments({ msgs: [msg] })).comments).toEqual([]);
    await expect(
      c.nim.sendCmd('addQuickComment', { msg: { ...keyOf(msg), idServer: '99999999' }, body: 2 }),
    ).rejects.toMatchObject({ code: 404 });
    // a cannot delete b's comment: it is not a's.
    await expect(a.nim.deleteQuickComment({ msg, body: 1 })).rejects.toMatchObject({
      code: 404,
      message: 'quick comment not found',
    });

    await b.nim.deleteQuickComment({ msg, body: 1 });
    const [deletedKey, deleted] =
      await a2.events.next<[MsgKey, QuickComment]>('deletequickcomment');
    expect(deletedKey.idServer).toBe(msg.idServer);
    expect(deleted).toMatchObject({ from: 'demo2', body: 1 });
    expect(
      (await b.nim.getQuickComments({ msgs: [msg] })).comments[0]!.comments.map((x) => x.body),
    ).toEqual([7]);
    await expect(b.nim.deleteQuickComment({ msg, body: 1 })).rejects.toMatchObject({ code: 404 });

    // Offline, then the sync: a comment added and one removed meanwhile are replayed.
    await whileOffline(a2, async () => {
      await b.nim.addQuickComment({ msg, body: 3 });
      await a.nim.deleteQuickComment({ msg, body: 7 });
    });
    const replayed = a2.events.all<[MsgKey, QuickComment]>('quickcomment').map(([, x]) => x.body);
    expect(replayed).toContain(3);
    expect(
      a2.events.all<[MsgKey, QuickComment]>('deletequickcomment').map(([, x]) => x.body),
    ).toContain(7);
    // A new device gets the comments that stand.
    const fresh = await client(server, opened, 0, 'qc-a-new');
    expect(
      fresh.events
        .all<[MsgKey, QuickComment]>('quickcomment')
        .filter(([k]) => k.idServer === msg.idServer)
        .map(([, x]) => x.body),
    ).toEqual([3]);
  },

  async 'collects: one account each, uniqueId dedupes, paging and limits, other devices told'(
    server,
    opened,
  ) {
    const a = await client(server, opened, 0, 'col-a-phone');
    const a2 = await client(server, opened, 0, 'col-a-tab');
    const b = await client(server, opened, 1, 'col-b');

    await expect(a.nim.addCollect({ type: 1.5, data: 'x' })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'type: only integers allowed',
    });
    await expect(a.nim.sendCmd('addCollect', { type: 1.5, data: 'x' })).rejects.toMatchObject({
      code: 414,
    });

    const first = await a.nim.addCollect({
      type: 1,
      data: '{"goods":"坚果"}',
      custom: 'c',
      uniqueId: 'goods-1',
    });
    expect(first).toMatchObject({
      type: 1,
      data: '{"goods":"坚果"}',
      custom: 'c',
      uniqueId: 'goods-1',
    });
    expect(first.createTime).toBe(first.updateTime);
    const told = await a2.events.next<{ type: string; collects: { id: string }[] }>(
      'collectchange',
    );
    expect(told).toMatchObject({ type: 'add', collects: [{ id: first.id }] });
    const again = await a.nim.addCollect({ type: 1, data: 'other', uniqueId: 'goods-1' });
    expect(again).toEqual(first);

    const more = [];
    for (let i = 0; i < 4; i++)
      more.push(await a.nim.addCollect({ type: i % 2 === 0 ? 2 : 3, data: `item ${i}` }));
    const all = await a.nim.getCollects();
    expect(all.total).toBe(5);
    expect(all.collects.map((x) => x.id)).toEqual(
      [...more]
        .reverse()
        .map((x) => x.id)
        .concat(first.id),
    );
    const page1 = await a.nim.getCollects({ limit: 2 });
    const page2 = await a.nim.getCollects({ limit: 2, lastId: page1.collects[1]!.id });
    expect([...page1.collects, ...page2.collects].map((x) => x.id)).toEqual(
      all.collects.slice(0, 4).map((x) => x.id),
    );
    expect((await a.nim.getCollects({ reverse: true, limit: 1 })).collects[0]!.id).toBe(first.id);
    expect((await a.nim.getCollects({ type: 2 })).collects.map((x) => x.data)).toEqual([
      'item 2',
      'item 0',
    ]);
    // Collects made in the same millisecond share a time, so the expected set is computed from the times.
    const [from, to] = [more[1]!.createTime, more[2]!.createTime];
    const inRange = [first, ...more]
      .filter((x) => x.createTime >= from && x.createTime <= to)
      .reverse()
      .map((x) => x.data);
    expect(
      (await a.nim.getCollects({ beginTime: from, endTime: to })).collects.map((x) => x.data),
    ).toEqual(inRange);
    expect(inRange).toEqual(expect.arrayContaining(['item 2', 'item 1']));
    expect((await b.nim.getCollects()).total).toBe(0);

    await expect(a.nim.getCollects({ limit: 101 })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'limit must be 1 to 100',
    });
    await expect(a.nim.sendCmd('getCollects', { limit: 101 })).rejects.toMatchObject({ code: 414 });
    await expect(a.nim.getCollects({ beginTime: 200, endTime: 100 })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'beginTime must not be after endTime',
    });
    await expect(
      a.nim.sendCmd('getCollects', { beginTime: 200, endTime: 100 }),
    ).rejects.toMatchObject({ code: 414, message: 'beginTime must not be after endTime' });

    // Another account's collect is "not found", and a mixed selection deletes nothing.
    await expect(b.nim.updateCollect({ id: first.id, custom: 'mine now' })).rejects.toMatchObject({
      code: 404,
    });
    await expect(b.nim.deleteCollects({ collectList: [{ id: first.id }] })).rejects.toMatchObject({
      code: 404,
    });
    await expect(
      a.nim.deleteCollects({ collectList: [{ id: first.id }, { id: '99999999' }] }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      a.nim.deleteCollects({ collectList: [{ id: first.id, createTime: first.createTime + 1 }] }),
    ).rejects.toMatchObject({ code: 404 });
    expect((await a.nim.getCollects()).total).toBe(5);
    await expect(a.nim.deleteCollects({ collectList: [] })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'collectList must hold 1 to 100 collects',
    });
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ id: String(i + 1) }));
    await expect(a.nim.deleteCollects({ collectList: tooMany })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(a.nim.sendCmd('deleteCollects', { collectList: tooMany })).rejects.toMatchObject({
      code: 414,
    });

    const updated = await a.nim.updateCollect({
      id: first.id,
      createTime: first.createTime,
      custom: '已购',
    });
    expect(updated).toMatchObject({ id: first.id, custom: '已购', createTime: first.createTime });
    expect(updated.updateTime).toBeGreaterThanOrEqual(first.updateTime);
    const changes = () =>
      a2.events.all<{ type: string; collects: { id: string; custom?: string }[] }>('collectchange');
    await a2.events.until(() => changes().some((x) => x.type === 'update'));
    expect(changes().map((x) => x.type)).toEqual(['add', 'add', 'add', 'add', 'add', 'update']);
    expect(changes().at(-1)).toMatchObject({
      type: 'update',
      collects: [{ id: first.id, custom: '已购' }],
    });

    expect(
      await a.nim.deleteCollects({
        collectList: [{ id: first.id, createTime: first.createTime }, { id: more[0]!.id }],
      }),
    ).toEqual({ deleteCount: 2 });
    await a2.events.until(() => changes().some((x) => x.type === 'delete'));
    const removed = changes().at(-1)!;
    expect(removed.type).toBe('delete');
    expect(removed.collects.map((x) => x.id).sort()).toEqual([first.id, more[0]!.id].sort());
    expect((await a.nim.getCollects()).total).toBe(3);
  },

  async 'stick-top sessions: kept on the local session, told to other devices, synced after reconnect'(
    server,
    opened,
  ) {
    const a = await client(server, opened, 0, 'top-a-phone');
    const a2 = await client(server, opened, 0, 'top-a-tab');
    await text(a.nim, 'demo2', 'hello');
    await a2.events.until(() => Boolean(a2.nim.getLocalSession('p2p-demo2')));

    for (const id of ['foo-bar', 'p2pdemo2', '']) {
      await expect(a.nim.addStickTopSession({ id })).rejects.toMatchObject({
        code: 'Param_Error',
        message: 'id must be scene-id with a valid scene (p2p, team or superTeam)',
      });
    }
    await expect(a.nim.sendCmd('addStickTopSession', { id: 'foo-bar' })).rejects.toMatchObject({
      code: 414,
    });
    await expect(a.nim.sendCmd('deleteStickTopSession', { id: 'p2pdemo2' })).rejects.toMatchObject({
      code: 414,
    });

    const top = await a.nim.addStickTopSession({ id: 'p2p-demo2', topCustom: '常买' });
    expect(top).toMatchObject({ id: 'p2p-demo2', topCustom: '常买' });
    expect(sessionOf(a, 'p2p-demo2')).toMatchObject({ isTop: true, topCustom: '常买' });
    expect(await a2.events.next('updatesticktop')).toMatchObject({
      id: 'p2p-demo2',
      topCustom: '常买',
      isTop: true,
    });
    expect(sessionOf(a2, 'p2p-demo2')).toMatchObject({
      isTop: true,
      topCustom: '常买',
      lastMsg: { text: 'hello' },
    });

    // Adding again keeps the creation time; update changes the text on every device.
    const readded = await a.nim.addStickTopSession({ id: 'p2p-demo2', topCustom: '常买' });
    expect(readded.createTime).toBe(top.createTime);
    await a2.nim.updateStickTopSession({ id: 'p2p-demo2', topCustom: '最常买' });
    await a.events.until(() => sessionOf(a, 'p2p-demo2')?.topCustom === '最常买');
    expect(await a.nim.getStickTopSessions()).toEqual([
      expect.objectContaining({ id: 'p2p-demo2', topCustom: '最常买', createTime: top.createTime }),
    ]);
    await expect(
      a.nim.updateStickTopSession({ id: 'p2p-demo3', topCustom: 'x' }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(a.nim.deleteStickTopSession({ id: 'p2p-demo3' })).rejects.toMatchObject({
      code: 404,
    });

    await a.nim.deleteStickTopSession({ id: 'p2p-demo2' });
    expect(sessionOf(a, 'p2p-demo2')?.isTop).toBe(false);
    await a2.events.until(() => sessionOf(a2, 'p2p-demo2')?.isTop === false);
    expect(sessionOf(a2, 'p2p-demo2')?.topCustom).toBeUndefined();
    expect(await a2.nim.getStickTopSessions()).toEqual([]);

    // Offline changes arrive with the sync; a session with no message yet shows on top too.
    await whileOffline(a2, async () => {
      await a.nim.addStickTopSession({ id: 'p2p-demo3', topCustom: '客服' });
      await a.nim.addStickTopSession({ id: 'p2p-demo2' });
      await a.nim.deleteStickTopSession({ id: 'p2p-demo2' });
    });
    const lists = a2.events.all<StickTopSession[]>('sticktopsessions');
    expect(lists.at(-1)!.map((s) => s.id)).toEqual(['p2p-demo3']);
    expect(sessionOf(a2, 'p2p-demo3')).toMatchObject({
      isTop: true,
      topCustom: '客服',
      scene: 'p2p',
      to: 'demo3',
    });
    expect(sessionOf(a2, 'p2p-demo2')?.isTop).toBe(false);
    const fresh = await client(server, opened, 0, 'top-a-new');
    expect((await fresh.nim.getStickTopSessions()).map((s) => s.id)).toEqual(['p2p-demo3']);
    expect(sessionOf(fresh, 'p2p-demo3')?.isTop).toBe(true);
    // Another account's list is its own.
    const b = await client(server, opened, 1, 'top-b');
    expect(await b.nim.getStickTopSessions()).toEqual([]);
  },

  async 'message pins: participants pin once, both sides told, listed with messages, synced'(
    server,
    opened,
  ) {
    const a = await client(server, opened, 0, 'pin-a');
    const b = await client(server, opened, 1, 'pin-b');
    const c = await client(server, opened, 2, 'pin-c');
    const msg = await text(a.nim, 'demo2', '本周会员日');

    const pin = await b.nim.addMsgPin({ msg, pinCustom: '置顶公告' });
    expect(pin).toMatchObject({
      pinFrom: 'demo2',
      pinCustom: '置顶公告',
      msg: { idServer: msg.idServer },
    });
    expect(await a.events.next('pinchange')).toMatchObject({
      type: 'add',
      pin: { pinFrom: 'demo2', msg: { idServer: msg.idServer } },
    });
    await expect(a.nim.addMsgPin({ msg })).rejects.toMatchObject({ code: 417 });
    await expect(c.nim.addMsgPin({ msg })).rejects.toMatchObject({ code: 404 });
    await expect(c.nim.getMsgPins({ id: 'p2p-demo1' }).then((r) => r.pins)).resolves.toEqual([]);
    await expect(a.nim.addMsgPin({ msg: { ...msg, idServer: undefined } })).rejects.toMatchObject({
      code: 'Param_Error',
    });

    const updated = await a.nim.updateMsgPin({ msg, pinCustom: '改了' });
    expect(updated).toMatchObject({
      pinFrom: 'demo2',
      pinCustom: '改了',
      createTime: pin.createTime,
    });
    expect(await b.events.next('pinchange')).toMatchObject({
      type: 'update',
      pin: { pinCustom: '改了' },
    });

    const { pins } = await b.nim.getMsgPins({ id: 'p2p-demo1' });
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({
      pinCustom: '改了',
      message: { text: '本周会员日', idServer: msg.idServer, flow: 'in' },
    });
    await expect(b.nim.getMsgPins({ id: 'demo1' })).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(b.nim.sendCmd('getMsgPins', { sessionId: 'chat-demo1' })).rejects.toMatchObject({
      code: 414,
    });

    await a.nim.deleteMsgPin({ msg });
    expect(await b.events.next('pinchange')).toMatchObject({
      type: 'delete',
      pin: { msg: { idServer: msg.idServer } },
    });
    await expect(a.nim.deleteMsgPin({ msg })).rejects.toMatchObject({ code: 404 });
    await expect(a.nim.updateMsgPin({ msg, pinCustom: 'x' })).rejects.toMatchObject({ code: 404 });
    expect((await a.nim.getMsgPins({ id: 'p2p-demo2' })).pins).toEqual([]);

    // Pinned again after removal, and changes made while offline reach b with the sync.
    const other = await text(a.nim, 'demo2', '第二条');
    await whileOffline(b, async () => {
      await a.nim.addMsgPin({ msg });
      await a.nim.addMsgPin({ msg: other });
      await a.nim.deleteMsgPin({ msg: other });
    });
    const synced = b.events.all<{ type: string; pin: MsgPin }>('pinchange').slice(-2);
    expect(synced.map((x) => `${x.type} ${x.pin.msg.idServer}`).sort()).toEqual(
      [`add ${msg.idServer}`, `delete ${other.idServer}`].sort(),
    );
    const fresh = await client(server, opened, 1, 'pin-b-new');
    expect(
      fresh.events
        .all<{ type: string; pin: MsgPin }>('pinchange')
        .map((x) => [x.type, x.pin.msg.idServer]),
    ).toEqual([['add', msg.idServer]]);
  },

  async 'threads: the root and a page of its replies, with limits and paging'(server, opened) {
    const a = await client(server, opened, 0, 'th-a');
    const b = await client(server, opened, 1, 'th-b');
    const c = await client(server, opened, 2, 'th-c');
    const root = await text(a.nim, 'demo2', '活动规则请看这里');
    const ref = {
      from: root.from,
      to: root.to,
      time: root.time,
      idServer: root.idServer!,
      idClient: root.idClient,
    };
    const replies = [
      await text(b.nim, 'demo1', '回复一', { threadMsg: ref, replyMsg: ref }),
      await text(a.nim, 'demo2', '回复二', { threadMsg: ref }),
      await text(b.nim, 'demo1', '回复三', { threadMsg: ref }),
    ];
    await text(a.nim, 'demo2', '不在主题里');

    const all = await b.nim.getThreadMsgs({ threadMsg: root });
    expect(all.threadMsg).toMatchObject({ idServer: root.idServer, text: '活动规则请看这里' });
    expect(all.msgs.map((m) => m.text)).toEqual(['回复三', '回复二', '回复一']);
    expect(all.total).toBe(3);
    expect(all.timetag).toBe(replies[2]!.time);

    const page1 = await b.nim.getThreadMsgs({ threadMsg: root, limit: 2, reverse: true });
    expect(page1.msgs.map((m) => m.text)).toEqual(['回复一', '回复二']);
    const page2 = await b.nim.getThreadMsgs({
      threadMsg: root,
      limit: 2,
      reverse: true,
      beginTime: page1.msgs[1]!.time,
      lastMsgId: page1.msgs[1]!.idServer,
    });
    expect(page2.msgs.map((m) => m.text)).toEqual(['回复三']);
    expect(page2.total).toBe(3);
    const flat = await a.nim.getThreadMsgs({
      scene: 'p2p',
      threadMsgFromAccount: root.from,
      threadMsgToAccount: root.to,
      threadMsgIdServer: root.idServer!,
      threadMsgTime: root.time,
      limit: 1,
    });
    expect(flat.msgs.map((m) => m.text)).toEqual(['回复三']);

    await expect(b.nim.getThreadMsgs({ threadMsg: root, limit: 101 })).rejects.toMatchObject({
      code: 'Param_Error',
      message: 'limit must be 1 to 100',
    });
    await expect(
      b.nim.sendCmd('getThreadMsgs', { threadMsg: keyOf(root), limit: 101 }),
    ).rejects.toMatchObject({ code: 414 });
    await expect(
      b.nim.getThreadMsgs({ threadMsg: root, beginTime: 200, endTime: 200 }),
    ).rejects.toMatchObject({ code: 'Param_Error', message: 'endTime must be after beginTime' });
    await expect(
      b.nim.sendCmd('getThreadMsgs', { threadMsg: keyOf(root), beginTime: 200, endTime: 100 }),
    ).rejects.toMatchObject({ code: 414, message: 'endTime must be after beginTime' });
    await expect(b.nim.getThreadMsgs({ limit: 5 })).rejects.toMatchObject({ code: 'Param_Error' });
    await expect(c.nim.getThreadMsgs({ threadMsg: root })).rejects.toMatchObject({ code: 404 });

    // A recalled reply leaves the thread.
    await b.nim.deleteMsg({ msg: replies[2]! });
    const after = await a.nim.getThreadMsgs({ threadMsg: root });
    expect(after.msgs.map((m) => m.text)).toEqual(['回复二', '回复一']);
    expect(after.total).toBe(2);
  },
};

function runAll(
  label: string,
  start: () => Promise<{ server: TestServer; stop: () => Promise<void> }>,
) {
  describe(label, () => {
    let server: TestServer;
    let stop: () => Promise<void>;
    const opened: NIM[] = [];
    beforeAll(async () => {
      ({ server, stop } = await start());
    });
    afterAll(async () => {
      await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
      await stop?.();
    });
    for (const [name, scenario] of Object.entries(scenarios)) {
      it(name, async () => {
        try {
          await scenario(server, opened);
        } finally {
          await Promise.all(opened.splice(0).map((nim) => nim.destroy()));
        }
      });
    }
  });
}

await forEachEngine((engine) =>
  runAll(`message extras on ${engine.label}`, async () => {
    const database = await engine.freshDatabase();
    const server = await startTestServer({ ...database.config, imCommandsPerSecond: 10_000 });
    return {
      server,
      stop: async () => {
        await server.stop();
        await database.drop();
      },
    };
  }),
);
