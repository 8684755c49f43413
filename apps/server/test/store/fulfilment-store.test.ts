// The store of winners and fulfilment and of exchange codes with a window (decision 0038), on
// both engines: the state filters of the winners list, a shipment and a receipt that each happen
// once however many callers race, an address that stops moving once shipped, and codes that work
// only inside their window and list used or unused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { PrizeKind } from '@morsel/api';
import type { Database, Store } from '../../src/store/index.ts';
import { createUser } from '../../src/product/store/users.ts';
import {
  writeCampaign,
  writeCouponTemplate,
  writePrize,
} from '../../src/campaigns/config-store.ts';
import { findPrize } from '../../src/campaigns/store/prizes.ts';
import { insertAward, writeAddress } from '../../src/campaigns/store/awards.ts';
import * as fulfilment from '../../src/campaigns/store/fulfilment.ts';
import * as codes from '../../src/campaigns/store/exchange-codes.ts';
import { findTemplate } from '../../src/campaigns/store/coupon-templates.ts';
import { forEachEngine, type FreshStore } from '../harness/index.ts';

type CampaignFile = Parameters<typeof writeCampaign>[1];
type TemplateConfig = Parameters<typeof writeCouponTemplate>[2];

await forEachEngine('fulfilment store', (engine) => {
  let fresh: FreshStore;
  let store: Store;
  let db: Kysely<Database>;
  let winner: number;
  let award: (kind: PrizeKind, campaignId?: string) => Promise<number>;
  beforeAll(async () => {
    fresh = await engine.freshStore();
    store = await fresh.open();
    db = store.db;
    winner = Number((await createUser(db, '13600000301', 1))!.id);
    for (const id of ['ship', 'elsewhere'])
      await writeCampaign(
        db,
        {
          id,
          kind: 'raffle',
          title: id,
          rules: [],
          startsAt: 0,
          endsAt: 10,
          settings: {},
        } as unknown as CampaignFile,
        1,
        false,
      );
    await writePrize(
      db,
      'ship',
      {
        key: 'box',
        name: '礼盒',
        image: '',
        kind: 'goods',
        weight: 1,
        slot: 0,
        stock: null,
        usage: [],
      },
      1,
      false,
    );
    const box = (await findPrize(db, 'ship', 'box'))!;
    let at = 0;
    award = async (kind, campaignId = 'ship') =>
      Number(
        (
          await insertAward(db, {
            campaign_id: campaignId,
            user_id: winner,
            prize_id: Number(box.id),
            prize_key: 'box',
            name: '礼盒',
            image: '',
            kind,
            value: '',
            source: 'draw',
            business_key: null,
            coupon_id: null,
            address: null,
            created_at: ++at,
          })
        ).id,
      );
  });
  afterAll(async () => {
    await store?.close();
    await fresh?.dispose();
  });

  const SHIPMENT = { carrier: '顺丰速运', trackingNo: 'SF1' };
  const ids = async (state?: fulfilment.FulfilmentState) =>
    (await fulfilment.listWinners(db, 'ship', { ...(state && { state }), limit: 100 })).map((w) =>
      Number(w.id),
    );

  it('lists awards by fulfilment state, newest first, with the account number', async () => {
    const unclaimed = await award('goods');
    const given = await award('goods');
    const points = await award('points');
    await award('thanks');
    await award('goods', 'elsewhere');
    await writeAddress(db, given, '{"name":"张三"}', 'first');

    expect(await ids()).toEqual([points, given, unclaimed]);
    expect(await ids('unclaimed')).toEqual([unclaimed]);
    expect(await ids('address_given')).toEqual([given]);
    expect(await ids('issued')).toEqual([points]);
    expect(await ids('shipped')).toEqual([]);
    const page = await fulfilment.listWinners(db, 'ship', { before: points, limit: 1 });
    expect(page.map((w) => Number(w.id))).toEqual([given]);
    expect(page[0]!.account_mobile).toBe('13600000301');
    expect(await fulfilment.findWinner(db, 'elsewhere', given)).toBeUndefined();

    // Only goods with an address ship.
    expect(await fulfilment.writeShipment(db, unclaimed, SHIPMENT, 5)).toBe(false);
    expect(await fulfilment.writeShipment(db, points, SHIPMENT, 5)).toBe(false);
    expect(await fulfilment.writeReceipt(db, given, 5)).toBe(false);
  });

  it('ships once, corrects without moving the time, and takes one receipt under a race', async () => {
    const id = await award('goods');
    await writeAddress(db, id, '{"name":"李四"}', 'first');
    expect(await fulfilment.writeShipment(db, id, SHIPMENT, 100)).toBe(true);
    expect(
      await fulfilment.writeShipment(db, id, { carrier: '中通', trackingNo: 'ZT2' }, 200),
    ).toBe(true);
    const shipped = (await fulfilment.findWinner(db, 'ship', id))!;
    expect(shipped).toMatchObject({ carrier: '中通', tracking_no: 'ZT2' });
    expect(Number(shipped.shipped_at)).toBe(100);
    expect(await ids('shipped')).toEqual([id]);
    // The parcel left for this address: neither a correction nor a first address moves it.
    expect(await writeAddress(db, id, '{"name":"王五"}', 'correction')).toBe(false);

    const raced = await Promise.all(
      Array.from({ length: 8 }, (_, i) => fulfilment.writeReceipt(db, id, 300 + i)),
    );
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await ids('received')).toEqual([id]);
    expect(await fulfilment.writeShipment(db, id, SHIPMENT, 400)).toBe(false);
  });

  it('takes a code only inside its window and lists codes used or unused', async () => {
    await writeCouponTemplate(
      db,
      'ship',
      {
        key: 'tpl',
        name: '券',
        category: '饮品',
        value: 500,
        threshold: 0,
        validDays: 7,
        perUserLimit: 1,
        claimable: true,
        channels: ['store'],
        scope: '全部门店',
        stock: null,
      } as TemplateConfig,
      1,
      false,
    );
    const templateId = Number((await findTemplate(db, 'tpl'))!.id);
    const window = { templateId, startsAt: 1000, expiresAt: 2000 };
    expect(await codes.insertExchangeCode(db, { ...window, code: 'BBB' }, 1)).toBe(true);
    expect(await codes.insertExchangeCode(db, { ...window, code: 'AAA' }, 1)).toBe(true);
    expect(await codes.insertExchangeCode(db, { ...window, code: 'AAA' }, 1)).toBe(false);
    expect(await codes.takenExchangeCodes(db, ['AAA', 'ZZZ'])).toEqual(['AAA']);

    expect(await codes.takeExchangeCode(db, 'AAA', winner, 999)).toBe(false);
    expect(await codes.takeExchangeCode(db, 'AAA', winner, 2000)).toBe(false);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => codes.takeExchangeCode(db, 'AAA', winner, 1500)),
    );
    expect(raced.filter(Boolean)).toHaveLength(1);

    const list = async (query: Omit<codes.ExchangeCodeQuery, 'limit'>) =>
      (await codes.listExchangeCodes(db, templateId, { ...query, limit: 10 })).map((c) => c.code);
    expect(await list({})).toEqual(['AAA', 'BBB']);
    expect(await list({ status: 'used' })).toEqual(['AAA']);
    expect(await list({ status: 'unused' })).toEqual(['BBB']);
    expect(await list({ after: 'AAA' })).toEqual(['BBB']);
  });
});
