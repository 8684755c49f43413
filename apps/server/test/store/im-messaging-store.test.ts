// The messaging feature's store modules (session rows, recalls and one-way deletes, receipts,
// reads by id and for the offline sync), each named function on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/index.ts';
import { insertMessage, type StoredBody } from '../../src/im/messaging/index.ts';
import {
  getSessionRow,
  clearSessionBefore,
  markSessionsDeleted,
  openSessionRow,
  setSessionExt,
  touchSession,
} from '../../src/im/messaging/session-store.ts';
import { p2pMessagesOf, visibleMessagesByIds } from '../../src/im/messaging/message-store.ts';
import * as deletes from '../../src/im/messaging/deletes-store.ts';
import { peerReceiptsSince, saveReceipt } from '../../src/im/messaging/receipt-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'msgStoreApp';
const convOf = (a: string, b: string) => (a < b ? `p2p:${a}|${b}` : `p2p:${b}|${a}`);

async function send(store: Store, from: string, to: string, idClient: string, now: number) {
  const body: StoredBody = {
    scene: 'p2p',
    to,
    type: 0,
    text: idClient,
    idClient,
    from,
    fromNick: '',
    fromClientType: 16,
    fromDeviceId: 'd',
  };
  const refs = [
    { accid: from, sessionId: `p2p-${to}`, peer: to },
    { accid: to, sessionId: `p2p-${from}`, peer: from },
  ];
  const sessions = { scene: 'p2p' as const, refs };
  return insertMessage(store.db, { appKey: APP, convKey: convOf(from, to), body, now, sessions });
}

