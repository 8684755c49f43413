// Coupon template edits (issue 26, decisions 0037 and 0059): a template is added with a key of its
// own (61161 when taken), replaced (PUT) or changed field by field (PATCH), and retired. A
// published campaign's limited stock is never overwritten: claims take units while the operator
// types, so only the relative /stock route moves it (`stock + issued` is compared, as for prizes).
import type { Kysely, Selectable } from 'kysely';
import type { CouponTemplateConfig } from '@morsel/api';
import type { Database } from '../../store/index.ts';
import type { Campaign } from '../kernel/window.ts';
import type { CouponTemplateTable } from '../store/tables.ts';
import { updateTemplateFields } from '../store/admin-store.ts';
import { adminFail } from './problems.ts';

type Template = Selectable<CouponTemplateTable>;

/** A template row as the configuration format names it (what PATCH applies its changes to). */
export function templateConfigOf(row: Template): CouponTemplateConfig {
  return {
    key: row.template_key,
    name: row.name,
    category: row.category,
    value: Number(row.value),
    threshold: Number(row.threshold),
    validDays: Number(row.valid_days),
    stock: row.stock === null ? null : Number(row.stock),
    perUserLimit: Number(row.per_user_limit),
    claimable: Number(row.claimable) === 1,
    channels: JSON.parse(row.channels) as CouponTemplateConfig['channels'],
    scope: row.scope,
    onlinePath: row.online_path,
  };
}

/**
 * Writes `body` over the existing template `existing` of `campaign`. `issued` is what the caller
 * read with the stock (PUT's round trip); `keepStock` leaves the stock alone (a PATCH that does
 * not name it). Unlimited to limited and back is written as asked: nothing races with it.
 */
export async function writeTemplateSafely(
  db: Kysely<Database>,
  campaign: Campaign,
  existing: Template,
  body: Omit<CouponTemplateConfig, 'key'>,
  options: { issued?: number; keepStock?: boolean },
  now: number,
): Promise<void> {
  const key = existing.template_key;
  const stock = body.stock ?? null;
  const absolute = existing.stock !== null && stock !== null;
  const current = Number(existing.stock);
  const same =
    options.issued === undefined
      ? current === stock
      : current + Number(existing.issued) === Number(stock) + options.issued;
  const keep = options.keepStock === true;
  const published = campaign.status !== 'draft';
  if (published && absolute && !keep && !same)
    throw adminFail(
      'adminStockIsLive',
      `请用 POST /admin/api/coupon-templates/${key}/stock 按增减调整（当前库存 ${current}）`,
    );
  await updateTemplateFields(
    db,
    key,
    {
      campaign_id: campaign.id,
      name: body.name,
      category: body.category,
      value: body.value,
      threshold: body.threshold,
      valid_days: body.validDays,
      per_user_limit: body.perUserLimit,
      claimable: body.claimable ? 1 : 0,
      channels: JSON.stringify(body.channels),
      scope: body.scope,
      online_path: body.onlinePath ?? '',
      ...(!keep && (!published || !absolute) && { stock }),
    },
    now,
  );
}
