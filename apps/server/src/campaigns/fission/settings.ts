// Settings of red-packet fission: the packet an ordinary shopper opens (index) and the one a new
// shopper opens under their own rules (newFission), how many a shopper may open and help a day,
// and the prize that names the points a share pays (its name and picture on "我的奖品").
import { Type, type Static } from '@sinclair/typebox';
import { CampaignCopy } from '../schemas.ts';
import type { Problem } from '../settings-problems.ts';

const PacketRules = Type.Object(
  {
    /** Points in one packet, split among the owner and the friends who help open it. */
    totalPoints: Type.Integer({ minimum: 2, maximum: 100_000 }),
    /** Shares: the owner's plus one per helping friend (at least one friend). */
    shares: Type.Integer({ minimum: 2, maximum: 50 }),
    /** Minutes friends have to help once the packet is opened. */
    minutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 }),
  },
  { additionalProperties: false },
);
export type PacketRules = Static<typeof PacketRules>;

export const FissionSettings = Type.Object(
  {
    ...CampaignCopy,
    packet: PacketRules,
    newUser: Type.Object(
      {
        ...PacketRules.properties,
        /** A shopper is new for this many days after registering; one new packet per account. */
        accountAgeDays: Type.Integer({ minimum: 1, maximum: 365 }),
      },
      { additionalProperties: false },
    ),
    /** Ordinary packets a shopper may open each Asia/Shanghai day. */
    packetsPerDay: Type.Integer({ minimum: 1, maximum: 100 }),
    /** Friends' packets a shopper may help open each day. */
    helpsPerDay: Type.Integer({ minimum: 1, maximum: 100 }),
    /** The points prize whose name and picture a paid share carries. */
    sharePrize: Type.String({ minLength: 1, maxLength: 64 }),
    /** Title and picture of the share card (WeChat, the app, H5). */
    shareTitle: Type.String({ minLength: 1, maxLength: 64 }),
    shareImage: Type.String({ minLength: 1, maxLength: 300 }),
  },
  { additionalProperties: false },
);
export type FissionSettings = Static<typeof FissionSettings>;

export const fissionPrizeKeys = (settings: FissionSettings): string[] => [settings.sharePrize];

/** Every share at least 1 point. */
export function fissionProblems(settings: FissionSettings): Problem[] {
  const problems: Problem[] = [];
  for (const [name, rules] of [
    ['packet', settings.packet],
    ['newUser', settings.newUser],
  ] as const) {
    if (rules.totalPoints < rules.shares)
      problems.push({
        field: `settings.${name}.totalPoints`,
        expects: `应不小于份数 shares（${rules.shares}）：每份至少 1 积分`,
      });
  }
  return problems;
}
