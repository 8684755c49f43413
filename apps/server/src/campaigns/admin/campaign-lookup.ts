// The campaign an admin route names in its path. The admin API sees every campaign whatever its
// status (an operator reads an archived campaign's winners and a draft's dashboard) and answers
// an unknown id with its own 61004 and HTTP 404; 60000 with HTTP 200 stays the shopper's answer.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { requireAnyCampaign, type Campaign } from '../kernel/window.ts';
import { adminFail } from './problems.ts';

export { requireAnyCampaign as requireAdminCampaign };

/** The campaign of `id`, which must be of `kind` (61003, HTTP 400, naming what `kind` it is). */
export async function requireAdminCampaignOfKind(
  db: Kysely<Database>,
  id: string,
  kind: string,
  what: string,
): Promise<Campaign> {
  const campaign = await requireAnyCampaign(db, id);
  if (campaign.kind !== kind)
    throw adminFail('adminBadConfig', `活动 ${id} 是 ${campaign.kind} 类型，只有${what}`);
  return campaign;
}
