// Writes campaign configuration (seed files and the admin API share these): a campaign, its
// prizes, passwords, coupon templates and exchange codes. `replace` false inserts what is missing
// and leaves what an operator changed alone; true overwrites (the admin API's PUT). Prizes and
// templates answer whether a row was written, so an insert can tell a taken key apart.
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.ts';
import type { CampaignFile, CouponTemplateConfig, PasswordConfig, PrizeConfig } from '@morsel/api';
import { normalisePassword } from './password/settings.ts';
import { instantMs } from './schemas.ts';

export async function writeCampaign(
  db: Kysely<Database>,
  file: CampaignFile,
  now: number,
  replace: boolean,
): Promise<void> {
  const row = {
    id: file.id,
    kind: file.kind,
    title: file.title,
    rules: file.rules.join('\n'),
    starts_at: instantMs(file.startsAt),
    ends_at: instantMs(file.endsAt),
    settings: JSON.stringify(file.settings),
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('campaigns')
    .values(row)
    .onConflict((oc) => {
      const target = oc.column('id');
      if (!replace) return target.doNothing();
      const { id: _id, created_at: _created, ...changes } = row;
      return target.doUpdateSet(changes);
    })
    .execute();
}

export async function writePrize(
  db: Kysely<Database>,
  campaignId: string,
  prize: PrizeConfig,
  now: number,
  replace: boolean,
): Promise<boolean> {
  const row = {
    campaign_id: campaignId,
    prize_key: prize.key,
    name: prize.name,
    image: prize.image,
    kind: prize.kind,
    value: prize.value ?? '',
    weight: prize.weight,
    stock: prize.stock ?? null,
    slot: prize.slot,
    usage: (prize.usage ?? []).join('\n'),
    created_at: now,
    updated_at: now,
  };
  const result = await db
    .insertInto('campaign_prizes')
    .values(row)
    .onConflict((oc) => {
      const target = oc.columns(['campaign_id', 'prize_key']);
      if (!replace) return target.doNothing();
      const { campaign_id: _c, prize_key: _k, created_at: _t, ...changes } = row;
      return target.doUpdateSet(changes);
    })
    .executeTakeFirst();
  // Nothing written: the key was taken and `replace` was false.
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function writePassword(
  db: Kysely<Database>,
  campaignId: string,
  entry: PasswordConfig,
  now: number,
  replace: boolean,
): Promise<void> {
  const row = {
    campaign_id: campaignId,
    password: normalisePassword(entry.password),
    prize_key: entry.prize,
    starts_at: instantMs(entry.startsAt),
    ends_at: instantMs(entry.endsAt),
    use_limit: entry.useLimit ?? null,
    created_at: now,
  };
  await db
    .insertInto('campaign_passwords')
    .values(row)
    .onConflict((oc) => {
      const target = oc.columns(['campaign_id', 'password']);
      if (!replace) return target.doNothing();
      return target.doUpdateSet({
        prize_key: row.prize_key,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        use_limit: row.use_limit,
      });
    })
    .execute();
}

export async function writeCouponTemplate(
  db: Kysely<Database>,
  campaignId: string,
  template: CouponTemplateConfig,
  now: number,
  replace: boolean,
): Promise<boolean> {
  const row = {
    template_key: template.key,
    campaign_id: campaignId,
    name: template.name,
    category: template.category,
    value: template.value,
    threshold: template.threshold,
    valid_days: template.validDays,
    stock: template.stock ?? null,
    per_user_limit: template.perUserLimit,
    claimable: template.claimable ? 1 : 0,
    channels: JSON.stringify(template.channels),
    scope: template.scope,
    online_path: template.onlinePath ?? '',
    created_at: now,
    updated_at: now,
  };
  const result = await db
    .insertInto('coupon_templates')
    .values(row)
    .onConflict((oc) => {
      const target = oc.column('template_key');
      if (!replace) return target.doNothing();
      const { template_key: _k, created_at: _t, ...changes } = row;
      return target.doUpdateSet(changes);
    })
    .executeTakeFirst();
  // Nothing written: the key was taken and `replace` was false.
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function writeExchangeCode(
  db: Kysely<Database>,
  code: string,
  templateKey: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  const template = await db
    .selectFrom('coupon_templates')
    .select('id')
    .where('template_key', '=', templateKey)
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('coupon_exchange_codes')
    .values({
      code,
      template_id: template.id,
      expires_at: expiresAt,
      used_by: null,
      used_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}
