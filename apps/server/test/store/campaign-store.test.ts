// The campaign store modules (src/campaigns/store) the kernel, the campaign routes and the admin
// views call: each named function on both engines, with the empty, missing and conflicting cases
// the callers turn into refusals.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { PrizeKind } from '@morsel/api';
import {
  inTransaction,
  isUniqueViolation,
  type Database,
  type Store,
} from '../../src/store/index.ts';
import { createUser, findUserById } from '../../src/product/store/users.ts';
import {
  writeCampaign,
  writeCouponTemplate,
  writeExchangeCode,
  writePassword,
  writePrize,
} from '../../src/campaigns/config-store.ts';
import { findCampaign } from '../../src/campaigns/store/campaigns.ts';
import * as counters from '../../src/campaigns/store/counters.ts';
import * as points from '../../src/campaigns/store/points.ts';
import * as prizes from '../../src/campaigns/store/prizes.ts';
import * as awards from '../../src/campaigns/store/awards.ts';
import * as templates from '../../src/campaigns/store/coupon-templates.ts';
import * as coupons from '../../src/campaigns/store/coupons.ts';
import * as exchangeCodes from '../../src/campaigns/store/exchange-codes.ts';
import * as assists from '../../src/campaigns/store/assists.ts';
import * as passwords from '../../src/campaigns/store/passwords.ts';
import * as signIns from '../../src/campaigns/store/sign-ins.ts';
import { listPasswords, listTemplates } from '../../src/campaigns/store/admin-store.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

type CampaignFile = Parameters<typeof writeCampaign>[1];
type PrizeConfig = Parameters<typeof writePrize>[2];
type TemplateConfig = Parameters<typeof writeCouponTemplate>[2];

const campaign = (id: string): CampaignFile =>
  ({
    id,
    kind: 'raffle',
    title: id,
    rules: ['一', '二'],
    startsAt: 1000,
    endsAt: 2000,
    settings: { n: 1 },
  }) as unknown as CampaignFile;

const prize = (key: string, slot: number, stock: number | null): PrizeConfig => ({
  key,
  name: key,
  image: '',
  kind: 'goods',
  weight: 1,
  slot,
  stock,
  usage: ['到店领取'],
});

const template = (key: string, stock: number | null, claimable = true): TemplateConfig =>
  ({
    key,
    name: key,
    category: '饮品',
    value: 500,
    threshold: 0,
    validDays: 7,
    perUserLimit: 1,
    claimable,
    channels: ['store'],
    scope: '全部门店',
    stock,
  }) as TemplateConfig;

/** A template's stock and issued count as stored. */
async function templateCounts(db: Kysely<Database>, key: string) {
  const found = await templates.findTemplate(db, key);
  return {
    stock: found!.stock === null ? null : Number(found!.stock),
    issued: Number(found!.issued),
  };
}

