// The orange gift card's routes (docs/orange-card.md). Ordering: the amount is the server's (face
// value × quantity from the configuration) and one the page did not show is refused with 63001;
// the order is paid through the commerce cashier and its cards are issued by the payment's
// fulfilment (issue.ts). Giving: a card moves active → giving and a gift with a fresh 256-bit token
// is recorded in one transaction. Claiming: one conditional update decides (store.ts claimGift);
// a claim that loses is told why (63205–63208) from the gift as it now stands.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '@morsel/api';
import { route } from '../../../api/index.ts';
import { findUserById, maskMobile } from '../../../product/index.ts';
import { inTransaction } from '../../../store/index.ts';
import { currentUser, optionalUser, userId } from '../../context.ts';
import { counterKey, tryIncrement } from '../../kernel/counters.ts';
import { chinaDay } from '../../kernel/time.ts';
import {
  parseSettings,
  publicCampaign,
  requireCampaign,
  requireRunning,
} from '../../kernel/window.ts';
import type { CommerceContext } from '../context.ts';
import { yuan } from '../money.ts';
import { createOrder } from '../orders.ts';
import { findOwnOrder, ordersOfKind, type Order } from '../store/orders.ts';
import { findCity, type OrangeCardSettings } from './settings.ts';
import {
  cardsOfOrders,
  cardsOfOwner,
  claimGift,
  countHeld,
  findCardById,
  findGift,
  findOwnCard,
  giftsOfGiver,
  givenCounts,
  insertGift,
  markGiving,
  pendingGiftsOf,
  readCityChoice,
  saveCityChoice,
  settleGivingCard,
  type OrangeCard,
} from './store.ts';
import { cardView, givenGiftView, orangeOrderView } from './views.ts';

export const ORANGE_CAMPAIGN = 'orange-card';
const KIND = 'orange_card';
const RECORDS_PAGE = 20;

const faceViews = (faces: OrangeCardSettings['cities'][number]['faces']) =>
  faces.map((f) => ({ id: f.id, amount: f.amount, amountText: yuan(f.amount) }));

