// The campaign API's shapes as the pages name them, all taken from the route table
// (@morsel/api): pages call routes with `api.call(name, input)` (request/api.ts) and read the
// refusal codes from the one catalogue (`CODES.noChancesToday.code`). CODES is the catalogue as
// one export per code (generated from it), so a page's chunk carries only the codes it names.
import type { DataOf, Envelope } from '../../request/api.ts';

export * as CODES from '@morsel/api/code-exports';

export type Campaign = DataOf<'raffle.board'>['campaign'];
export type CampaignState = Campaign['state'];
export type Award = DataOf<'awards.list'>[number];
export type PrizeKind = Award['kind'];
export type AwardDetail = DataOf<'awards.detail'>;
export type Address = DataOf<'awards.address'>['address'];
export type Template = DataOf<'coupon.newUser'>['coupons'][number];
export type Coupon = DataOf<'coupon.claim'>;

/** A campaign with a "my prizes" list (docs/campaigns.md: shared routes). */
export type AwardCampaign =
  'sign' | 'raffle' | 'password' | 'free' | 'bag' | 'rain' | 'fission' | 'live';

export function codeOf(envelope: Pick<Envelope<unknown>, 'code'>): number {
  return Number(envelope.code);
}
