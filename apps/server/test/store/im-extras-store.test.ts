// The message extras' store modules (collects, quick comments, pins, stick-top sessions, thread
// replies), each named function on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, type Store } from '../../src/store/index.ts';
import { insertMessage, type StoredBody } from '../../src/im/messaging/index.ts';
import * as collects from '../../src/im/extras/store/collects-store.ts';
import * as comments from '../../src/im/extras/store/comments-store.ts';
import * as pins from '../../src/im/extras/store/pins-store.ts';
import * as stickTop from '../../src/im/extras/store/stick-top-store.ts';
import { threadReplies } from '../../src/im/extras/store/threads-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'extrasStoreApp';
const CONV = 'p2p:ann|bob';

async function send(store: Store, idClient: string, now: number, threadRoot?: number) {
  const body: StoredBody = {
    scene: 'p2p',
    to: 'bob',
    type: 0,
    text: idClient,
    idClient,
    from: 'ann',
    fromNick: '',
    fromClientType: 16,
    fromDeviceId: 'd',
    ...(threadRoot !== undefined && {
      threadMsg: {
        from: 'ann',
        to: 'bob',
        idServer: String(threadRoot),
        idClient: 'root',
        time: 1,
      },
    }),
  };
  const refs = [
    { accid: 'ann', sessionId: 'p2p-bob', peer: 'bob' },
    { accid: 'bob', sessionId: 'p2p-ann', peer: 'ann' },
  ];
  const sessions = { scene: 'p2p' as const, refs };
  return (await insertMessage(store.db, { appKey: APP, convKey: CONV, body, now, sessions })).id;
}

