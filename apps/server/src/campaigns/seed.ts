// Campaign configuration is data: every JSON file in apps/server/seed/campaigns is checked and
// written on start, inserting only what is missing, so an operator's changes through the admin
// API survive restarts and a new prize or template added to a file appears on the next start.
// These files are the development demo (MORSEL_SEED_DEMO): their passwords and exchange codes
// are labels, public in the repository, so each install goes live with codes of its own,
// generated once and remembered (store/demo-codes.ts), never with the labels themselves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { Value } from '@sinclair/typebox/value';
import type { Database } from '../store/index.ts';
import { CampaignFile } from '@morsel/api';
import {
  writeCampaign,
  writeCouponTemplate,
  writeExchangeCode,
  writePassword,
  writePrize,
} from './config-store.ts';
import { referencedKeys, settingsProblems } from './kinds.ts';
import { instantMs } from './schemas.ts';
import { inTransaction } from './kernel/transaction.ts';
import { newExchangeCode } from './kernel/coupons.ts';
import { rememberedCode } from './store/demo-codes.ts';

/** A generated code and the label the seed file gives it. */
export interface DemoCode {
  campaignId: string;
  kind: 'password' | 'exchangeCode';
  /** What the seed file says (e.g. 零食节快乐); never accepted by the server. */
  label: string;
  /** What this install accepts instead. */
  value: string;
}

export const CAMPAIGN_SEED_DIR = fileURLToPath(new URL('../../seed/campaigns/', import.meta.url));

/** Reads and checks every campaign file; a bad file stops the start with its name and the problem. */
export function readCampaignFiles(dir: string = CAMPAIGN_SEED_DIR): CampaignFile[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const campaigns = files.map((name) => {
    const where = path.join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(where, 'utf8'));
    } catch (error) {
      throw new Error(`campaign seed ${where} is not valid JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const problem = Value.Errors(CampaignFile, parsed).First();
    if (problem)
      throw new Error(`campaign seed ${where}: ${problem.path || '/'} ${problem.message}`);
    const file = parsed as CampaignFile;
    const problems = settingsProblems(file.kind, file.settings);
    if (problems.length > 0) throw new Error(`campaign seed ${where}: ${problems.join('; ')}`);
    return file;
  });
  checkReferences(campaigns);
  return campaigns;
}

function checkReferences(campaigns: CampaignFile[]): void {
  const templates = new Set(campaigns.flatMap((c) => (c.couponTemplates ?? []).map((t) => t.key)));
  for (const campaign of campaigns) {
    const prizes = new Set((campaign.prizes ?? []).map((p) => p.key));
    const named = referencedKeys(campaign.kind, campaign.settings);
    const missingPrize = [...named.prizes, ...(campaign.passwords ?? []).map((p) => p.prize)].find(
      (key) => !prizes.has(key),
    );
    if (missingPrize)
      throw new Error(
        `campaign seed ${campaign.id} names prize ${missingPrize}, which it does not list`,
      );
    const fallback = (campaign.settings as { fallbackPrize?: unknown }).fallbackPrize;
    const fallbackPrize = (campaign.prizes ?? []).find((p) => p.key === fallback);
    if (fallbackPrize && fallbackPrize.stock !== undefined && fallbackPrize.stock !== null) {
      throw new Error(
        `campaign seed ${campaign.id}: the fallback prize ${fallbackPrize.key} must have unlimited stock`,
      );
    }
    const couponPrizes = (campaign.prizes ?? [])
      .filter((p) => p.kind === 'coupon')
      .map((p) => p.value ?? '');
    const missingTemplate = [
      ...named.templates,
      ...couponPrizes,
      ...(campaign.exchangeCodes ?? []).map((c) => c.template),
    ].find((key) => !templates.has(key));
    if (missingTemplate !== undefined)
      throw new Error(
        `campaign seed ${campaign.id} names coupon template "${missingTemplate}", which no file lists`,
      );
  }
}

/** Writes what is missing of the campaign files; answers the codes this install uses for the files' labels. */
export async function seedCampaigns(
  db: Kysely<Database>,
  now: number,
  dir?: string,
): Promise<DemoCode[]> {
  const campaigns = readCampaignFiles(dir);
  return inTransaction(db, async (trx) => {
    const codes: DemoCode[] = [];
    const generated = async (campaignId: string, kind: DemoCode['kind'], label: string) => {
      const value = await rememberedCode(
        trx,
        `campaigns.demo.${kind}:${campaignId}:${label}`,
        newExchangeCode,
      );
      codes.push({ campaignId, kind, label, value });
      return value;
    };
    // Templates first: prizes of other campaigns name them.
    for (const campaign of campaigns) await writeCampaign(trx, campaign, now, false);
    for (const campaign of campaigns) {
      for (const template of campaign.couponTemplates ?? [])
        await writeCouponTemplate(trx, campaign.id, template, now, false);
    }
    for (const campaign of campaigns) {
      for (const prize of campaign.prizes ?? [])
        await writePrize(trx, campaign.id, prize, now, false);
      for (const entry of campaign.passwords ?? []) {
        const password = await generated(campaign.id, 'password', entry.password);
        await writePassword(trx, campaign.id, { ...entry, password }, now, false);
      }
      for (const entry of campaign.exchangeCodes ?? []) {
        const code = await generated(campaign.id, 'exchangeCode', entry.code);
        await writeExchangeCode(trx, code, entry.template, instantMs(entry.expiresAt), now);
      }
    }
    return codes;
  });
}
