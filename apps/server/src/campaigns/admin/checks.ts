// Whether a campaign's configuration holds together, as one list of problems (problems.ts): the
// kind's settings schema, the prizes and templates the settings name, a fallback prize with
// unlimited stock, and for a raffle a board whose prizes sit on slots that exist, one per slot.
// The admin routes run it on the configuration as it would be after the change, so a change that
// breaks any rule is refused before it is stored.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { findTemplate } from '../kernel/coupons.ts';
import { KINDS, referencedKeys } from '../kinds.ts';
import { repeatedValues } from '../settings-problems.ts';
import { schemaProblems, type Problem } from './problems.ts';

/** The parts of a prize the checks read. */
export interface PrizeShape {
  key: string;
  kind: string;
  value: string;
  slot: number;
  stock: number | null;
}

/** Slots of each raffle layout: the nine-grid's 8 cells around the button, the wheel's sectors. */
export const BOARD_SLOTS = { grid: 8, wheel: 12 } as const;
const LAYOUT_NAME = { grid: '九宫格', wheel: '转盘' } as const;

/** A window that ends after it starts. */
export const windowProblems = (startsAt: number, endsAt: number): Problem[] =>
  startsAt < endsAt ? [] : [{ field: 'endsAt', expects: '应晚于 startsAt（活动开始时间）' }];

/** Prize keys listed more than once in one request or file. */
export const repeatedPrizeProblems = (prizes: readonly { key: string }[]): Problem[] =>
  repeatedValues(prizes.map((p) => p.key)).map((key) => ({
    field: `prizes.${key}`,
    expects: '奖品编号重复',
  }));

/** Settings' own problems: the kind's schema (every field) and what it cannot say. */
export function settingsProblemList(kind: string, settings: unknown): Problem[] {
  const rules = KINDS[kind];
  if (!rules)
    return [{ field: 'kind', expects: `应为已有的活动类型（${Object.keys(KINDS).join('、')}）` }];
  const problems = schemaProblems(rules.settings, settings, 'settings');
  if (problems.length > 0 || !rules.problems) return problems;
  return rules.problems(settings as never);
}

function boardProblems(settings: { layout?: unknown }, prizes: readonly PrizeShape[]): Problem[] {
  const layout = settings.layout === 'wheel' ? 'wheel' : 'grid';
  const slots = BOARD_SLOTS[layout];
  const problems: Problem[] = [];
  const taken = new Map<number, string>();
  for (const prize of prizes) {
    if (prize.slot < 0) continue;
    if (prize.slot >= slots) {
      problems.push({
        field: `prizes.${prize.key}.slot`,
        expects: `应为 -1（不上${LAYOUT_NAME[layout]}）或 0 到 ${slots - 1} 之间的整数：${LAYOUT_NAME[layout]}共 ${slots} 格，没有 ${prize.slot} 号格`,
      });
      continue;
    }
    const other = taken.get(prize.slot);
    if (other !== undefined) {
      problems.push({
        field: `prizes.${prize.key}.slot`,
        expects: `与奖品 ${other} 同在 ${prize.slot} 号格：每格只能放一个奖品`,
      });
    }
    taken.set(prize.slot, prize.key);
  }
  return problems;
}

/** Coupon templates a configuration names: its settings' and its coupon prizes'. */
function namedTemplates(kind: string, settings: unknown, prizes: readonly PrizeShape[]): string[] {
  return [
    ...referencedKeys(kind, settings).templates,
    ...prizes.filter((p) => p.kind === 'coupon').map((p) => p.value),
  ];
}

/**
 * Every problem of a campaign configured as `kind` with `settings` and `prizes` (as they would be
 * after the change under way), given the coupon templates that exist. Settings that fail their
 * schema are reported alone: what they name cannot be read yet. The admin API and the seed files
 * (seed.ts) both run it, so a configuration one refuses the other refuses too.
 */
export function configProblemsWith(
  kind: string,
  settings: unknown,
  prizes: readonly PrizeShape[],
  templates: ReadonlySet<string>,
): Problem[] {
  const own = settingsProblemList(kind, settings);
  if (own.length > 0) return own;
  const problems: Problem[] = [];
  const byKey = new Map(prizes.map((p) => [p.key, p]));
  const named = referencedKeys(kind, settings);
  const fallback = (settings as { fallbackPrize?: unknown }).fallbackPrize;
  for (const key of named.prizes) {
    const prize = byKey.get(key);
    if (!prize) problems.push({ field: 'settings', expects: `引用的奖品 ${key} 不存在` });
    else if (key === fallback && prize.stock !== null)
      problems.push({
        field: `prizes.${key}.stock`,
        expects: '应为 null：保底奖品的库存必须不限量，抽到的奖品没货时由它兜底',
      });
  }
  for (const key of named.templates)
    if (!templates.has(key))
      problems.push({ field: 'settings', expects: `引用的优惠券模板 ${key} 不存在` });
  for (const prize of prizes) {
    if (prize.kind === 'coupon' && !templates.has(prize.value))
      problems.push({
        field: `prizes.${prize.key}.value`,
        expects: `应为已有的优惠券模板编号（${prize.value || '空'} 不存在）`,
      });
    if (prize.kind === 'points' && !/^[1-9]\d{0,7}$/.test(prize.value))
      problems.push({ field: `prizes.${prize.key}.value`, expects: '应为积分数（正整数）' });
  }
  if (kind === 'raffle') problems.push(...boardProblems(settings as { layout?: unknown }, prizes));
  return problems;
}

/** `configProblemsWith` against the coupon templates in the store. */
export async function configProblems(
  db: Kysely<Database>,
  kind: string,
  settings: unknown,
  prizes: readonly PrizeShape[],
): Promise<Problem[]> {
  const own = settingsProblemList(kind, settings);
  if (own.length > 0) return own;
  const templates = new Set<string>();
  for (const key of new Set(namedTemplates(kind, settings, prizes)))
    if (await findTemplate(db, key)) templates.add(key);
  return configProblemsWith(kind, settings, prizes, templates);
}