await forEachEngine('IM extras store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('collects', () => {
    const collect = (accid: string, uniqueId: string | null): collects.NewCollect => ({
      appKey: APP,
      accid,
      type: 1,
      data: 'd',
      custom: null,
      uniqueId,
    });

    it('adds within the quota only, and refuses a second uniqueId', async () => {
      const first = await collects.insertCollectWithinQuota(store.db, collect('q', 'u1'), 2, 10);
      expect(first).toMatchObject({ accid: 'q', unique_id: 'u1', create_time: 10 });
      await collects.insertCollectWithinQuota(store.db, collect('q', null), 2, 11);
      expect(await collects.insertCollectWithinQuota(store.db, collect('q', null), 2, 12)).toBe(
        undefined,
      );
      const again = collects.insertCollectWithinQuota(store.db, collect('q', 'u1'), 9, 13);
      await expect(again).rejects.toSatisfy(isUniqueViolation);
      expect((await collects.collectByUniqueId(store.db, APP, 'q', 'u1'))?.id).toBe(first!.id);
      expect(await collects.collectByUniqueId(store.db, APP, 'other', 'u1')).toBeUndefined();
    });

    it('pages newest first after an anchor, with the total, and reverses', async () => {
      const ids: number[] = [];
      for (const t of [100, 200, 200, 300])
        ids.push(
          Number((await collects.insertCollectWithinQuota(store.db, collect('p', null), 9, t))!.id),
        );
      const page = await collects.collectPage(store.db, APP, 'p', { reverse: false, limit: 2 });
      expect(page.total).toBe(4);
      expect(page.rows.map((r) => Number(r.id))).toEqual([ids[3], ids[2]]);
      const next = await collects.collectPage(store.db, APP, 'p', {
        reverse: false,
        limit: 5,
        afterId: ids[2],
      });
      expect(next.rows.map((r) => Number(r.id))).toEqual([ids[1], ids[0]]);
      const bounded = await collects.collectPage(store.db, APP, 'p', {
        reverse: true,
        limit: 5,
        beginTime: 200,
        endTime: 0,
      });
      expect(bounded.total).toBe(3);
      expect(bounded.rows.map((r) => Number(r.id))).toEqual([ids[1], ids[2], ids[3]]);
      const none = await collects.collectPage(store.db, APP, 'nobody', {
        reverse: false,
        limit: 5,
      });
      expect(none).toEqual({ rows: [], total: 0 });
    });

    it('reads, updates and deletes only the account’s own collects', async () => {
      const row = await collects.insertCollectWithinQuota(store.db, collect('d', null), 9, 50);
      const id = Number(row!.id);
      expect(await collects.collectsByIds(store.db, APP, 'e', [id])).toEqual([]);
      expect(await collects.collectsByIds(store.db, APP, 'd', [])).toEqual([]);
      const target = { appKey: APP, accid: 'd', id };
      expect(
        await collects.updateCollectCustom(store.db, { ...target, createTime: 49 }, 'c', 60),
      ).toBeUndefined();
      expect(await collects.updateCollectCustom(store.db, target, 'c', 60)).toMatchObject({
        custom: 'c',
        update_time: 60,
      });
      expect(await collects.deleteCollects(store.db, APP, 'e', [id])).toBe(0);
      expect(await collects.deleteCollects(store.db, APP, 'd', [])).toBe(0);
      expect(await collects.deleteCollects(store.db, APP, 'd', [id])).toBe(1);
      expect(await collects.collectsByIds(store.db, APP, 'd', [id])).toEqual([]);
    });
  });

  describe('quick comments', () => {
    it('adds, updates, deletes the commenter’s own comment and syncs the changes', async () => {
      const messageId = await send(store, 'comment-1', 1_000);
      const comment = {
        appKey: APP,
        messageId,
        convKey: CONV,
        from: 'bob',
        body: 7,
        custom: null,
        pushOptions: null,
      };
      await comments.putComment(store.db, comment, 2_000);
      await comments.putComment(store.db, { ...comment, custom: 'again' }, 2_100);
      const live = await comments.liveComments(store.db, APP, messageId);
      expect(live.map((c) => [c.from_accid, Number(c.body), c.custom])).toEqual([
        ['bob', 7, 'again'],
      ]);
      const target = { appKey: APP, messageId, from: 'ann', body: 7 };
      expect(await comments.markCommentDeleted(store.db, target, 2_200)).toBeUndefined();
      const deleted = await comments.markCommentDeleted(
        store.db,
        { ...target, from: 'bob' },
        2_300,
      );
      expect(deleted).toMatchObject({ from_accid: 'bob', custom: 'again' });
      expect(await comments.liveComments(store.db, APP, messageId)).toEqual([]);

      const query = { since: 2_000, liveOnly: false, limit: 10 };
      const changes = await comments.commentsChangedSince(store.db, APP, 'ann', query);
      expect(changes.map((c) => [Number(c.id), Number(c.deleted), c.msg_from])).toEqual([
        [messageId, 1, 'ann'],
      ]);
      const liveOnly = { ...query, liveOnly: true };
      expect(await comments.commentsChangedSince(store.db, APP, 'ann', liveOnly)).toEqual([]);
      expect(await comments.commentsChangedSince(store.db, APP, 'stranger', query)).toEqual([]);
    });
  });

  describe('pins', () => {
    it('pins once, updates, unpins to a tombstone and revives it', async () => {
      const messageId = await send(store, 'pin-1', 3_000);
      expect(await pins.pinOf(store.db, APP, messageId)).toBeUndefined();
      const pin = { appKey: APP, messageId, convKey: CONV, from: 'ann', custom: null };
      await pins.pinUnlessPinned(store.db, pin, 3_100);
      await pins.pinUnlessPinned(store.db, { ...pin, from: 'bob' }, 3_200);
      expect(await pins.pinOf(store.db, APP, messageId)).toMatchObject({
        pin_from: 'ann',
        create_time: 3_100,
      });
      expect(await pins.updatePinCustom(store.db, APP, messageId, 'x', 3_300)).toMatchObject({
        pin_custom: 'x',
      });
      expect(await pins.markPinDeleted(store.db, APP, messageId, 3_400)).toMatchObject({
        deleted: 1,
      });
      expect(await pins.markPinDeleted(store.db, APP, messageId, 3_500)).toBeUndefined();
      expect(await pins.updatePinCustom(store.db, APP, messageId, 'y', 3_500)).toBeUndefined();
      const changes = await pins.pinsChangedSince(store.db, APP, 'bob', {
        since: 3_000,
        liveOnly: false,
        limit: 10,
      });
      expect(changes.map((p) => [Number(p.id), Number(p.deleted)])).toEqual([[messageId, 1]]);
      expect(await pins.conversationPins(store.db, { appKey: APP, accid: 'bob' }, CONV, 0)).toEqual(
        [],
      );
      await pins.pinUnlessPinned(store.db, { ...pin, from: 'bob' }, 3_600);
      const standing = await pins.conversationPins(
        store.db,
        { appKey: APP, accid: 'bob' },
        CONV,
        0,
      );
      expect(standing.map((p) => [Number(p.id), p.pin_from])).toEqual([[messageId, 'bob']]);
      const later = await pins.conversationPins(
        store.db,
        { appKey: APP, accid: 'bob' },
        CONV,
        3_001,
      );
      expect(later).toEqual([]);
    });
  });

  describe('stick-top sessions', () => {
    it('puts on top keeping createTime, updates, removes and replays changes', async () => {
      const key = { appKey: APP, accid: 'ann', sessionId: 'p2p-bob' };
      expect(await stickTop.updateStickTop(store.db, key, 'x', 1)).toBeUndefined();
      expect(await stickTop.putStickTop(store.db, key, null, 10)).toMatchObject({
        create_time: 10,
        deleted: 0,
      });
      expect(await stickTop.putStickTop(store.db, key, 'c', 20)).toMatchObject({
        create_time: 10,
        update_time: 20,
        top_custom: 'c',
      });
      expect(await stickTop.updateStickTop(store.db, key, 'd', 30)).toMatchObject({
        top_custom: 'd',
      });
      expect(await stickTop.markStickTopDeleted(store.db, key, 40)).toMatchObject({ deleted: 1 });
      expect(await stickTop.markStickTopDeleted(store.db, key, 41)).toBeUndefined();
      const all = { since: 0, liveOnly: false, limit: 10 };
      expect(await stickTop.stickTopsChangedSince(store.db, APP, 'ann', all)).toHaveLength(1);
      const live = { ...all, liveOnly: true };
      expect(await stickTop.stickTopsChangedSince(store.db, APP, 'ann', live)).toEqual([]);
      expect(await stickTop.putStickTop(store.db, key, null, 50)).toMatchObject({
        create_time: 50,
      });
    });
  });

  describe('thread replies', () => {
    it('pages a thread’s replies with their count and newest time', async () => {
      const root = await send(store, 'root-1', 5_000);
      const replies = [
        await send(store, 'reply-1', 5_100, root),
        await send(store, 'reply-2', 5_200, root),
      ];
      await send(store, 'not-a-reply', 5_300);
      const reader = { appKey: APP, accid: 'bob' };
      const rootRef = { id: root, convKey: CONV, time: 5_000 };
      const page = await threadReplies(store.db, reader, rootRef, { reverse: false, limit: 1 });
      expect(page.total).toBe(2);
      expect(page.rows.map((r) => Number(r.id))).toEqual([replies[1]]);
      expect(Number(page.latest)).toBe(5_200);
      const rest = await threadReplies(store.db, reader, rootRef, {
        reverse: true,
        limit: 5,
        excludeId: replies[0],
      });
      expect(rest.rows.map((r) => Number(r.id))).toEqual([replies[1]]);
      const none = await threadReplies(
        store.db,
        reader,
        { ...rootRef, id: replies[1]! },
        {
          reverse: false,
          limit: 5,
        },
      );
      expect(none).toEqual({ rows: [], total: 0, latest: undefined });
    });
  });
});