export function registerOrangeCardRoutes(scope: FastifyInstance, ctx: CommerceContext): void {
  const { db, clock } = ctx.campaigns.product;

  async function settingsOf() {
    const campaign = await requireCampaign(db, ORANGE_CAMPAIGN);
    return { campaign, settings: parseSettings<OrangeCardSettings>(campaign) };
  }

  /** Card views with the pending gift of each card that is being given. */
  async function cardViews(cards: OrangeCard[]) {
    const giving = cards.filter((c) => c.state === 'giving').map((c) => Number(c.id));
    const pending = new Map(
      (await pendingGiftsOf(db, giving)).map((g) => [Number(g.card_id), g] as const),
    );
    return cards.map((c) => cardView(c, pending.get(Number(c.id))));
  }

  async function orderViews(orders: Order[], buyerId: number, now: number) {
    const ids = orders.map((o) => Number(o.id));
    const cards = await cardsOfOrders(db, ids, buyerId);
    const views = await cardViews(cards);
    const given = await givenCounts(db, ids);
    return orders.map((o) =>
      orangeOrderView(
        o,
        views.filter((_, i) => Number(cards[i]!.order_id) === Number(o.id)),
        given.get(Number(o.id)) ?? 0,
        now,
      ),
    );
  }

  route(scope, 'orangeCard.home', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await settingsOf();
    const user = await optionalUser(ctx.campaigns, request);
    const remembered = user ? await readCityChoice(db, userId(user)) : undefined;
    const city =
      findCity(settings, request.query.city) ??
      findCity(settings, remembered) ??
      settings.cities[0]!;
    return ok({
      campaign: publicCampaign(campaign, now),
      cardName: settings.cardName,
      cities: settings.cities.map((c) => ({ code: c.code, name: c.name })),
      city: { code: city.code, name: city.name },
      faces: faceViews(city.faces),
      maxQuantity: settings.maxQuantity,
      giftHours: settings.giftHours,
      blessings: settings.blessings,
      methods: [...ctx.providers.values()].map((p) => ({ id: p.method, name: p.title })),
      cardsHeld: user ? await countHeld(db, userId(user)) : 0,
    });
  });

  route(scope, 'orangeCard.chooseCity', async (request) => {
    const { settings } = await settingsOf();
    const user = await currentUser(ctx.campaigns, request);
    const city = findCity(settings, request.body.city);
    if (!city) throw fail('orangeCityUnknown');
    await saveCityChoice(db, userId(user), city.code, clock.now());
    return ok({ code: city.code, name: city.name });
  });

  route(scope, 'orangeCard.order', async (request) => {
    const now = clock.now();
    const { campaign, settings } = await settingsOf();
    const user = await currentUser(ctx.campaigns, request);
    requireRunning(campaign, now);
    const city = findCity(settings, request.body.city);
    if (!city) throw fail('orangeCityUnknown');
    const face = city.faces.find((f) => f.id === request.body.faceId);
    if (!face) throw fail('orangeFaceInvalid');
    const quantity = Number(request.body.quantity);
    if (quantity > settings.maxQuantity)
      throw fail('badParameter', { message: `每单最多购买${settings.maxQuantity}张` });
    const amount = face.amount * quantity;
    if (Number(request.body.amount) !== amount)
      throw fail('orderAmountChanged', { data: { amount } });
    const uid = userId(user);
    const key = counterKey.daily(ORANGE_CAMPAIGN, 'order', uid, chinaDay(now));
    if (!(await tryIncrement(db, key, settings.ordersPerDay))) throw fail('orangeDailyOrderLimit');
    const order = await createOrder(db, {
      userId: uid,
      kind: KIND,
      subject: `${settings.cardName}·${city.name} ${yuan(face.amount)}元 ×${quantity}`,
      amount,
      channel: null,
      detail: {
        cityCode: city.code,
        cityName: city.name,
        faceId: face.id,
        faceValue: face.amount,
        quantity,
      },
      now,
      expiresAt: now + settings.orderMinutes * 60_000,
    });
    return ok(orangeOrderView(order, [], 0, now));
  });

  route(scope, 'orangeCard.records', async (request) => {
    const now = clock.now();
    const user = await currentUser(ctx.campaigns, request);
    const uid = userId(user);
    const before = request.query.before;
    const orders = await ordersOfKind(db, {
      userId: uid,
      kind: KIND,
      ...(before ? { beforeId: Number(before) } : {}),
      limit: RECORDS_PAGE + 1,
    });
    const page = orders.slice(0, RECORDS_PAGE);
    return ok({
      orders: await orderViews(page, uid, now),
      next: orders.length > RECORDS_PAGE ? String(page.at(-1)!.id) : null,
    });
  });

  route(scope, 'orangeCard.orderDetail', async (request) => {
    const now = clock.now();
    const user = await currentUser(ctx.campaigns, request);
    const uid = userId(user);
    const order = await findOwnOrder(db, uid, request.params.orderNo);
    // Another shopper's order, or a top-up, answers as an unknown one.
    if (!order || order.kind !== KIND) throw fail('orderNotFound');
    return ok((await orderViews([order], uid, now))[0]!);
  });

  route(scope, 'orangeCard.cards', async (request) => {
    const user = await currentUser(ctx.campaigns, request);
    const uid = userId(user);
    const gifts = await giftsOfGiver(db, uid);
    const given = [];
    for (const gift of gifts) {
      const card = await findCardById(db, Number(gift.card_id));
      const receiver =
        gift.receiver_id === null ? undefined : await findUserById(db, Number(gift.receiver_id));
      if (card) given.push(givenGiftView(gift, card, receiver?.mobile ?? null));
    }
    return ok({ cards: await cardViews(await cardsOfOwner(db, uid)), given });
  });

  route(scope, 'orangeCard.give', async (request) => {
    const now = clock.now();
    const { settings } = await settingsOf();
    const user = await currentUser(ctx.campaigns, request);
    const uid = userId(user);
    const cardId = Number(request.params.id);
    const card = await findOwnCard(db, uid, cardId);
    if (!card || card.state === 'void') throw fail('orangeCardNotFound');
    const blessing = request.body.blessing.trim();
    await inTransaction(db, async (trx) => {
      if (!(await markGiving(trx, cardId, uid, now))) throw fail('orangeCardNotGivable');
      const key = counterKey.daily(ORANGE_CAMPAIGN, 'gift', uid, chinaDay(now));
      if (!(await tryIncrement(trx, key, settings.giftsPerDay))) throw fail('orangeGiftDailyLimit');
      await insertGift(trx, {
        token: randomBytes(32).toString('base64url'),
        card_id: cardId,
        giver_id: uid,
        blessing,
        state: 'pending',
        receiver_id: null,
        created_at: now,
        expires_at: now + settings.giftHours * 3_600_000,
        claimed_at: null,
        returned_at: null,
      });
    });
    const [view] = await cardViews([(await findCardById(db, cardId))!]);
    return ok(view!);
  });

  route(scope, 'orangeCard.gift', async (request) => {
    const now = clock.now();
    const { settings } = await settingsOf();
    const gift = await findGift(db, request.params.token);
    if (!gift) throw fail('orangeGiftNotFound');
    const card = await findCardById(db, Number(gift.card_id));
    const giver = await findUserById(db, Number(gift.giver_id));
    if (!card || !giver) throw fail('orangeGiftNotFound');
    const user = await optionalUser(ctx.campaigns, request);
    const uid = user ? userId(user) : undefined;
    const expired = gift.state === 'pending' && Number(gift.expires_at) <= now;
    return ok({
      cardName: settings.cardName,
      giver: maskMobile(giver.mobile),
      blessing: gift.blessing,
      cityName: card.city_name,
      faceValue: Number(card.face_value),
      faceValueText: yuan(Number(card.face_value)),
      state: expired ? 'returned' : gift.state,
      expiresAt: Number(gift.expires_at),
      role:
        uid === undefined
          ? null
          : uid === Number(gift.giver_id)
            ? 'giver'
            : uid === Number(gift.receiver_id)
              ? 'receiver'
              : null,
      serverTime: now,
    });
  });

  route(scope, 'orangeCard.claim', async (request) => {
    const now = clock.now();
    const user = await currentUser(ctx.campaigns, request);
    const uid = userId(user);
    const token = request.params.token;
    const won = await inTransaction(db, async (trx) => {
      if (!(await claimGift(trx, token, uid, now))) return undefined;
      const gift = (await findGift(trx, token))!;
      await settleGivingCard(trx, Number(gift.card_id), { ownerId: uid, source: 'gift' }, now);
      return gift;
    });
    if (won) {
      const [view] = await cardViews([(await findCardById(db, Number(won.card_id)))!]);
      return ok(view!);
    }
    // Lost: say why, from the gift as it now stands.
    const gift = await findGift(db, token);
    if (!gift) throw fail('orangeGiftNotFound');
    if (Number(gift.giver_id) === uid) throw fail('orangeGiftOwn');
    if (gift.state === 'claimed')
      throw fail('orangeGiftClaimed', { data: { byYou: Number(gift.receiver_id) === uid } });
    throw fail('orangeGiftExpired');
  });
}
