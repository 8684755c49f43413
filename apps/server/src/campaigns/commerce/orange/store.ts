// Queries of the orange gift card (orange_cards, orange_gifts, orange_city_choices). Every decision
// is one conditional statement: a card changes hands only from the state the move expects, and a
// gift is claimed by the one update that finds it pending, unexpired and someone else's, so two
// claims at once give the card once on SQLite and PostgreSQL alike.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { OrangeCardTable, OrangeGiftTable } from './tables.ts';

export type OrangeCard = Selectable<OrangeCardTable>;
export type OrangeGift = Selectable<OrangeGiftTable>;

export async function insertCards(
  db: Kysely<Database>,
  cards: Insertable<OrangeCardTable>[],
): Promise<void> {
  await db.insertInto('orange_cards').values(cards).execute();
}

/** Cards of these orders that are still their buyer's (not given away). */
export function cardsOfOrders(
  db: Kysely<Database>,
  orderIds: number[],
  ownerId: number,
): Promise<OrangeCard[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orange_cards')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('owner_id', '=', ownerId)
    .orderBy('order_id')
    .orderBy('seq')
    .execute();
}

/** How many cards of each order were given away (claimed by a friend). */
export async function givenCounts(
  db: Kysely<Database>,
  orderIds: number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orange_gifts')
    .innerJoin('orange_cards', 'orange_cards.id', 'orange_gifts.card_id')
    .select(['orange_cards.order_id as orderId'])
    .select((eb) => eb.fn.countAll<number>().as('given'))
    .where('orange_cards.order_id', 'in', orderIds)
    .where('orange_gifts.state', '=', 'claimed')
    .groupBy('orange_cards.order_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.orderId), Number(r.given)]));
}

export function cardsOfOwner(db: Kysely<Database>, ownerId: number): Promise<OrangeCard[]> {
  return db
    .selectFrom('orange_cards')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('state', '!=', 'void')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function countHeld(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('orange_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('state', '!=', 'void')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findOwnCard(
  db: Kysely<Database>,
  ownerId: number,
  cardId: number,
): Promise<OrangeCard | undefined> {
  return db
    .selectFrom('orange_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export function findCardById(db: Kysely<Database>, id: number): Promise<OrangeCard | undefined> {
  return db.selectFrom('orange_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** active → giving for its owner; false when the card is not theirs or not active. */
export async function markGiving(
  db: Kysely<Database>,
  cardId: number,
  ownerId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orange_cards')
    .set({ state: 'giving', updated_at: now })
    .where('id', '=', cardId)
    .where('owner_id', '=', ownerId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertGift(
  db: Kysely<Database>,
  gift: Insertable<OrangeGiftTable>,
): Promise<OrangeGift> {
  return db.insertInto('orange_gifts').values(gift).returningAll().executeTakeFirstOrThrow();
}

export function findGift(db: Kysely<Database>, token: string): Promise<OrangeGift | undefined> {
  return db.selectFrom('orange_gifts').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The pending gifts of cards (the giver's own view: the link can be shared again). */
export function pendingGiftsOf(db: Kysely<Database>, cardIds: number[]): Promise<OrangeGift[]> {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orange_gifts')
    .selectAll()
    .where('card_id', 'in', cardIds)
    .where('state', '=', 'pending')
    .execute();
}

export function giftsOfGiver(db: Kysely<Database>, giverId: number): Promise<OrangeGift[]> {
  return db
    .selectFrom('orange_gifts')
    .selectAll()
    .where('giver_id', '=', giverId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/**
 * THE claim: pending → claimed by `receiverId`, only while unexpired and not the giver's own.
 * One statement decides; false when it did not (the caller reads the gift to say why).
 */
export async function claimGift(
  db: Kysely<Database>,
  token: string,
  receiverId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orange_gifts')
    .set({ state: 'claimed', receiver_id: receiverId, claimed_at: now })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .where('expires_at', '>', now)
    .where('giver_id', '!=', receiverId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** giving → active under a new owner (a claimed gift) or the same one (a returned gift). */
export async function settleGivingCard(
  db: Kysely<Database>,
  cardId: number,
  to: { ownerId: number; source: 'bought' | 'gift' } | 'back',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orange_cards')
    .set(
      to === 'back'
        ? { state: 'active', updated_at: now }
        : { state: 'active', owner_id: to.ownerId, source: to.source, updated_at: now },
    )
    .where('id', '=', cardId)
    .where('state', '=', 'giving')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending gifts past their time, oldest first. */
export function dueGifts(db: Kysely<Database>, now: number, limit: number): Promise<OrangeGift[]> {
  return db
    .selectFrom('orange_gifts')
    .selectAll()
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** pending → returned, only once it is past its time and still pending. */
export async function markReturned(
  db: Kysely<Database>,
  giftId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('orange_gifts')
    .set({ state: 'returned', returned_at: now })
    .where('id', '=', giftId)
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Voids an order's cards for a refund, only those still active with the buyer and unspent;
 * answers how many. The caller refuses the refund (and rolls back) unless it is all of them.
 */
export async function voidOrderCards(
  db: Kysely<Database>,
  orderId: number,
  buyerId: number,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('orange_cards')
    .set({ state: 'void', updated_at: now })
    .where('order_id', '=', orderId)
    .where('owner_id', '=', buyerId)
    .where('state', '=', 'active')
    .whereRef('balance', '=', 'face_value')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function readCityChoice(
  db: Kysely<Database>,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('orange_city_choices')
    .select('city_code')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.city_code;
}

export async function saveCityChoice(
  db: Kysely<Database>,
  userId: number,
  cityCode: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('orange_city_choices')
    .values({ user_id: userId, city_code: cityCode, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ city_code: cityCode, updated_at: now }))
    .execute();
}
