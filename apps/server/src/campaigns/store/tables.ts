// Row types of the campaign tables (migration 0004_campaigns). Times are epoch ms, flags 0/1,
// structured values JSON text, as everywhere in the store.
import type { ColumnType, Generated } from 'kysely';
import type { AwardSource, CouponSource, PrizeKind } from '@morsel/api';

/** One campaign: its window and its kind-specific settings (JSON, checked by the kind's schema). */
export interface CampaignTable {
  /** Also the path segment: /api/campaign/<id>/…. */
  id: string;
  kind: string;
  title: string;
  /** Rules copy shown to shoppers, one paragraph per line. */
  rules: string;
  starts_at: number;
  ends_at: number;
  settings: string;
  /** The operator's lifecycle (migration 0043): draft | live | paused | ended | archived. */
  status: ColumnType<CampaignStatus, CampaignStatus | undefined, CampaignStatus>;
  created_at: number;
  updated_at: number;
}

/** What an operator set; the time window decides the rest (kernel/window.ts). */
export type CampaignStatus = 'draft' | 'live' | 'paused' | 'ended' | 'archived';

/** A prize of a campaign with its stock; `stock` null means unlimited. */
export interface CampaignPrizeTable {
  id: Generated<number>;
  campaign_id: string;
  prize_key: string;
  name: string;
  image: string;
  kind: PrizeKind;
  /** Points for `points`, a coupon template key for `coupon`. */
  value: string;
  /** Relative draw weight; 0 never drawn (streak rewards, password prizes). */
  weight: number;
  stock: number | null;
  /** How many were awarded (kept beside stock for the admin view). */
  awarded: Generated<number>;
  /** Position on the wheel or nine-grid. */
  slot: number;
  /** How to use the prize, shown on its detail page. */
  usage: string;
  created_at: number;
  updated_at: number;
}

/** A prize won by one shopper. */
export interface CampaignAwardTable {
  id: Generated<number>;
  campaign_id: string;
  user_id: number;
  prize_id: number;
  prize_key: string;
  name: string;
  image: string;
  /** A thanks prize is recorded too (it counts as a draw) but never shown as an award. */
  kind: PrizeKind;
  value: string;
  source: AwardSource;
  /** Makes an award happen at most once (a streak milestone, a password); null when repeatable. */
  business_key: string | null;
  coupon_id: number | null;
  /** Delivery address of a goods prize, JSON; null until the winner submits it. */
  address: string | null;
  /** The shipment of a goods prize (migration 0044): set together by the operator. */
  carrier: string | null;
  tracking_no: string | null;
  shipped_at: number | null;
  /** When the winner confirmed receipt of a shipped prize. */
  received_at: number | null;
  created_at: number;
}

/** A counter that only moves by a conditional increment (per-user limits, earned chances). */
export interface CampaignCounterTable {
  key: string;
  count: number;
}

/** One day a shopper signed in; `streak` counts consecutive days ending on `day`. */
export interface CampaignSignInTable {
  id: Generated<number>;
  campaign_id: string;
  user_id: number;
  /** YYYY-MM-DD in Asia/Shanghai. */
  day: string;
  streak: number;
  /** First day of the streak this sign-in belongs to (milestones are once per streak). */
  streak_start: string;
  created_at: number;
}

/** A friend's assist (or gift claim) through a sharer's share code; once per pair and purpose. */
export interface CampaignAssistTable {
  id: Generated<number>;
  campaign_id: string;
  purpose: string;
  sharer_id: number;
  helper_id: number;
  created_at: number;
}

/** A password of a password campaign. */
export interface CampaignPasswordTable {
  id: Generated<number>;
  campaign_id: string;
  /** Normalised (trimmed, upper case). */
  password: string;
  prize_key: string;
  starts_at: number;
  ends_at: number;
  /** Total redemptions allowed; null unlimited. */
  use_limit: number | null;
  used: Generated<number>;
  created_at: number;
}

/** Points balance of a shopper; never negative (conditional updates). */
export interface PointsBalanceTable {
  user_id: number;
  balance: number;
  updated_at: number;
}

/** Every change of a balance, idempotent by its business key. */
export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  reason: string;
  business_key: string;
  created_at: number;
}

/** A kind of coupon. Amounts are in fen. */
export interface CouponTemplateTable {
  id: Generated<number>;
  template_key: string;
  campaign_id: string;
  name: string;
  category: string;
  /** Amount off in fen. */
  value: number;
  /** Minimum order in fen; 0 none. */
  threshold: number;
  /** Days a claimed coupon stays valid. */
  valid_days: number;
  stock: number | null;
  issued: Generated<number>;
  per_user_limit: number;
  /** 1 when shown in the coupon centre. */
  claimable: number;
  /** JSON array: store, online. */
  channels: string;
  /** Where it applies, shown on the coupon. */
  scope: string;
  /** Where to spend it online (a path of the shop). */
  online_path: string;
  created_at: number;
  updated_at: number;
}

