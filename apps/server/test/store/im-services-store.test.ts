// The store modules of the IM's smaller services (accounts, presence events, push settings, REST
// nonces, safe URLs), each named function on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, type Store } from '../../src/store/index.ts';
import * as seedStore from '../../src/seed/seed-store.ts';
import * as accounts from '../../src/im/accounts/account-store.ts';
import * as events from '../../src/im/events/event-store.ts';
import type { ImEventTable } from '../../src/im/events/tables.ts';
import { registerPushToken } from '../../src/im/push-settings/push-token-store.ts';
import { donnopChangedSince, saveDonnop } from '../../src/im/push-settings/donnop-store.ts';
import { claimNonce, deleteExpiredNonces } from '../../src/im/rest/nonce-store.ts';
import { insertSafeUrl, originUrlOf } from '../../src/im/safe-urls/safe-url-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

const APP = 'servicesApp';

await forEachEngine('IM services store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    await seedStore.insertApp(store.db, { appKey: APP, secret: 's', name: 'n', now: 1 });
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  describe('accounts', () => {
    const account = {
      appKey: APP,
      accid: 'ann',
      tokenHash: 'h1',
      name: '安',
      icon: 'i',
      props: '{}',
    };

    it('finds an app by its key', async () => {
      expect(await accounts.findApp(store.db, APP)).toMatchObject({ app_key: APP, secret: 's' });
      expect(await accounts.findApp(store.db, 'none')).toBeUndefined();
    });

    it('registers an account once, with or without its token digest on reading', async () => {
      await accounts.insertAccount(store.db, account, 10);
      const again = accounts.insertAccount(store.db, account, 11);
      await expect(again).rejects.toSatisfy(isUniqueViolation);
      const found = await accounts.findAccount(store.db, APP, 'ann');
      expect(found).toMatchObject({ accid: 'ann', nick: '安', disabled: 0, created_at: 10 });
      expect(found).not.toHaveProperty('token');
      expect(await accounts.findAccountWithToken(store.db, APP, 'ann')).toMatchObject({
        token: 'h1',
      });
      expect(await accounts.findAccount(store.db, 'other', 'ann')).toBeUndefined();
      expect(await accounts.findAccountWithToken(store.db, APP, 'nobody')).toBeUndefined();
    });

    it('changes an account; an unknown one is false', async () => {
      expect(
        await accounts.updateAccount(store.db, APP, 'ann', { disabled: 1, token: 'h2' }, 20),
      ).toBe(true);
      expect(await accounts.findAccountWithToken(store.db, APP, 'ann')).toMatchObject({
        disabled: 1,
        token: 'h2',
        updated_at: 20,
      });
      expect(await accounts.updateAccount(store.db, APP, 'nobody', { disabled: 1 }, 21)).toBe(
        false,
      );
    });
  });

  describe('events', () => {
    const event = (account: string, type: number, expiresAt: number): ImEventTable => ({
      app_key: APP,
      account,
      type,
      value: 1,
      custom: null,
      id_client: null,
      client_type: 16,
      time: 1,
      expires_at: expiresAt,
    });

    it('keeps the latest event per type, lists live ones, and prunes expired ones', async () => {
      await events.saveEvent(store.db, event('ev1', 1, 100));
      await events.saveEvent(store.db, event('ev1', 1001, 50));
      await events.saveEvent(store.db, { ...event('ev1', 1001, 200), value: 2 });
      expect((await events.keptEventTypes(store.db, APP, 'ev1')).sort()).toEqual([1001]);
      const live = await events.liveEvents(store.db, APP, 1001, ['ev1', 'ev2'], 150);
      expect(live.map((e) => [e.account, e.value])).toEqual([['ev1', 2]]);
      expect(await events.liveEvents(store.db, APP, 1001, [], 150)).toEqual([]);
      expect(await events.liveEvents(store.db, APP, 1001, ['ev1'], 200)).toEqual([]);
      await events.pruneExpired(store.db, APP, 'ev1', 100);
      expect(await events.liveEvents(store.db, APP, 1, ['ev1'], 0)).toEqual([]);
      expect(await events.keptEventTypes(store.db, APP, 'ev1')).toEqual([1001]);
    });

    it('subscribes, renews, lists, and drops subscriptions', async () => {
      const sub = { appKey: APP, subscriber: 'sub1', type: 1001, seconds: 10 };
      await events.saveSubscription(store.db, { ...sub, target: 'ev1' }, 1_000);
      await events.saveSubscription(store.db, { ...sub, target: 'ev2' }, 1_000);
      await events.saveSubscription(store.db, { ...sub, target: 'ev1', seconds: 20 }, 2_000);
      expect(await events.liveSubscribers(store.db, APP, 'ev1', 1001, 15_000)).toEqual(['sub1']);
      expect(await events.liveSubscribers(store.db, APP, 'ev2', 1001, 15_000)).toEqual([]);
      expect(await events.heldSubscriptions(store.db, APP, 'sub1')).toHaveLength(2);
      const listed = await events.liveSubscriptions(store.db, APP, 'sub1', 1001, 0, ['ev1']);
      expect(listed).toMatchObject([{ target: 'ev1', subscribe_time: 20, expires_at: 22_000 }]);
      expect(await events.liveSubscriptions(store.db, APP, 'sub1', 1001, 0, [])).toEqual([]);
      expect(await events.liveSubscriptions(store.db, APP, 'sub1', 1001, 0)).toHaveLength(2);
      await events.deleteSubscriptions(store.db, APP, 'sub1', 1001, []);
      expect(await events.heldSubscriptions(store.db, APP, 'sub1')).toHaveLength(2);
      await events.deleteSubscriptions(store.db, APP, 'sub1', 1001, ['ev2']);
      expect(await events.heldSubscriptions(store.db, APP, 'sub1')).toEqual([
        { type: 1001, target: 'ev1' },
      ]);
      await events.pruneExpired(store.db, APP, 'sub1', 22_000);
      expect(await events.heldSubscriptions(store.db, APP, 'sub1')).toEqual([]);
      await events.saveSubscription(store.db, { ...sub, target: 'ev3' }, 3_000);
      await events.deleteSubscriptions(store.db, APP, 'sub1', 1001);
      expect(await events.heldSubscriptions(store.db, APP, 'sub1')).toEqual([]);
    });

    it('tells which accids the app has', async () => {
      await accounts.insertAccount(
        store.db,
        { appKey: APP, accid: 'reg1', tokenHash: 'h', name: '', icon: '', props: '' },
        1,
      );
      expect(await events.registeredAccids(store.db, APP, ['reg1', 'nope'])).toEqual(['reg1']);
      expect(await events.registeredAccids(store.db, APP, [])).toEqual([]);
      expect(await events.registeredAccids(store.db, 'other', ['reg1'])).toEqual([]);
    });
  });

  describe('push settings', () => {
    const tokens = () =>
      store.db
        .selectFrom('im_push_tokens')
        .select(['accid', 'device_id', 'token'])
        .orderBy('accid')
        .execute();

    it('keeps one token per device and moves a token to the device that registers it last', async () => {
      const registration = { clientType: 16, tokenName: 'apns', token: 't1', pushkit: false };
      await registerPushToken(
        store.db,
        { appKey: APP, accid: 'a', deviceId: 'd1' },
        registration,
        1,
      );
      await registerPushToken(
        store.db,
        { appKey: APP, accid: 'a', deviceId: 'd1' },
        { ...registration, token: 't2' },
        2,
      );
      expect(await tokens()).toEqual([{ accid: 'a', device_id: 'd1', token: 't2' }]);
      await registerPushToken(
        store.db,
        { appKey: APP, accid: 'b', deviceId: 'd1' },
        { ...registration, token: 't2' },
        3,
      );
      expect(await tokens()).toEqual([{ accid: 'b', device_id: 'd1', token: 't2' }]);
      await registerPushToken(
        store.db,
        { appKey: APP, accid: 'b', deviceId: 'd1' },
        { ...registration, token: '' },
        4,
      );
      expect(await tokens()).toEqual([]);
    });

    it('replaces an account’s do-not-disturb settings', async () => {
      const row = {
        app_key: APP,
        accid: 'a',
        open: 1,
        start_time: '22:00',
        end_time: '07:00',
        show_detail: 1,
        updated_at: 5,
      };
      await saveDonnop(store.db, row);
      await saveDonnop(store.db, { ...row, open: 0, updated_at: 6 });
      expect(await donnopChangedSince(store.db, APP, 'a', 5)).toMatchObject({ open: 0 });
      expect(await donnopChangedSince(store.db, APP, 'a', 6)).toBeUndefined();
    });
  });

  describe('REST nonces', () => {
    it('takes a nonce once until it expires, then again; prunes the expired', async () => {
      expect(await claimNonce(store.db, APP, 'n1', 100, 10)).toBe(true);
      expect(await claimNonce(store.db, APP, 'n1', 120, 50)).toBe(false);
      expect(await claimNonce(store.db, 'otherApp', 'n1', 100, 50)).toBe(true);
      expect(await claimNonce(store.db, APP, 'n1', 300, 101)).toBe(true);
      expect(await deleteExpiredNonces(store.db, 200)).toBe(1);
      expect(await claimNonce(store.db, APP, 'n1', 400, 250)).toBe(false);
    });
  });

  describe('safe URLs', () => {
    it('resolves a safe URL only for the app it was issued to', async () => {
      const record = { appKey: APP, safeUrl: 'https://f/x?im_url=1', originUrl: 'https://o/1' };
      await insertSafeUrl(store.db, record, 1);
      await expect(insertSafeUrl(store.db, record, 2)).rejects.toSatisfy(isUniqueViolation);
      expect(await originUrlOf(store.db, APP, record.safeUrl)).toBe('https://o/1');
      expect(await originUrlOf(store.db, 'otherApp', record.safeUrl)).toBeUndefined();
      expect(await originUrlOf(store.db, APP, 'https://f/y?im_url=1')).toBeUndefined();
    });
  });
});
