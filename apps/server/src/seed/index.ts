import { createHmac, randomBytes } from 'node:crypto';
import { hashToken } from '../im/accounts/index.ts';
import type { Store } from '../store/index.ts';
import type { Config } from '../config/index.ts';
import { seedCampaigns, type DemoCode } from '../campaigns/index.ts';

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
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'im.defaultAppKey')
      .executeTakeFirst();
    const appKey = config.imAppKey ?? stored?.value ?? randomHex(16);
    const existing = await trx
      .selectFrom('im_apps')
      .select('secret')
      .where('app_key', '=', appKey)
      .executeTakeFirst();
    const appSecret = config.imAppSecret ?? existing?.secret ?? randomHex(16);
    if (!existing) {
      await trx
        .insertInto('im_apps')
        .values({ app_key: appKey, secret: appSecret, name: DEFAULT_APP_NAME, created_at: now })
        .execute();
    } else if (config.imAppSecret && existing.secret !== config.imAppSecret) {
      await trx
        .updateTable('im_apps')
        .set({ secret: config.imAppSecret })
        .where('app_key', '=', appKey)
        .execute();
    }
    if (stored?.value !== appKey) {
      if (stored)
        await trx
          .updateTable('meta')
          .set({ value: appKey })
          .where('key', '=', 'im.defaultAppKey')
          .execute();
      else
        await trx.insertInto('meta').values({ key: 'im.defaultAppKey', value: appKey }).execute();
    }

    // Demo accounts get their derived token back on every start (a refreshToken of a demo account
    // lasts until the next start): the summary must name tokens that work.
    const demoAccounts: SeedSummary['demoAccounts'] = [];
    if (config.seedDemo) {
      for (const account of DEMO_ACCOUNTS) {
        const token = demoToken(appSecret, account.accid);
        const found = await trx
          .selectFrom('im_accounts')
          .select(['id', 'token'])
          .where('app_key', '=', appKey)
          .where('accid', '=', account.accid)
          .executeTakeFirst();
        if (!found) {
          await trx
            .insertInto('im_accounts')
            .values({
              app_key: appKey,
              accid: account.accid,
              nick: account.nick,
              token: hashToken(token),
              disabled: 0,
              created_at: now,
              updated_at: now,
            })
            .execute();
        } else if (found.token !== hashToken(token)) {
          await trx
            .updateTable('im_accounts')
            .set({ token: hashToken(token), updated_at: now })
            .where('id', '=', found.id)
            .execute();
        }
        demoAccounts.push({ accid: account.accid, token });
      }
    }
    return { appKey, demoAccounts, demoCodes };
  });
}