/** A coupon owned by one shopper. */
export interface CouponTable {
  id: Generated<number>;
  template_id: number;
  user_id: number;
  /** One-time redemption code (digits, for QR code and barcode). */
  code: string;
  source: CouponSource;
  claimed_at: number;
  expires_at: number;
  used_at: number | null;
  /** store | online */
  used_channel: string | null;
}

/** A one-time exchange code that turns into a coupon. */
export interface CouponExchangeCodeTable {
  code: string;
  template_id: number;
  /** The instant the code starts to work (migration 0044; 0 = at once). */
  starts_at: Generated<number>;
  expires_at: number;
  used_by: number | null;
  used_at: number | null;
  created_at: number;
}

/** One vote cast (migration 0028): who voted for which option on which Asia/Shanghai day. */
export interface CampaignVoteTable {
  id: Generated<number>;
  campaign_id: string;
  option_key: string;
  user_id: number;
  day: string;
  created_at: number;
}

/** The running count of one vote option. */
export interface CampaignVoteTallyTable {
  campaign_id: string;
  option_key: string;
  votes: number;
}

/** A code printed in a snack bag (migration 0029); opened once. */
export interface CampaignBagCodeTable {
  campaign_id: string;
  code: string;
  batch: string;
  created_at: number;
  opened_by: number | null;
  opened_at: number | null;
  award_id: number | null;
  confirmed_at: number | null;
}

/** A red-packet rain round: its plan, the key of its token and, once settled, what it paid. */
export interface CampaignRainRoundTable {
  id: Generated<number>;
  campaign_id: string;
  user_id: number;
  day: string;
  started_at: number;
  round_ms: number;
  token_key: string;
  /** JSON: the packets ([{at, x, size}]) and the fall time. */
  plan: string;
  settled_at: number | null;
  /** awarded, or refused (taps over the caps, impossible catches): nothing paid. */
  outcome: string | null;
  catches: number | null;
  award_id: number | null;
}

/** A red packet split among friends (migration 0035); share 0 is the owner's. */
export interface CampaignFissionPacketTable {
  id: string;
  campaign_id: string;
  /** normal (index) or new (newFission, new shoppers' rules). */
  kind: string;
  owner_id: number;
  channel: string;
  total_points: number;
  shares: number;
  taken: number;
  /** JSON array of the points of each share, summing to total_points. */
  split: string;
  created_at: number;
  expires_at: number;
}

/** One share of a packet taken by a helping friend. */
export interface CampaignFissionHelpTable {
  packet_id: string;
  slot: number;
  helper_id: number;
  points: number;
  channel: string;
  created_at: number;
}

/** A round of the game centre's game: issued with a seed, finished once. */
export interface CampaignGameRoundTable {
  id: string;
  campaign_id: string;
  user_id: number;
  seed: number;
  issued_at: number;
  finished_at: number | null;
  score: number | null;
  points: number | null;
}

/** One donation of points to a love-account project (migration 0039). */
export interface LoveDonationTable {
  id: Generated<number>;
  campaign_id: string;
  project_key: string;
  user_id: number;
  points: number;
  /** The shopper and the page's request id: a retried request finds its donation. */
  request_key: string;
  created_at: number;
}

/** What a love-account project has raised, and from how many donations. */
export interface LoveProjectTotalTable {
  campaign_id: string;
  project_key: string;
  raised: number;
  donations: number;
}

/** An operator console account (migration 0045); the password only as its scrypt hash. */
export interface AdminUserTable {
  id: Generated<number>;
  name: string;
  /** `scrypt$N$r$p$salt$hash`, base64url parts (console/passwords.ts). */
  password_hash: string;
  role: 'operator' | 'cashier' | 'viewer';
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A console session: the sha256 of its cookie's token, never the token. */
export interface AdminSessionTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface CampaignTables {
  admin_users: AdminUserTable;
  admin_sessions: AdminSessionTable;
  campaigns: CampaignTable;
  campaign_prizes: CampaignPrizeTable;
  campaign_awards: CampaignAwardTable;
  campaign_counters: CampaignCounterTable;
  campaign_sign_ins: CampaignSignInTable;
  campaign_assists: CampaignAssistTable;
  campaign_passwords: CampaignPasswordTable;
  points_balances: PointsBalanceTable;
  points_ledger: PointsLedgerTable;
  coupon_templates: CouponTemplateTable;
  coupons: CouponTable;
  coupon_exchange_codes: CouponExchangeCodeTable;
  campaign_votes: CampaignVoteTable;
  campaign_vote_tallies: CampaignVoteTallyTable;
  campaign_bag_codes: CampaignBagCodeTable;
  campaign_rain_rounds: CampaignRainRoundTable;
  campaign_fission_packets: CampaignFissionPacketTable;
  campaign_fission_helps: CampaignFissionHelpTable;
  campaign_game_rounds: CampaignGameRoundTable;
  love_donations: LoveDonationTable;
  love_project_totals: LoveProjectTotalTable;
}