await forEachEngine('campaign store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let db: Kysely<Database>;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    db = store.db;
    alice = Number((await createUser(db, '13600000101', 1))!.id);
    bob = Number((await createUser(db, '13600000102', 1))!.id);
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  it('finds a campaign by id, and nothing for an unknown one', async () => {
    await writeCampaign(db, campaign('found'), 1, false);
    const found = await findCampaign(db, 'found');
    expect([found?.title, found?.rules, Number(found?.starts_at)]).toEqual([
      'found',
      '一\n二',
      1000,
    ]);
    expect(await findCampaign(db, 'missing')).toBeUndefined();
  });

  it('counts below a limit only, and reads counters that were never counted as absent', async () => {
    expect(await counters.incrementBelow(db, 'k1', 2)).toBe(true);
    expect(await counters.incrementBelow(db, 'k1', 2)).toBe(true);
    expect(await counters.incrementBelow(db, 'k1', 2)).toBe(false);
    expect(await counters.readCounter(db, 'k1')).toBe(2);
    expect(await counters.readCounter(db, 'never')).toBe(0);
    const read = await counters.readCounters(db, ['k1', 'never']);
    expect([...read]).toEqual([['k1', 2]]);
    expect(await counters.readCounters(db, [])).toEqual(new Map());
  });

  it('keeps a ledger entry once per business key and a balance that never goes below zero', async () => {
    const entry = { userId: alice, delta: 10, reason: 'r', businessKey: 'ledger:1', now: 1 };
    expect(await points.pointsBalance(db, alice)).toBe(0);
    expect(await points.insertLedgerEntry(db, entry)).toBe(true);
    expect(await points.insertLedgerEntry(db, entry)).toBe(false);
    // A debit of a shopper who never had points changes nothing.
    expect(await points.debitBalance(db, alice, 1, 2)).toBe(false);
    await points.creditBalance(db, alice, 10, 2);
    await points.creditBalance(db, alice, 5, 3);
    expect(await points.pointsBalance(db, alice)).toBe(15);
    expect(await points.debitBalance(db, alice, 16, 4)).toBe(false);
    expect(await points.debitBalance(db, alice, 15, 4)).toBe(true);
    expect(await points.pointsBalance(db, alice)).toBe(0);
  });

  it('lists prizes by slot, finds one by key and takes stock down to zero only', async () => {
    await writeCampaign(db, campaign('pool'), 1, false);
    await writePrize(db, 'pool', prize('second', 2, 1), 1, false);
    await writePrize(db, 'pool', prize('first', 1, null), 1, false);
    expect((await prizes.listPrizes(db, 'pool')).map((p) => p.prize_key)).toEqual([
      'first',
      'second',
    ]);
    expect(await prizes.listPrizes(db, 'empty')).toEqual([]);
    const limited = (await prizes.findPrize(db, 'pool', 'second'))!;
    const unlimited = (await prizes.findPrize(db, 'pool', 'first'))!;
    expect(await prizes.findPrize(db, 'pool', 'none')).toBeUndefined();
    expect(await prizes.takePrizeStock(db, Number(limited.id))).toBe(true);
    expect(await prizes.takePrizeStock(db, Number(limited.id))).toBe(false);
    expect(await prizes.takePrizeStock(db, Number(unlimited.id))).toBe(true);
    const after = (await prizes.findPrize(db, 'pool', 'second'))!;
    expect([Number(after.stock), Number(after.awarded)]).toEqual([0, 1]);
    expect((await prizes.findPrize(db, 'pool', 'first'))!.stock).toBeNull();
    expect(await prizes.prizeUsage(db, Number(limited.id))).toBe('到店领取');
    expect(await prizes.prizeUsage(db, 999_999)).toBeUndefined();
  });

  it('records awards, shows them only to their owner and sets an address and coupon once', async () => {
    const goods = (await prizes.findPrize(db, 'pool', 'first'))!;
    const row = (
      userId: number,
      kind: PrizeKind,
      businessKey: string | null,
      createdAt: number,
    ) => ({
      campaign_id: 'pool',
      user_id: userId,
      prize_id: Number(goods.id),
      prize_key: goods.prize_key,
      name: `${kind}-${createdAt}`,
      image: '',
      kind,
      value: '',
      source: 'draw' as const,
      business_key: businessKey,
      coupon_id: null,
      address: null,
      created_at: createdAt,
    });
    const first = await awards.insertAward(db, row(alice, 'goods', 'once:1', 10));
    const thanks = await awards.insertAward(db, row(alice, 'thanks', null, 11));
    const second = await awards.insertAward(db, row(alice, 'goods', null, 12));
    await awards.insertAward(db, row(bob, 'goods', null, 13));
    await expect(awards.insertAward(db, row(alice, 'goods', 'once:1', 14))).rejects.toSatisfy(
      isUniqueViolation,
    );

    const mine = await awards.listOwnAwards(db, 'pool', alice);
    expect(mine.map((a) => Number(a.id))).toEqual([Number(second.id), Number(first.id)]);
    expect(await awards.listOwnAwards(db, 'other', alice)).toEqual([]);
    expect(await awards.findOwnAward(db, 'pool', alice, Number(first.id))).toMatchObject({
      name: 'goods-10',
    });
    expect(await awards.findOwnAward(db, 'pool', bob, Number(first.id))).toBeUndefined();
    expect(await awards.findOwnAward(db, 'pool', alice, Number(thanks.id))).toBeUndefined();
    expect(await awards.findOwnAward(db, 'other', alice, Number(first.id))).toBeUndefined();

    expect(await awards.awardGiven(db, 'once:1')).toBe(true);
    expect(await awards.awardGiven(db, 'once:2')).toBe(false);

    expect(await awards.writeAddress(db, Number(first.id), '{"a":1}', 'correction')).toBe(false);
    expect(await awards.writeAddress(db, Number(first.id), '{"a":1}', 'first')).toBe(true);
    expect(await awards.writeAddress(db, Number(first.id), '{"a":2}', 'first')).toBe(false);
    expect((await awards.findOwnAward(db, 'pool', alice, Number(first.id)))!.address).toBe(
      '{"a":1}',
    );
    expect(await awards.writeAddress(db, Number(first.id), '{"a":3}', 'correction')).toBe(true);
    expect((await awards.findOwnAward(db, 'pool', alice, Number(first.id)))!.address).toBe(
      '{"a":3}',
    );
    await awards.setAwardCoupon(db, Number(second.id), 77);
    expect(
      Number((await awards.findOwnAward(db, 'pool', alice, Number(second.id)))!.coupon_id),
    ).toBe(77);

    const winners = await awards.recentWinners(db, 'pool', 2);
    expect(winners).toEqual([
      { mobile: '13600000102', prizeName: 'goods-13', createdAt: 13 },
      { mobile: '13600000101', prizeName: 'goods-12', createdAt: 12 },
    ]);
    expect(await awards.recentWinners(db, 'other', 5)).toEqual([]);
  });

  it('finds templates by key and id, takes their stock down to zero only and counts issues', async () => {
    await writeCouponTemplate(db, 'shop', template('tpl-limited', 1), 1, false);
    await writeCouponTemplate(db, 'shop', template('tpl-free', null, false), 1, false);
    const limited = (await templates.findTemplate(db, 'tpl-limited'))!;
    const free = (await templates.findTemplate(db, 'tpl-free'))!;
    expect(await templates.findTemplate(db, 'none')).toBeUndefined();
    expect((await templates.findTemplateById(db, Number(free.id)))?.template_key).toBe('tpl-free');
    expect(await templates.findTemplateById(db, 999_999)).toBeUndefined();
    const byIds = await templates.templatesByIds(db, [
      Number(limited.id),
      Number(free.id),
      999_999,
    ]);
    expect(byIds.map((t) => t.template_key).sort()).toEqual(['tpl-free', 'tpl-limited']);
    expect(await templates.templatesByIds(db, [])).toEqual([]);

    expect(await templates.takeTemplateStock(db, Number(limited.id))).toBe(true);
    expect(await templates.takeTemplateStock(db, Number(limited.id))).toBe(false);
    expect(await templateCounts(db, 'tpl-limited')).toEqual({ stock: 0, issued: 1 });
    expect(await templates.takeTemplateStock(db, Number(free.id))).toBe(true);
    await templates.countTemplateIssued(db, Number(free.id));
    expect(await templateCounts(db, 'tpl-free')).toEqual({ stock: null, issued: 2 });

    // The admin view lists every template of the campaign, claimable or not, oldest first.
    expect((await listTemplates(db, 'shop')).map((t) => t.template_key)).toEqual([
      'tpl-limited',
      'tpl-free',
    ]);
    expect(await listTemplates(db, 'none')).toEqual([]);
  });

  it('issues coupons with unique codes, lists them by status and uses each once', async () => {
    const tpl = (await templates.findTemplate(db, 'tpl-free'))!;
    const coupon = (code: string, userId: number, expiresAt: number) => ({
      template_id: Number(tpl.id),
      user_id: userId,
      code,
      source: 'centre' as const,
      claimed_at: 1,
      expires_at: expiresAt,
      used_at: null,
      used_channel: null,
    });
    const fresh1 = await coupons.insertCoupon(db, coupon('1000000000000001', alice, 1000));
    const fresh2 = await coupons.insertCoupon(db, coupon('1000000000000002', alice, 1000));
    const old = await coupons.insertCoupon(db, coupon('1000000000000003', alice, 50));
    await coupons.insertCoupon(db, coupon('1000000000000004', bob, 1000));
    await expect(coupons.insertCoupon(db, coupon('1000000000000001', bob, 1000))).rejects.toSatisfy(
      isUniqueViolation,
    );

    expect(await coupons.markCouponUsed(db, Number(fresh1.id), 'store', 100)).toBe(true);
    expect(await coupons.markCouponUsed(db, Number(fresh1.id), 'online', 101)).toBe(false);
    expect(await coupons.markCouponUsed(db, Number(old.id), 'online', 100)).toBe(false);

    const ids = async (status: coupons.CouponStatus) =>
      (await coupons.listOwnCoupons(db, alice, status, 100)).map((c) => Number(c.id));
    expect(await ids('unused')).toEqual([Number(fresh2.id)]);
    expect(await ids('used')).toEqual([Number(fresh1.id)]);
    expect(await ids('expired')).toEqual([Number(old.id)]);
    expect(await coupons.listOwnCoupons(db, 999_999, 'unused', 100)).toEqual([]);

    const used = (await coupons.findCoupon(db, Number(fresh1.id)))!;
    expect([Number(used.used_at), used.used_channel]).toEqual([100, 'store']);
    expect(await coupons.findCoupon(db, 999_999)).toBeUndefined();
    expect((await coupons.findOwnCoupon(db, alice, Number(fresh2.id)))?.code).toBe(
      '1000000000000002',
    );
    expect(await coupons.findOwnCoupon(db, bob, Number(fresh2.id))).toBeUndefined();
    expect(Number((await coupons.findCouponByCode(db, '1000000000000003'))?.id)).toBe(
      Number(old.id),
    );
    expect(await coupons.findCouponByCode(db, '9999999999999999')).toBeUndefined();
  });

  it('takes an exchange code once, before it expires', async () => {
    await writeExchangeCode(db, 'CODEONE', 'tpl-free', 500, 1);
    await writeExchangeCode(db, 'CODEOLD', 'tpl-free', 50, 1);
    expect(await exchangeCodes.findExchangeCode(db, 'NOPE')).toBeUndefined();
    expect(await exchangeCodes.takeExchangeCode(db, 'NOPE', alice, 100)).toBe(false);
    expect(await exchangeCodes.takeExchangeCode(db, 'CODEOLD', alice, 100)).toBe(false);
    expect(await exchangeCodes.takeExchangeCode(db, 'CODEONE', alice, 100)).toBe(true);
    expect(await exchangeCodes.takeExchangeCode(db, 'CODEONE', bob, 101)).toBe(false);
    const taken = (await exchangeCodes.findExchangeCode(db, 'CODEONE'))!;
    expect([Number(taken.used_by), Number(taken.used_at)]).toEqual([alice, 100]);
    expect((await exchangeCodes.findExchangeCode(db, 'CODEOLD'))!.used_by).toBeNull();
  });

  it('finds a sharer by code and records an assist once per helper and purpose', async () => {
    const code = (await findUserById(db, alice))!.share_code;
    expect(await assists.findSharer(db, code)).toEqual({
      id: alice,
      nickname: '用户0101',
      mobile: '13600000101',
    });
    expect(await assists.findSharer(db, 'NOSUCHCODE')).toBeUndefined();
    const assist = { campaignId: 'pool', purpose: 'chance', sharerId: alice, helperId: bob };
    expect(await assists.hasAssisted(db, assist)).toBe(false);
    await assists.insertAssist(db, { ...assist, now: 1 });
    expect(await assists.hasAssisted(db, assist)).toBe(true);
    expect(await assists.hasAssisted(db, { ...assist, purpose: 'gift' })).toBe(false);
    await expect(assists.insertAssist(db, { ...assist, now: 2 })).rejects.toSatisfy(
      isUniqueViolation,
    );
    await assists.insertAssist(db, { ...assist, purpose: 'gift', now: 3 });
  });

  it('finds a password and counts its uses up to the limit', async () => {
    const entry = (password: string, useLimit: number | null) => ({
      password,
      prize: 'first',
      startsAt: 0,
      endsAt: 10_000,
      useLimit,
    });
    await writePassword(db, 'pool', entry('ONCE', 1), 1, false);
    await writePassword(db, 'pool', entry('ALWAYS', null), 1, false);
    const once = (await passwords.findPassword(db, 'pool', 'ONCE'))!;
    const always = (await passwords.findPassword(db, 'pool', 'ALWAYS'))!;
    expect(await passwords.findPassword(db, 'pool', 'WRONG')).toBeUndefined();
    expect(await passwords.findPassword(db, 'other', 'ONCE')).toBeUndefined();
    expect(await passwords.takePasswordUse(db, Number(once.id))).toBe(true);
    expect(await passwords.takePasswordUse(db, Number(once.id))).toBe(false);
    for (let i = 0; i < 3; i++)
      expect(await passwords.takePasswordUse(db, Number(always.id))).toBe(true);
    expect(await passwords.takePasswordUse(db, 999_999)).toBe(false);
    const listed = await listPasswords(db, 'pool');
    expect(listed.map((p) => [p.password, Number(p.used)])).toEqual([
      ['ONCE', 1],
      ['ALWAYS', 3],
    ]);
    expect(await listPasswords(db, 'none')).toEqual([]);
  });

  it('records one sign-in a day and reads the days in a range', async () => {
    const day = (d: string, streak: number) => ({ day: d, streak, streakStart: '2026-01-01' });
    expect(await signIns.signInOn(db, 'sign', alice, '2026-01-01')).toBeUndefined();
    await signIns.insertSignInRow(db, 'sign', alice, day('2026-01-01', 1), 1);
    await signIns.insertSignInRow(db, 'sign', alice, day('2026-01-02', 2), 2);
    await signIns.insertSignInRow(db, 'sign', bob, day('2026-01-03', 1), 3);
    await expect(
      signIns.insertSignInRow(db, 'sign', alice, day('2026-01-02', 9), 4),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await signIns.signInOn(db, 'sign', alice, '2026-01-02')).toEqual(day('2026-01-02', 2));
    expect(await signIns.signInOn(db, 'other', alice, '2026-01-02')).toBeUndefined();
    expect([...(await signIns.signedDays(db, 'sign', alice, '2026-01-02', '2026-01-31'))]).toEqual([
      '2026-01-02',
    ]);
    expect((await signIns.signedDays(db, 'sign', alice, '2026-02-01', '2026-02-28')).size).toBe(0);
  });

  it('undoes every store call of a failed inTransaction, and joins an outer one', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await counters.incrementBelow(trx, 'trx:1', 5);
        await inTransaction(trx, (inner) => counters.incrementBelow(inner, 'trx:2', 5));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await counters.readCounters(db, ['trx:1', 'trx:2'])).toEqual(new Map());
    await inTransaction(db, (trx) => counters.incrementBelow(trx, 'trx:1', 5));
    expect(await counters.readCounter(db, 'trx:1')).toBe(1);
  });
});
