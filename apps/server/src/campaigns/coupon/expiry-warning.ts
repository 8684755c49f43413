// The window of "即将过期" is data: the coupon campaign's `expiryWarningDays` (an operator changes
// it through the admin API), 3 days when it names none or the campaign is not installed.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { DEFAULT_EXPIRY_WARNING_DAYS } from '../kernel/coupons.ts';
import { findCampaign, parseSettings } from '../kernel/window.ts';
import type { CouponSettings } from './settings.ts';

export const COUPON_CAMPAIGN_ID = 'coupon';

export async function expiryWarningDays(db: Kysely<Database>): Promise<number> {
  const campaign = await findCampaign(db, COUPON_CAMPAIGN_ID);
  if (!campaign) return DEFAULT_EXPIRY_WARNING_DAYS;
  return parseSettings<CouponSettings>(campaign).expiryWarningDays ?? DEFAULT_EXPIRY_WARNING_DAYS;
}
