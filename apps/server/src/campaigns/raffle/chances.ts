// A shopper's draws: a daily base plus chances earned by sharing and assists (capped per day),
// and an optional total. Spending one is a conditional increment, so no request draws twice on
// the last chance.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { counterKey, readCounters, tryIncrement } from '../kernel/counters.ts';
import { fail } from '@morsel/api';
import type { RaffleSettings } from './settings.ts';

const keys = (campaignId: string, userId: number, day: string) => ({
  used: counterKey.daily(campaignId, 'draw', userId, day),
  bonus: counterKey.daily(campaignId, 'bonus', userId, day),
  total: counterKey.total(campaignId, 'draw', userId),
});

export interface Chances {
  /** Draws left today (the total limit included). */
  left: number;
  usedToday: number;
  base: number;
  bonus: number;
  bonusCap: number;
}

export async function readChances(
  db: Kysely<Database>,
  campaignId: string,
  settings: RaffleSettings,
  userId: number,
  day: string,
): Promise<Chances> {
  const k = keys(campaignId, userId, day);
  const counts = await readCounters(db, [k.used, k.bonus, k.total]);
  const usedToday = counts.get(k.used) ?? 0;
  const bonus = Math.min(counts.get(k.bonus) ?? 0, settings.bonusChancesPerDay);
  let left = Math.max(0, settings.dailyChances + bonus - usedToday);
  if (settings.totalChances !== undefined)
    left = Math.min(left, Math.max(0, settings.totalChances - (counts.get(k.total) ?? 0)));
  return {
    left,
    usedToday,
    base: settings.dailyChances,
    bonus,
    bonusCap: settings.bonusChancesPerDay,
  };
}

/** Spends one draw (inside the draw's transaction); 60020 none left today, 60021 none left at all. */
export async function spendChance(
  db: Kysely<Database>,
  campaignId: string,
  settings: RaffleSettings,
  userId: number,
  day: string,
): Promise<void> {
  const k = keys(campaignId, userId, day);
  const bonus = Math.min(
    (await readCounters(db, [k.bonus])).get(k.bonus) ?? 0,
    settings.bonusChancesPerDay,
  );
  if (!(await tryIncrement(db, k.used, settings.dailyChances + bonus)))
    throw fail('noChancesToday');
  if (
    settings.totalChances !== undefined &&
    !(await tryIncrement(db, k.total, settings.totalChances))
  )
    throw fail('noChancesTotal');
}

/** Earns one extra draw today; false when today's bonus is already at its cap. */
export async function earnChance(
  db: Kysely<Database>,
  campaignId: string,
  settings: RaffleSettings,
  userId: number,
  day: string,
): Promise<boolean> {
  return tryIncrement(db, keys(campaignId, userId, day).bonus, settings.bonusChancesPerDay);
}
