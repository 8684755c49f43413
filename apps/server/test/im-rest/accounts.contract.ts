// The account service's contract, run on every store engine: the gateway's login check
// (verifyLogin) and the account lifecycle behave the same on SQLite and PostgreSQL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ImAccountError, ImAccounts } from '../../src/im/accounts/index.ts';
import { migrations } from '../../src/store/migrations/index.ts';
import type { Store } from '../../src/store/index.ts';
import { ManualClock } from '../../src/clock.ts';

export interface StoreFixture {
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

const APP = 'contract-app';
const OTHER_APP = 'other-app';

async function refusal(promise: Promise<unknown>): Promise<ImAccountError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImAccountError);
  return error as ImAccountError;
}

export function accountsContract(engine: string, makeFixture: () => Promise<StoreFixture>) {
  describe(`ImAccounts on ${engine}`, () => {
    let fixture: StoreFixture;
    let store: Store;
    let accounts: ImAccounts;
    const blocked: [string, string][] = [];
    const clock = new ManualClock();

    beforeAll(async () => {
      fixture = await makeFixture();
      store = await fixture.open();
      const now = Date.now();
      await store.db
        .insertInto('im_apps')
        .values([
          { app_key: APP, secret: 'contract-secret', name: 'contract', created_at: now },
          { app_key: OTHER_APP, secret: 'other-secret', name: 'other', created_at: now },
        ])
        .execute();
      accounts = new ImAccounts({
        store,
        log: pino({ level: 'silent' }),
        onKick: (appKey, accid) => blocked.push([appKey, accid]),
        now: () => clock.now(),
      });
    });
    afterAll(async () => {
      await store?.close();
      await fixture?.dispose();
    });

    it('getApp answers the app with its secret, or undefined', async () => {
      expect(await accounts.getApp(APP)).toMatchObject({
        appKey: APP,
        secret: 'contract-secret',
        name: 'contract',
      });
      expect(await accounts.getApp('missing')).toBeUndefined();
    });

    it('verifyLogin accepts the right token and answers the account', async () => {
      const { token } = await accounts.create({
        appKey: APP,
        accid: 'Login.Ok',
        name: '小明',
        icon: 'https://x/y.png',
        props: '{"a":1}',
      });
      const verdict = await accounts.verifyLogin(APP, 'login.ok', token);
      expect(verdict).toEqual({
        ok: true,
        account: expect.objectContaining({
          appKey: APP,
          accid: 'login.ok',
          name: '小明',
          icon: 'https://x/y.png',
          props: '{"a":1}',
          blocked: false,
        }),
      });
      // The accid is case-insensitive at login too.
      expect((await accounts.verifyLogin(APP, 'LOGIN.OK', token)).ok).toBe(true);
    });

    it('verifyLogin answers 302 alike for a wrong token and an unknown or malformed accid', async () => {
      const { token } = await accounts.create({ appKey: APP, accid: 'login.wrong' });
      expect(await accounts.verifyLogin(APP, 'login.wrong', token + 'x')).toEqual({
        ok: false,
        code: 302,
      });
      expect(await accounts.verifyLogin(APP, 'login.wrong', '')).toEqual({ ok: false, code: 302 });
      expect(await accounts.verifyLogin(APP, 'no.such.accid', token)).toEqual({
        ok: false,
        code: 302,
      });
      expect(await accounts.verifyLogin(APP, 'not valid!', token)).toEqual({
        ok: false,
        code: 302,
      });
      // Accounts are per app: the same accid and token in another app is unknown.
      expect(await accounts.verifyLogin(OTHER_APP, 'login.wrong', token)).toEqual({
        ok: false,
        code: 302,
      });
    });

    it('verifyLogin answers 403 for an unknown appKey', async () => {
      expect(await accounts.verifyLogin('no-such-app', 'login.ok', 'whatever')).toEqual({
        ok: false,
        code: 403,
      });
    });

    it('block answers 422 at login and calls onKick; unblock restores', async () => {
      const { token } = await accounts.create({ appKey: APP, accid: 'Blocked.One' });
      await accounts.block(APP, 'BLOCKED.ONE');
      expect(blocked).toContainEqual([APP, 'blocked.one']);
      expect(await accounts.verifyLogin(APP, 'blocked.one', token)).toEqual({
        ok: false,
        code: 422,
      });
      expect((await accounts.get(APP, 'blocked.one'))?.blocked).toBe(true);
      await accounts.unblock(APP, 'blocked.one');
      expect((await accounts.verifyLogin(APP, 'blocked.one', token)).ok).toBe(true);
    });

    it('a failing onKick hook does not undo the block', async () => {
      const throwing = new ImAccounts({
        store,
        log: pino({ level: 'silent' }),
        onKick: () => {
          throw new Error('gateway down');
        },
        now: () => clock.now(),
      });
      const { token } = await throwing.create({ appKey: APP, accid: 'blocked.hookfail' });
      await throwing.block(APP, 'blocked.hookfail');
      expect(await throwing.verifyLogin(APP, 'blocked.hookfail', token)).toEqual({
        ok: false,
        code: 422,
      });
    });

    it('stamps created and updated times from the clock it is given', async () => {
      clock.set(1_000_000);
      await accounts.create({ appKey: APP, accid: 'clocked' });
      clock.advance(5_000);
      await accounts.update({ appKey: APP, accid: 'clocked', props: '{}' });
      expect(await accounts.get(APP, 'clocked')).toMatchObject({
        createdAt: 1_000_000,
        updatedAt: 1_005_000,
      });
    });

    it('create refuses a duplicate accid in the same app with already_registered (414), not in another app', async () => {
      await accounts.create({ appKey: APP, accid: 'dup' });
      const error = await refusal(accounts.create({ appKey: APP, accid: 'DUP' }));
      expect(error.reason).toBe('already_registered');
      expect(error.code).toBe(414);
      await expect(accounts.create({ appKey: OTHER_APP, accid: 'dup' })).resolves.toMatchObject({
        accid: 'dup',
      });
    });

    it('create refuses an unknown app (403) and invalid fields naming them (414)', async () => {
      expect((await refusal(accounts.create({ appKey: 'nope', accid: 'x' }))).code).toBe(403);
      const bad = await refusal(accounts.create({ appKey: APP, accid: 'x', name: 'n'.repeat(65) }));
      expect(bad).toMatchObject({ reason: 'invalid_param', field: 'name', code: 414 });
      const badAccid = await refusal(accounts.create({ appKey: APP, accid: 'a/b' }));
      expect(badAccid).toMatchObject({ reason: 'invalid_param', field: 'accid' });
      const badProps = await refusal(accounts.create({ appKey: APP, accid: 'x', props: 'nope' }));
      expect(badProps).toMatchObject({ reason: 'invalid_param', field: 'props' });
    });

    it('update and refreshToken replace the token, kick the live sessions; the old token stops working', async () => {
      const first = 'first-token-of-16';
      const second = 'second-token-of-16';
      const { token } = await accounts.create({ appKey: APP, accid: 'rotate', token: first });
      expect(token).toBe(first);
      const kicksBefore = blocked.length;
      await accounts.update({ appKey: APP, accid: 'Rotate', token: second });
      expect(blocked.slice(kicksBefore)).toEqual([[APP, 'rotate']]);
      expect(await accounts.verifyLogin(APP, 'rotate', first)).toEqual({ ok: false, code: 302 });
      const refreshed = await accounts.refreshToken(APP, 'rotate');
      expect(blocked.slice(kicksBefore)).toEqual([
        [APP, 'rotate'],
        [APP, 'rotate'],
      ]);
      expect(refreshed.token).not.toBe(second);
      expect(await accounts.verifyLogin(APP, 'rotate', second)).toEqual({ ok: false, code: 302 });
      expect((await accounts.verifyLogin(APP, 'rotate', refreshed.token)).ok).toBe(true);
      // A props-only update changes no credential and kicks nobody.
      await accounts.update({ appKey: APP, accid: 'rotate', props: '{}' });
      expect(blocked.slice(kicksBefore)).toHaveLength(2);
    });

    it('stores only the sha256 digest of a token, never the token', async () => {
      const { token } = await accounts.create({ appKey: APP, accid: 'hashed' });
      const row = await store.db
        .selectFrom('im_accounts')
        .select('token')
        .where('app_key', '=', APP)
        .where('accid', '=', 'hashed')
        .executeTakeFirstOrThrow();
      expect(row.token).not.toContain(token);
      expect(row.token).toBe(createHash('sha256').update(token).digest('hex'));
      const { token: refreshed } = await accounts.refreshToken(APP, 'hashed');
      const after = await store.db
        .selectFrom('im_accounts')
        .select('token')
        .where('app_key', '=', APP)
        .where('accid', '=', 'hashed')
        .executeTakeFirstOrThrow();
      expect(after.token).toBe(createHash('sha256').update(refreshed).digest('hex'));
    });

    it('migration 0015 replaces stored plaintext tokens by their digest, and those tokens log in', async () => {
      const now = Date.now();
      await store.db
        .insertInto('im_accounts')
        .values({
          app_key: APP,
          accid: 'legacy',
          token: 'legacy-plain-token',
          nick: '',
          disabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await migrations['0017_im_token_hashes']!.up(store.db as never);
      const row = await store.db
        .selectFrom('im_accounts')
        .select('token')
        .where('accid', '=', 'legacy')
        .executeTakeFirstOrThrow();
      expect(row.token).toBe(createHash('sha256').update('legacy-plain-token').digest('hex'));
      expect((await accounts.verifyLogin(APP, 'legacy', 'legacy-plain-token')).ok).toBe(true);
    });

    it('refuses an app-chosen token shorter than 16 characters (414 naming token)', async () => {
      const short = await refusal(
        accounts.create({ appKey: APP, accid: 'short.token', token: 'x'.repeat(15) }),
      );
      expect(short).toMatchObject({ reason: 'invalid_param', field: 'token', code: 414 });
      await accounts.create({ appKey: APP, accid: 'short.token', token: 'x'.repeat(16) });
      const shortUpdate = await refusal(
        accounts.update({ appKey: APP, accid: 'short.token', token: 'y'.repeat(15) }),
      );
      expect(shortUpdate).toMatchObject({ reason: 'invalid_param', field: 'token' });
    });

    it('refuses lifecycle calls on an accid that is not registered', async () => {
      expect((await refusal(accounts.refreshToken(APP, 'ghost'))).reason).toBe('not_registered');
      expect((await refusal(accounts.block(APP, 'ghost'))).reason).toBe('not_registered');
      expect((await refusal(accounts.unblock(APP, 'ghost'))).reason).toBe('not_registered');
      expect(
        (await refusal(accounts.update({ appKey: APP, accid: 'ghost', props: '{}' }))).reason,
      ).toBe('not_registered');
    });

    it('generated tokens differ between accounts', async () => {
      const a = await accounts.create({ appKey: APP, accid: 'gen.a' });
      const b = await accounts.create({ appKey: APP, accid: 'gen.b' });
      expect(a.token).not.toBe(b.token);
      expect(a.token).toMatch(/^[0-9a-f]{32}$/);
    });
  });
}
