// The product API's store logic (sessions, SMS and image captchas, rate counters, replay guard,
// shared cache), one suite run on every engine: these are the decisions that must hold when
// several processes share one PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Store } from '../../src/store/index.ts';
import { createSession, resolveSession, revokeSession } from '../../src/product/store/sessions.ts';
import {
  checkSmsCaptcha,
  storeSmsCaptcha,
  SMS_CODE_TTL_MS,
} from '../../src/product/store/sms-captchas.ts';
import {
  counterResetAt,
  hitCounter,
  peekCounter,
  releaseCounter,
} from '../../src/product/store/rate-limit.ts';
import { insertOutboxMessage, latestOutboxMessages } from '../../src/product/store/sms-outbox.ts';
import { checkImageCaptcha, storeImageCaptcha } from '../../src/product/store/image-captchas.ts';
import {
  deleteExpired,
  readCache,
  rememberSignature,
  writeCache,
} from '../../src/product/store/housekeeping.ts';
import { createUser } from '../../src/product/store/users.ts';
import { up as redactStoredTokens } from '../../src/store/migrations/0016_redact_stored_tokens.ts';

const DAY = 86_400_000;
const RETENTION = { pageViewDays: 90, smsOutboxDays: 7 };
const T0 = Date.UTC(2026, 0, 15, 4, 0, 0);

