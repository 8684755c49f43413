// Campaign configuration is data: every JSON file in apps/server/seed/campaigns is checked (by
// the admin API's own checks) and written on start, inserting only what is missing, so an operator's changes through the admin
// API survive restarts and a new prize or template added to a file appears on the next start.
// These files are the development demo (MORSEL_SEED_DEMO): their passwords and exchange codes
// are labels, public in the repository, so each install goes live with codes of its own,
// generated once and remembered (store/demo-codes.ts), never with the labels themselves.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../store/index.ts';
import { CampaignFile } from '@morsel/api';
import {
  writeCampaign,
  writeCouponTemplate,
  writeExchangeCode,
  writePassword,
  writePrize,
} from './config-store.ts';
import { configProblemsWith, repeatedPrizeProblems, windowProblems } from './admin/checks.ts';
import { problemsText, schemaProblems, type Problem } from './admin/problems.ts';
import { instantMs } from './schemas.ts';
import { inTransaction } from './kernel/transaction.ts';
import { newExchangeCode } from './kernel/coupons.ts';
import { rememberedCode } from './store/demo-codes.ts';
import { serverPath } from '../paths.ts';

/** A generated code and the label the seed file gives it. */
export interface DemoCode {
  campaignId: string;
  kind: 'password' | 'exchangeCode';
  /** What the seed file says (e.g. 零食节快乐); never accepted by the server. */
  label: string;
  /** What this install accepts instead. */
  value: string;
}

export const CAMPAIGN_SEED_DIR = serverPath('seed', 'campaigns');

/** A seed file's name and what is wrong with it. */
interface FileProblems {
  file: string;
  problems: Problem[];
}

/**
 * Reads and checks every campaign file with the admin API's checks (admin/checks.ts): the file's
 * schema, the kind's settings, the board, the prizes and templates it names. A bad file stops
 * the start with one message naming every file and every problem in it, in Chinese.
 */
export function readCampaignFiles(dir: string = CAMPAIGN_SEED_DIR): CampaignFile[] {
  if (!fs.existsSync(dir)) return [];
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const bad: FileProblems[] = [];
  const files: { name: string; campaign: CampaignFile }[] = [];
  for (const name of names) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch (error) {
      bad.push({
        file: name,
        problems: [{ field: '', expects: `不是有效的 JSON（${(error as Error).message}）` }],
      });
      continue;
    }
    const problems = schemaProblems(CampaignFile, parsed, '');
    if (problems.length > 0) bad.push({ file: name, problems });
    else files.push({ name, campaign: parsed as CampaignFile });
  }
  // Coupon prizes and exchange codes may name a template of another file.
  const templates = new Set(
    files.flatMap(({ campaign }) => (campaign.couponTemplates ?? []).map((t) => t.key)),
  );
  for (const { name, campaign } of files) {
    const problems = campaignFileProblems(campaign, templates);
    if (problems.length > 0) bad.push({ file: name, problems });
  }
  if (bad.length > 0) {
    const lines = bad.map(
      ({ file, problems }) => `  ${path.join(dir, file)}：${problemsText(problems)}`,
    );
    throw new Error(`活动种子文件不正确，服务未启动：\n${lines.join('\n')}`);
  }
  return files.map(({ campaign }) => campaign);
}

/** What the admin API would refuse of this campaign, and what only a file can get wrong. */
function campaignFileProblems(campaign: CampaignFile, templates: ReadonlySet<string>): Problem[] {
  const prizes = campaign.prizes ?? [];
  const shapes = prizes.map((p) => ({ ...p, value: p.value ?? '', stock: p.stock ?? null }));
  const keys = new Set(prizes.map((p) => p.key));
  return [
    ...windowProblems(instantMs(campaign.startsAt), instantMs(campaign.endsAt)),
    ...repeatedPrizeProblems(prizes),
    ...configProblemsWith(campaign.kind, campaign.settings, shapes, templates),
    ...(campaign.passwords ?? [])
      .filter((entry) => !keys.has(entry.prize))
      .map((entry) => ({
        field: `passwords.${entry.password}.prize`,
        expects: `应为本文件 prizes 中的奖品（${entry.prize} 不存在）`,
      })),
    ...(campaign.exchangeCodes ?? [])
      .filter((entry) => !templates.has(entry.template))
      .map((entry) => ({
        field: `exchangeCodes.${entry.code}.template`,
        expects: `应为某个种子文件 couponTemplates 中的模板（${entry.template} 不存在）`,
      })),
  ];
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
