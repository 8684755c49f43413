// A shopper's rain rounds: a daily base plus one a friend's assist (capped per day). Spending one
// is a conditional increment, so two taps on 开始 never play the last round twice.
import type { Kysely } from 'kysely';
import { fail } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import { counterKey, readCounters, tryIncrement } from '../kernel/counters.ts';
import type { RainSettings } from './settings.ts';

/** The rain pages' kind; `?campaign=` picks one rain of it (decision 0037). */
export const RAIN_KIND = 'rain';

/** A shopper's rounds of one rain campaign today. */
const keys = (campaignId: string, userId: number, day: string) => ({
  used: counterKey.daily(campaignId, 'round', userId, day),
  bonus: counterKey.daily(campaignId, 'bonus', userId, day),
});

export interface RainChances {
  left: number;
  usedToday: number;
  bonus: number;
}

export async function readChances(
  db: Kysely<Database>,
  campaignId: string,
  settings: RainSettings,
  userId: number,
  day: string,
): Promise<RainChances> {
  const k = keys(campaignId, userId, day);
  const counts = await readCounters(db, [k.used, k.bonus]);
  const usedToday = counts.get(k.used) ?? 0;
  const bonus = Math.min(counts.get(k.bonus) ?? 0, settings.bonusChancesPerDay);
  return { left: Math.max(0, settings.dailyChances + bonus - usedToday), usedToday, bonus };
}

/** Spends one round (inside the start's transaction); 62100 when none is left today. */
export async function spendRound(
  db: Kysely<Database>,
  campaignId: string,
  settings: RainSettings,
  userId: number,
  day: string,
): Promise<void> {
  const k = keys(campaignId, userId, day);
  const bonus = Math.min(
    (await readCounters(db, [k.bonus])).get(k.bonus) ?? 0,
    settings.bonusChancesPerDay,
  );
  if (!(await tryIncrement(db, k.used, settings.dailyChances + bonus))) throw fail('rainNoChances');
}

/** One more round today for the sharer; false when today's assists already added the most. */
export function earnRound(
  db: Kysely<Database>,
  campaignId: string,
  settings: RainSettings,
  userId: number,
  day: string,
): Promise<boolean> {
  return tryIncrement(db, keys(campaignId, userId, day).bonus, settings.bonusChancesPerDay);
}