export function productStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`product store on ${name}`, () => {
    const withStore = (test: (store: Store) => Promise<void>) => async () => {
      const store = await open();
      try {
        await test(store);
      } finally {
        await store.close();
      }
    };

    it(
      'keeps sessions by token hash, slides them, expires and revokes them',
      withStore(async ({ db }) => {
        const user = (await createUser(db, '13800000001', T0))!;
        expect(await createUser(db, '13800000001', T0)).toBeUndefined();
        const ut = await createSession(db, user.id, T0, 30 * DAY);
        const stored = await db
          .selectFrom('product_sessions')
          .select('token_hash')
          .executeTakeFirstOrThrow();
        expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(stored.token_hash).not.toContain(ut);

        expect(await resolveSession(db, ut, T0 + 29 * DAY, 30 * DAY)).toBe(user.id);
        expect(await resolveSession(db, ut, T0 + 58 * DAY, 30 * DAY)).toBe(user.id);
        expect(await resolveSession(db, ut, T0 + 89 * DAY, 30 * DAY)).toBeUndefined();

        const second = await createSession(db, user.id, T0, 30 * DAY);
        expect(await revokeSession(db, second, T0 + 1)).toBe(true);
        expect(await revokeSession(db, second, T0 + 2)).toBe(false);
        expect(await resolveSession(db, second, T0 + 3, 30 * DAY)).toBeUndefined();
        expect(await resolveSession(db, 'unknown', T0, 30 * DAY)).toBeUndefined();
      }),
    );

    it(
      'checks SMS codes: latest only, single use, expiry, five tries',
      withStore(async ({ db }) => {
        const mobile = '13800000002';
        expect(await checkSmsCaptcha(db, mobile, '111111', [1], T0)).toEqual({
          outcome: 'missing',
        });
        await storeSmsCaptcha(db, {
          mobile,
          purpose: 1,
          code: '111111',
          clientAddress: '127.0.0.1',
          now: T0,
        });
        await storeSmsCaptcha(db, {
          mobile,
          purpose: 1,
          code: '222222',
          clientAddress: '127.0.0.1',
          now: T0 + 1,
        });
        expect(await checkSmsCaptcha(db, mobile, '111111', [1], T0 + 2)).toEqual({
          outcome: 'wrong',
          attemptsLeft: 4,
        });
        expect(await checkSmsCaptcha(db, mobile, '222222', [1], T0 + 3)).toEqual({ outcome: 'ok' });
        expect(await checkSmsCaptcha(db, mobile, '222222', [1], T0 + 4)).toEqual({
          outcome: 'used',
        });

        await storeSmsCaptcha(db, {
          mobile,
          purpose: 1,
          code: '333333',
          clientAddress: '127.0.0.1',
          now: T0,
        });
        expect(await checkSmsCaptcha(db, mobile, '333333', [1], T0 + SMS_CODE_TTL_MS)).toEqual({
          outcome: 'expired',
        });

        await storeSmsCaptcha(db, {
          mobile,
          purpose: 1,
          code: '444444',
          clientAddress: '127.0.0.1',
          now: T0,
        });
        const tries = [];
        for (let i = 0; i < 6; i++)
          tries.push((await checkSmsCaptcha(db, mobile, '000000', [1], T0 + 1)).outcome);
        expect(tries).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'locked', 'locked']);
        expect(await checkSmsCaptcha(db, mobile, '444444', [1], T0 + 1)).toEqual({
          outcome: 'locked',
        });
      }),
    );

    it(
      'keeps codes hashed at rest and serves a code only to the purposes it was sent for',
      withStore(async ({ db }) => {
        const mobile = '13800000004';
        await storeSmsCaptcha(db, {
          mobile,
          purpose: 2,
          code: '246810',
          clientAddress: '127.0.0.1',
          now: T0,
        });
        const row = await db
          .selectFrom('sms_captchas')
          .select('code')
          .where('mobile', '=', mobile)
          .executeTakeFirstOrThrow();
        expect(row.code).not.toContain('246810');
        expect(row.code).toMatch(/^[0-9a-f]{32}\$[0-9a-f]{64}$/);
        // A login code cannot register, and the refusal does not use up a try or the code.
        expect(await checkSmsCaptcha(db, mobile, '246810', [1, 3], T0 + 1)).toEqual({
          outcome: 'otherPurpose',
        });
        expect(await checkSmsCaptcha(db, mobile, '246810', [2, 3], T0 + 2)).toEqual({
          outcome: 'ok',
        });
      }),
    );

    it(
      'rewrites user agents stored before redaction so they hold no session token',
      withStore(async ({ db }) => {
        const view = {
          path: '/',
          referrer: '',
          title: '',
          ttfb_ms: null,
          dom_ready_ms: null,
          load_ms: null,
          client_address: '127.0.0.1',
          created_at: T0,
        };
        await db
          .insertInto('lizard_page_views')
          .values([
            {
              ...view,
              user_agent: 'Mozilla/5.0 MorselApp/4.13.0 (os=iOS; ut=a1b2c3d4e5f6; deviceId=d1)',
            },
            { ...view, user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126' },
          ])
          .execute();
        await redactStoredTokens(db as unknown as Kysely<unknown>);
        const agents = await db
          .selectFrom('lizard_page_views')
          .select('user_agent')
          .orderBy('id')
          .execute();
        expect(agents.map((a) => a.user_agent)).toEqual([
          'Mozilla/5.0 MorselApp/4.13.0 (os=iOS; ut=[redacted]; deviceId=d1)',
          'Mozilla/5.0 (Linux; Android 14) Chrome/126',
        ]);
      }),
    );

    it(
      'lets exactly one of many concurrent checks consume a code',
      withStore(async ({ db }) => {
        const mobile = '13800000003';
        await storeSmsCaptcha(db, {
          mobile,
          purpose: 1,
          code: '555555',
          clientAddress: '127.0.0.1',
          now: T0,
        });
        const outcomes = await Promise.all(
          Array.from({ length: 8 }, () => checkSmsCaptcha(db, mobile, '555555', [1], T0 + 1)),
        );
        expect(outcomes.filter((o) => o.outcome === 'ok')).toHaveLength(1);
        expect(outcomes.filter((o) => o.outcome === 'used')).toHaveLength(7);
      }),
    );

    it(
      'counts hits in fixed windows, atomically, and restarts a window that has ended',
      withStore(async ({ db }) => {
        const hits = await Promise.all(
          Array.from({ length: 10 }, () => hitCounter(db, 'k', T0, T0 + 60_000)),
        );
        expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([
          1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
        ]);
        expect(await peekCounter(db, 'k', T0 + 59_999)).toBe(10);
        expect(await peekCounter(db, 'k', T0 + 60_000)).toBe(0);
        expect(await hitCounter(db, 'k', T0 + 60_000, T0 + 120_000)).toEqual({
          count: 1,
          resetAt: T0 + 120_000,
        });
        expect(await hitCounter(db, 'k', T0 + 60_001, T0 + 120_001)).toEqual({
          count: 2,
          resetAt: T0 + 120_000,
        });
      }),
    );

    it(
      'takes a hit back within the window, never below zero, and leaves an ended window alone',
      withStore(async ({ db }) => {
        await hitCounter(db, 'r', T0, T0 + 60_000);
        await hitCounter(db, 'r', T0, T0 + 60_000);
        await releaseCounter(db, 'r', T0 + 1);
        expect(await peekCounter(db, 'r', T0 + 1)).toBe(1);
        await releaseCounter(db, 'r', T0 + 2);
        await releaseCounter(db, 'r', T0 + 3);
        expect(await peekCounter(db, 'r', T0 + 3)).toBe(0);
        expect(await hitCounter(db, 'r', T0 + 4, T0 + 60_000)).toEqual({
          count: 1,
          resetAt: T0 + 60_000,
        });
        await releaseCounter(db, 'r', T0 + 60_000);
        expect(await hitCounter(db, 'r', T0 + 60_000, T0 + 120_000)).toEqual({
          count: 1,
          resetAt: T0 + 120_000,
        });
        await releaseCounter(db, 'missing', T0);
        expect(await peekCounter(db, 'missing', T0)).toBe(0);
      }),
    );

    it(
      'uses an image captcha up on its first check, right or wrong',
      withStore(async ({ db }) => {
        await storeImageCaptcha(db, 'a', 'XyZ9', T0);
        expect(await checkImageCaptcha(db, 'a', 'xyz9', T0 + 1)).toBe(true);
        expect(await checkImageCaptcha(db, 'a', 'xyz9', T0 + 2)).toBe(false);
        await storeImageCaptcha(db, 'b', 'abcd', T0);
        expect(await checkImageCaptcha(db, 'b', 'abce', T0 + 1)).toBe(false);
        expect(await checkImageCaptcha(db, 'b', 'abcd', T0 + 1)).toBe(false);
        await storeImageCaptcha(db, 'c', 'abcd', T0);
        expect(await checkImageCaptcha(db, 'c', 'abcd', T0 + 5 * 60_000)).toBe(false);
      }),
    );

    it(
      'remembers signatures once, shares cached values, and sweeps what has expired',
      withStore(async ({ db }) => {
        expect(await rememberSignature(db, 'client:sig', T0 + 1000)).toBe(true);
        expect(await rememberSignature(db, 'client:sig', T0 + 1000)).toBe(false);
        await writeCache(db, 'x', 'one', T0 + 1000);
        await writeCache(db, 'x', 'two', T0 + 2000);
        expect(await readCache(db, 'x', T0 + 1500)).toBe('two');
        expect(await readCache(db, 'x', T0 + 2000)).toBeUndefined();

        await deleteExpired(db, T0 + 2000, RETENTION);
        expect(await db.selectFrom('openapi_seen_signatures').selectAll().execute()).toEqual([]);
        expect(await db.selectFrom('product_cache').selectAll().execute()).toEqual([]);
      }),
    );

    it(
      'prunes page views, the SMS outbox and image captchas once they are past their retention',
      withStore(async ({ db }) => {
        const view = {
          path: '/',
          referrer: '',
          title: '',
          ttfb_ms: null,
          dom_ready_ms: null,
          load_ms: null,
          user_agent: '',
          client_address: '',
        };
        await db
          .insertInto('lizard_page_views')
          .values([
            { ...view, title: 'old', created_at: T0 - 91 * DAY },
            { ...view, title: 'kept', created_at: T0 - 89 * DAY },
          ])
          .execute();
        await db
          .insertInto('sms_outbox')
          .values([
            { mobile: '1', text: 'old', created_at: T0 - 8 * DAY },
            { mobile: '1', text: 'kept', created_at: T0 - 6 * DAY },
          ])
          .execute();
        await storeImageCaptcha(db, 'stale', 'abcd', T0 - DAY);
        await storeImageCaptcha(db, 'fresh', 'abcd', T0);

        await deleteExpired(db, T0, RETENTION);
        expect(
          (await db.selectFrom('lizard_page_views').select('title').execute()).map((r) => r.title),
        ).toEqual(['kept']);
        expect(
          (await db.selectFrom('sms_outbox').select('text').execute()).map((r) => r.text),
        ).toEqual(['kept']);
        expect(
          (await db.selectFrom('image_captchas').select('key').execute()).map((r) => r.key),
        ).toEqual(['fresh']);
      }),
    );

    it(
      'counts amounts (bytes) as well as single hits, restarting with the window',
      withStore(async ({ db }) => {
        expect(await hitCounter(db, 'bytes', T0, T0 + DAY, 60_000)).toEqual({
          count: 60_000,
          resetAt: T0 + DAY,
        });
        expect((await hitCounter(db, 'bytes', T0 + 1, T0 + 2 * DAY, 5_000)).count).toBe(65_000);
        expect(await hitCounter(db, 'bytes', T0 + DAY, T0 + 2 * DAY, 7)).toEqual({
          count: 7,
          resetAt: T0 + 2 * DAY,
        });
      }),
    );

    it(
      "tells when a counter's window ends, also after it has ended, and nothing for one never hit",
      withStore(async ({ db }) => {
        expect(await counterResetAt(db, 'sms.interval:139')).toBeUndefined();
        await hitCounter(db, 'sms.interval:139', T0, T0 + 60_000);
        expect(await counterResetAt(db, 'sms.interval:139')).toBe(T0 + 60_000);
        expect(await counterResetAt(db, 'sms.interval:other')).toBeUndefined();
      }),
    );

    it(
      'keeps outbox messages per number and reads the latest first, up to a limit',
      withStore(async ({ db }) => {
        for (const [i, text] of ['一 111111', '二 222222', '三 333333'].entries())
          await insertOutboxMessage(db, { mobile: '13900000009', text, createdAt: T0 + i });
        await insertOutboxMessage(db, { mobile: '13900000008', text: '别人', createdAt: T0 });
        expect(await latestOutboxMessages(db, '13900000009', 2)).toEqual([
          { mobile: '13900000009', text: '三 333333', createdAt: T0 + 2 },
          { mobile: '13900000009', text: '二 222222', createdAt: T0 + 1 },
        ]);
        expect(await latestOutboxMessages(db, '13900000007', 10)).toEqual([]);
      }),
    );
  });
}
