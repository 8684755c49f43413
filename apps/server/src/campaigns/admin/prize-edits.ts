// Safe prize edits (issue 26, decision 0037). The configuration as it would be after the edit is
// checked whole (checks.ts: slots that exist, one prize per slot, an unlimited fallback), and a
// published campaign's stock is never written by an edit: draws take units while the operator
// types, so only the relative, atomic /stock route moves it. A PUT that carries back the stock
// GET answered passes: `stock + awarded` is what draws leave unchanged.
import type { Kysely } from 'kysely';
import type { PrizeConfig } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import { writePrize } from '../config-store.ts';
import type { Campaign } from '../kernel/window.ts';
import { findPrize, listPrizes } from '../store/prizes.ts';
import { updatePrizeFields } from '../store/admin-store.ts';
import { configProblems, type PrizeShape } from './checks.ts';
import { adminFail, refuseProblems } from './problems.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findPrize>>>;

const shape = (p: Row): PrizeShape => ({
  key: p.prize_key,
  kind: p.kind,
  value: p.value,
  slot: Number(p.slot),
  stock: p.stock === null ? null : Number(p.stock),
});

const configOf = (p: Row): PrizeConfig => ({
  key: p.prize_key,
  name: p.name,
  image: p.image,
  kind: p.kind,
  value: p.value,
  weight: Number(p.weight),
  stock: p.stock === null ? null : Number(p.stock),
  slot: Number(p.slot),
  usage: p.usage.split('\n').filter((line) => line.trim() !== ''),
});

export async function currentPrizes(
  db: Kysely<Database>,
  campaignId: string,
): Promise<PrizeShape[]> {
  return (await listPrizes(db, campaignId)).map(shape);
}

/**
 * The prize with `changes` applied (PATCH); 61004 when there is no such prize. A PATCH that does
 * not name `stock` leaves it alone (writePrizeSafely's `keepStock`), whatever draws do meanwhile.
 */
export async function prizeWith(
  db: Kysely<Database>,
  campaignId: string,
  key: string,
  changes: Partial<Omit<PrizeConfig, 'key'>>,
): Promise<PrizeConfig> {
  const row = await findPrize(db, campaignId, key);
  if (!row) throw adminFail('adminNotFound', `奖品 ${key} 不存在`);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return { ...configOf(row), ...defined, key };
}

/**
 * Writes `prize` (created when new) after checking the campaign as it would be. In a published
 * campaign a limited prize's stock is not overwritten with another number: the body must carry
 * the value GET answered (with `awarded` when sent, so draws in between do not matter), else
 * 61013 points at /stock. Unlimited to limited and back is written as asked.
 */
export async function writePrizeSafely(
  db: Kysely<Database>,
  campaign: Campaign,
  prize: PrizeConfig,
  options: { awarded?: number; keepStock?: boolean },
  now: number,
): Promise<void> {
  const existing = await findPrize(db, campaign.id, prize.key);
  const stock = prize.stock ?? null;
  const others = (await currentPrizes(db, campaign.id)).filter((p) => p.key !== prize.key);
  const after = [...others, { ...prize, value: prize.value ?? '', stock }];
  refuseProblems(
    await configProblems(db, campaign.kind, JSON.parse(campaign.settings) as unknown, after),
  );
  if (!existing) {
    await writePrize(db, campaign.id, prize, now, false);
    return;
  }
  // Draws never change an unlimited stock, so switching between unlimited and a number races
  // with nothing; overwriting one number with another would (units taken meanwhile come back).
  const published = campaign.status !== 'draft';
  const absolute = existing.stock !== null && stock !== null;
  const keep = options.keepStock === true;
  if (published && absolute && !keep && !sameStock(existing, stock, options.awarded))
    throw adminFail(
      'adminStockIsLive',
      `请用 POST /admin/api/campaigns/${campaign.id}/prizes/${prize.key}/stock 按增减调整（当前库存 ${existing.stock}）`,
    );
  await updatePrizeFields(
    db,
    campaign.id,
    prize.key,
    {
      name: prize.name,
      image: prize.image,
      kind: prize.kind,
      value: prize.value ?? '',
      weight: prize.weight,
      slot: prize.slot,
      usage: (prize.usage ?? []).join('\n'),
      ...(!keep && (!published || !absolute) && { stock }),
    },
    now,
  );
}

/** Whether `stock` (with the `awarded` it was read with) is the prize's stock as it stands. */
function sameStock(existing: Row, stock: number, awarded: number | undefined): boolean {
  if (awarded === undefined) return Number(existing.stock) === stock;
  return Number(existing.stock) + Number(existing.awarded) === stock + awarded;
}
