// Settings of the red-packet rain: rounds a day and from assists, how a round falls, the caps on
// taps, the catches a prize needs and the 谢谢参与 fallback. Operators edit them through the admin
// API like any campaign's.
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import type { Problem } from '../settings-problems.ts';

export const RainSettings = Type.Object(
  {
    ...CampaignCopy,
    /** Rounds every shopper has each Asia/Shanghai day. */
    dailyChances: Type.Integer({ minimum: 0, maximum: 100 }),
    /** Extra rounds a day friends' assists may add (one an assist). */
    bonusChancesPerDay: Type.Integer({ minimum: 0, maximum: 100 }),
    /** Length of a round. */
    roundSeconds: Type.Integer({ minimum: 5, maximum: 60 }),
    /** Red packets a round drops. */
    packetsPerRound: Type.Integer({ minimum: 1, maximum: 300 }),
    /** How long a packet takes to fall across the screen (the catch window of each packet). */
    fallMs: Type.Integer({ minimum: 800, maximum: 10_000 }),
    /** Taps (catches) a second beyond which a round is refused: no person taps faster. */
    maxTapsPerSecond: Type.Integer({ minimum: 1, maximum: 30 }),
    /** Catches a round may report at most. */
    maxTapsPerRound: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** Catches a round needs for a prize draw; fewer earn the fallback. */
    minCatches: Type.Integer({ minimum: 0, maximum: 1000 }),
    /** Awarded when the round earns no draw or the drawn prize ran out; unlimited stock. */
    fallbackPrize: Type.String({ minLength: 1, maxLength: 64 }),
    /** A round needs the shopper's WeChat (the oauth page obtains it; red packets pay to it). */
    requireWechat: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type RainSettings = Static<typeof RainSettings>;

export const rainPrizeKeys = (settings: RainSettings): string[] => [settings.fallbackPrize];

export function rainProblems(settings: RainSettings): Problem[] {
  const problems: Problem[] = [];
  if (settings.minCatches > settings.packetsPerRound)
    problems.push({
      field: 'settings.minCatches',
      expects: `应不大于每轮红包数 packetsPerRound（${settings.packetsPerRound}）`,
    });
  if (settings.fallMs >= settings.roundSeconds * 1000)
    problems.push({
      field: 'settings.fallMs',
      expects: `应小于一轮的时长（roundSeconds ${settings.roundSeconds} 秒，即 ${settings.roundSeconds * 1000} 毫秒）`,
    });
  return problems;
}