await forEachEngine('IM messaging store', (engine) => {
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

  const place = (accid: string, sessionId: string) => ({
    appKey: APP,
    accid,
    sessionId,
    convKey: `superTeam:${sessionId}`,
    scene: 'superTeam',
    peer: sessionId.slice('superTeam-'.length),
  });
  const row = (accid: string, sessionId: string) => getSessionRow(store.db, APP, accid, sessionId);

  describe('session rows', () => {
    it('opens a row once; opening it again leaves it as it is', async () => {
      await openSessionRow(store.db, place('ann', 'superTeam-1'), 10);
      expect(await row('ann', 'superTeam-1')).toMatchObject({ ack: 0, updated_at: 10, deleted: 0 });
      await setSessionExt(store.db, APP, 'ann', 'superTeam-1', 'x', 11);
      await openSessionRow(store.db, place('ann', 'superTeam-1'), 20);
      expect(await row('ann', 'superTeam-1')).toMatchObject({ ext: 'x', updated_at: 11 });
    });

    it('clears a session it makes, and never moves an existing ack back', async () => {
      await clearSessionBefore(store.db, place('bob', 'superTeam-2'), 100);
      expect(await row('bob', 'superTeam-2')).toMatchObject({ ack: 100, cleared_before: 100 });
      const db = store.db;
      await db.updateTable('im_sessions').set({ ack: 500 }).where('accid', '=', 'bob').execute();
      await clearSessionBefore(db, place('bob', 'superTeam-2'), 200);
      const cleared = await row('bob', 'superTeam-2');
      expect(Number(cleared!.ack)).toBe(500);
      expect(Number(cleared!.cleared_before)).toBe(200);
    });

    it('marks sessions deleted with the ack at least now; an empty list is a no-op', async () => {
      await openSessionRow(store.db, place('cat', 'superTeam-3'), 1);
      await openSessionRow(store.db, place('cat', 'superTeam-4'), 1);
      await markSessionsDeleted(store.db, APP, 'cat', [], 50);
      expect((await row('cat', 'superTeam-3'))!.deleted).toBe(0);
      await markSessionsDeleted(store.db, APP, 'cat', ['superTeam-3', 'superTeam-none'], 50);
      expect(await row('cat', 'superTeam-3')).toMatchObject({ deleted: 1 });
      expect(Number((await row('cat', 'superTeam-3'))!.ack)).toBe(50);
      expect((await row('cat', 'superTeam-4'))!.deleted).toBe(0);
    });

    it('touches and sets the extension of a session; a missing session is false', async () => {
      await openSessionRow(store.db, place('dan', 'superTeam-5'), 1);
      await touchSession(store.db, APP, 'dan', 'superTeam-5', 7);
      expect(Number((await row('dan', 'superTeam-5'))!.updated_at)).toBe(7);
      expect(await setSessionExt(store.db, APP, 'dan', 'superTeam-5', 'e', 8)).toBe(true);
      expect(await setSessionExt(store.db, APP, 'dan', 'superTeam-9', 'e', 8)).toBe(false);
      expect(await setSessionExt(store.db, APP, 'eve', 'superTeam-5', 'e', 8)).toBe(false);
      expect(await row('dan', 'superTeam-5')).toMatchObject({ ext: 'e' });
    });
  });

  describe('recalls, one-way deletes and reads by id', () => {
    it('recalls a message once and lists it for both sides after the given time', async () => {
      const sent = await send(store, 'ray', 'sue', 'recall-1', 1_000);
      const recall = { messageId: sent.id, by: 'ray', ps: 'oops', at: 2_000 };
      expect(await deletes.markMessageRecalled(store.db, recall)).toBe(true);
      expect(await deletes.markMessageRecalled(store.db, { ...recall, at: 3_000 })).toBe(false);
      for (const accid of ['ray', 'sue']) {
        const recalls = await deletes.p2pRecallsSince(store.db, APP, accid, 1_999);
        expect(recalls.map((r) => [Number(r.id), Number(r.deleted_at), r.delete_ps])).toEqual([
          [sent.id, 2_000, 'oops'],
        ]);
      }
      expect(await deletes.p2pRecallsSince(store.db, APP, 'sue', 2_000)).toEqual([]);
      expect(await deletes.p2pRecallsSince(store.db, APP, 'tom', 0)).toEqual([]);
      expect(await visibleMessagesByIds(store.db, APP, 'sue', [sent.id])).toEqual([]);
    });

    it('hides a message from one account only, idempotently', async () => {
      const sent = await send(store, 'ray', 'sue', 'hide-1', 4_000);
      await deletes.hideMessageFor(store.db, APP, 'sue', sent.id, 5_000);
      await deletes.hideMessageFor(store.db, APP, 'sue', sent.id, 6_000);
      const hidden = await deletes.messagesHiddenSince(store.db, APP, 'sue', 0);
      expect(hidden.map((h) => [Number(h.id), Number(h.created_at)])).toEqual([[sent.id, 5_000]]);
      expect(await deletes.messagesHiddenSince(store.db, APP, 'sue', 5_000)).toEqual([]);
      expect(await deletes.messagesHiddenSince(store.db, APP, 'ray', 0)).toEqual([]);
      expect(await visibleMessagesByIds(store.db, APP, 'sue', [sent.id])).toEqual([]);
      const forRay = await visibleMessagesByIds(store.db, APP, 'ray', [sent.id, 999_999]);
      expect(forRay.map((m) => Number(m.id))).toEqual([sent.id]);
      expect(await visibleMessagesByIds(store.db, APP, 'ray', [])).toEqual([]);
    });

    it('streams an account’s one-to-one messages after its clear and its last delete', async () => {
      const first = await send(store, 'uma', 'vic', 'sync-1', 10_000);
      const second = await send(store, 'uma', 'vic', 'sync-2', 11_000);
      const ids = async (accid: string) =>
        (await p2pMessagesOf(store.db, APP, accid).orderBy('im_messages.time').execute()).map((m) =>
          Number(m.id),
        );
      expect(await ids('vic')).toEqual([first.id, second.id]);
      const vicSession = { appKey: APP, accid: 'vic', sessionId: 'p2p-uma', scene: 'p2p' };
      await clearSessionBefore(
        store.db,
        { ...vicSession, convKey: convOf('uma', 'vic'), peer: 'uma' },
        10_500,
      );
      expect(await ids('vic')).toEqual([second.id]);
      await markSessionsDeleted(store.db, APP, 'vic', ['p2p-uma'], 12_000);
      expect(await ids('vic')).toEqual([]);
      expect(await ids('uma')).toEqual([first.id, second.id]);
      // A new message brings the session back; what came before the delete stays out.
      const third = await send(store, 'uma', 'vic', 'sync-3', 13_000);
      expect(await ids('vic')).toEqual([third.id]);
      expect(Number((await row('vic', 'p2p-uma'))!.deleted_before)).toBe(12_000);
    });
  });

  describe('receipts', () => {
    it('keeps the newest receipt and lists peers’ receipts in the account’s sessions', async () => {
      await send(store, 'wes', 'xia', 'rcpt-1', 20_000);
      const receipt = { appKey: APP, convKey: convOf('wes', 'xia'), reader: 'xia' };
      await saveReceipt(store.db, { ...receipt, msgTime: 20_000, idServer: '5' }, 30);
      await saveReceipt(store.db, { ...receipt, msgTime: 19_000, idServer: '4' }, 31);
      const forWes = await peerReceiptsSince(store.db, APP, 'wes', 0);
      expect(forWes.map((r) => [r.reader, r.id_server, Number(r.msg_time), r.session_id])).toEqual([
        ['xia', '5', 20_000, 'p2p-xia'],
      ]);
      expect(await peerReceiptsSince(store.db, APP, 'wes', 30)).toEqual([]);
      expect(await peerReceiptsSince(store.db, APP, 'xia', 0)).toEqual([]);
      await saveReceipt(store.db, { ...receipt, msgTime: 21_000, idServer: '6' }, 32);
      expect((await peerReceiptsSince(store.db, APP, 'wes', 30))[0]?.id_server).toBe('6');
    });
  });
});
