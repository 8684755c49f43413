// The host's live lottery (decision 0052): winners of one prize drawn among the logged-in
// viewers in the room at that moment (not the host, not anonymous guests), each prize given
// through the rewards kernel (stock taken atomically, points and coupons delivered) as an award
// of the session's campaign, so "中奖记录" and the operators' winners list read it like any other
// award. The draw is kept with its winners and announced in the room.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import { awardPrize, inTransaction, listPrizes, type Prize } from '../campaigns/index.ts';
import { shoppersByAccid } from '../chat/index.ts';
import { findUserById, maskMobile } from '../product/index.ts';
import type { Database } from '../store/index.ts';
import { insertDraw, type LiveDraw, type LiveSession } from './store.ts';
import type { LiveRooms } from './room.ts';

export interface Winner {
  userId: number;
  /** The winner's IM account: the room's announcement names it, so the winner's page knows. */
  accid: string;
  nick: string;
  mobile: string;
}

/** A prize the lottery may give: anything but a thanks. */
export const drawable = (prize: Prize): boolean => prize.kind !== 'thanks';

/** Fisher-Yates with the crypto generator: the first `n` of a uniform shuffle. */
export function pickRandom<T>(items: readonly T[], n: number): T[] {
  const pool = [...items];
  const count = Math.min(n, pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

export async function runDraw(
  db: Kysely<Database>,
  rooms: LiveRooms,
  session: LiveSession,
  request: { prizeKey: string; winners: number; now: number },
): Promise<LiveDraw & { winnerList: Winner[] }> {
  const prizes = await listPrizes(db, session.campaign_id);
  const prize = prizes.find((p) => p.prize_key === request.prizeKey && drawable(p));
  if (!prize) throw fail('livePrizeNotFound');
  if (prize.stock !== null && Number(prize.stock) <= 0) throw fail('livePrizeOutOfStock');

  const ref = { appKey: session.app_key, roomId: session.chatroom_id };
  const visitors = await rooms.onlineVisitors(ref);
  const users = await shoppersByAccid(
    db,
    session.app_key,
    visitors.map((v) => v.accid),
  );
  const pool = visitors
    .map((v) => ({ ...v, userId: users.get(v.accid) }))
    .filter((v): v is { accid: string; nick: string; userId: number } => v.userId !== undefined)
    .filter((v) => v.userId !== session.host_user_id);
  if (pool.length === 0) throw fail('liveNoViewers');

  return inTransaction(db, async (trx) => {
    const winners: Winner[] = [];
    for (const pick of pickRandom(pool, request.winners)) {
      const result = await awardPrize(trx, {
        campaignId: session.campaign_id,
        userId: pick.userId,
        prize,
        source: 'live',
        now: request.now,
      });
      if (!result) break; // out of stock: the winners so far keep theirs
      const user = await findUserById(trx, pick.userId);
      winners.push({
        userId: pick.userId,
        accid: pick.accid,
        nick: pick.nick,
        mobile: maskMobile(user?.mobile ?? ''),
      });
    }
    if (winners.length === 0) throw fail('livePrizeOutOfStock');
    const draw = await insertDraw(trx, {
      session_id: session.id,
      prize_key: prize.prize_key,
      prize_name: prize.name,
      prize_image: prize.image,
      winners: JSON.stringify(winners),
      drawn_at: request.now,
    });
    return { ...draw, winnerList: winners };
  });
}
