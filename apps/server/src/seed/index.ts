import { createHmac, randomBytes } from 'node:crypto';
import { hashToken } from '../im/accounts/index.ts';
import type { Store } from '../store/index.ts';
import type { Config } from '../config/index.ts';
import { seedCampaigns, seedConsoleOperator, type DemoCode } from '../campaigns/index.ts';
import {
  appSecret,
  findAccountToken,
  inSeedTransaction,
  insertApp,
  insertDemoAccount,
  saveDefaultAppKey,
  setAccountToken,
  setAppSecret,
  storedDefaultAppKey,
} from './seed-store.ts';

/** The demo IM accounts created on first start, so a person can try chat at once. */
export const DEMO_ACCOUNTS = [
  { accid: 'demo1', nick: '小零' },
  { accid: 'demo2', nick: '小食' },
  { accid: 'demo3', nick: '店小二' },
] as const;

export const DEFAULT_APP_NAME = 'Morsel demo';

export interface SeedSummary {
  appKey: string;
  demoAccounts: { accid: string; token: string }[];
  /** The demo campaigns' passwords and exchange codes this install generated (empty without MORSEL_SEED_DEMO). */
  demoCodes: DemoCode[];
  /**
   * The default app's secret when this start generated it (a first start in development without
   * MORSEL_IM_APP_SECRET): the banner shows it this once, since the store is the only other copy.
   */
  generatedSecret?: string;
  /**
   * The operator console account a first start in development made, with its generated password:
   * shown once by the banner (the store keeps only its hash). Production makes none.
   */
  generatedConsoleAccount?: { name: string; password: string };
}

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A demo account's token, derived from the app secret: the store keeps only token digests, so
 * the seed recomputes the token on every start instead of reading it back (32 hex characters).
 */
const demoToken = (appSecret: string, accid: string) =>
  createHmac('sha256', appSecret).update(`demo-token:${accid}`).digest('hex').slice(0, 32);

/**
 * Seeds what a fresh install needs; safe to run on every start. The default IM app takes its key
 * and secret from config when given (config wins over what is stored), else generated ones that
 * are kept. Demo accounts are created once; later features add their own seed steps here.
 */
export async function seed(store: Store, config: Config): Promise<SeedSummary> {
  const { db } = store;
  const now = Date.now();
  // The demo campaigns (apps/server/seed/campaigns/*.json), development only: what is missing is
  // inserted, with passwords and exchange codes generated for this install.
  const demoCodes = config.seedDemo ? await seedCampaigns(db, now) : [];
  const consoleAccount =
    config.mode === 'development' ? await seedConsoleOperator(db, now) : undefined;
  return inSeedTransaction(db, async (trx) => {
    const stored = await storedDefaultAppKey(trx);
    const appKey = config.imAppKey ?? stored ?? randomHex(16);
    const existing = await appSecret(trx, appKey);
    const secret = config.imAppSecret ?? existing ?? randomHex(16);
    if (existing === undefined) {
      await insertApp(trx, { appKey, secret, name: DEFAULT_APP_NAME, now });
    } else if (config.imAppSecret && existing !== config.imAppSecret) {
      await setAppSecret(trx, appKey, config.imAppSecret);
    }
    if (stored !== appKey) await saveDefaultAppKey(trx, appKey, stored !== undefined);

    // Demo accounts get their derived token back on every start (a refreshToken of a demo account
    // lasts until the next start): the summary must name tokens that work.
    const demoAccounts: SeedSummary['demoAccounts'] = [];
    if (config.seedDemo) {
      for (const account of DEMO_ACCOUNTS) {
        const token = demoToken(secret, account.accid);
        const tokenHash = hashToken(token);
        const found = await findAccountToken(trx, appKey, account.accid);
        if (!found) {
          await insertDemoAccount(trx, { appKey, ...account, tokenHash, now });
        } else if (found.token !== tokenHash) {
          await setAccountToken(trx, found.id, tokenHash, now);
        }
        demoAccounts.push({ accid: account.accid, token });
      }
    }
    const generated = existing === undefined && !config.imAppSecret;
    return {
      appKey,
      demoAccounts,
      demoCodes,
      ...(generated && { generatedSecret: secret }),
      ...(consoleAccount && { generatedConsoleAccount: consoleAccount }),
    };
  });
}
