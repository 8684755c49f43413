// What the admin API answers: rows as the configuration format names them (docs/campaigns.md).
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/index.ts';
import type { CampaignPasswordTable, CouponTemplateTable } from '../store/tables.ts';
import type { Prize } from '../kernel/prizes.ts';
import { campaignState, operatorStatus, type Campaign } from '../kernel/window.ts';
import { templateChannels } from '../kernel/coupons.ts';
import { listPasswords, listTemplates } from '../store/admin-store.ts';
import { listPrizes } from '../store/prizes.ts';

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

export function adminCampaign(campaign: Campaign, now: number) {
  return {
    id: campaign.id,
    kind: campaign.kind,
    title: campaign.title,
    rules: lines(campaign.rules),
    startsAt: Number(campaign.starts_at),
    endsAt: Number(campaign.ends_at),
    state: campaignState(campaign, now),
    status: operatorStatus(campaign, now),
    settings: JSON.parse(campaign.settings) as unknown,
    updatedAt: Number(campaign.updated_at),
  };
}

export function adminPrize(prize: Prize) {
  return {
    key: prize.prize_key,
    name: prize.name,
    image: prize.image,
    kind: prize.kind,
    value: prize.value,
    weight: Number(prize.weight),
    stock: prize.stock === null ? null : Number(prize.stock),
    awarded: Number(prize.awarded),
    slot: Number(prize.slot),
    usage: lines(prize.usage),
  };
}

export function adminPassword(entry: Selectable<CampaignPasswordTable>) {
  return {
    password: entry.password,
    prize: entry.prize_key,
    startsAt: Number(entry.starts_at),
    endsAt: Number(entry.ends_at),
    useLimit: entry.use_limit === null ? null : Number(entry.use_limit),
    used: Number(entry.used),
  };
}

export function adminTemplate(template: Selectable<CouponTemplateTable>) {
  return {
    key: template.template_key,
    campaignId: template.campaign_id,
    name: template.name,
    category: template.category,
    value: Number(template.value),
    threshold: Number(template.threshold),
    validDays: Number(template.valid_days),
    stock: template.stock === null ? null : Number(template.stock),
    issued: Number(template.issued),
    perUserLimit: Number(template.per_user_limit),
    claimable: Number(template.claimable) === 1,
    channels: templateChannels(template),
    scope: template.scope,
    onlinePath: template.online_path,
  };
}

export async function campaignDetail(db: Kysely<Database>, campaign: Campaign, now: number) {
  const [prizes, passwords, templates] = await Promise.all([
    listPrizes(db, campaign.id),
    listPasswords(db, campaign.id),
    listTemplates(db, campaign.id),
  ]);
  return {
    ...adminCampaign(campaign, now),
    prizes: prizes.map(adminPrize),
    passwords: passwords.map(adminPassword),
    couponTemplates: templates.map(adminTemplate),
  };
}
