import { randomBytes } from 'node:crypto';
import type { Store } from '../store/index.ts';
import type { Config } from '../config/index.ts';
import { seedCampaigns } from '../campaigns/index.ts';

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
}

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Seeds what a fresh install needs; safe to run on every start. The default IM app takes its key
 * and secret from config when given (config wins over what is stored), else generated ones that
 * are kept. Demo accounts are created once; later features add their own seed steps here.
 */
export async function seed(store: Store, config: Config): Promise<SeedSummary> {
  const { db } = store;
  const now = Date.now();
  // Campaign configuration (apps/server/seed/campaigns/*.json): what is missing is inserted.
  await seedCampaigns(db, now);
  return db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('meta').select('value').where('key', '=', 'im.defaultAppKey').executeTakeFirst();
    const appKey = config.imAppKey ?? stored?.value ?? randomHex(16);
    const existing = await trx.selectFrom('im_apps').select('secret').where('app_key', '=', appKey).executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('im_apps')
        .values({ app_key: appKey, secret: config.imAppSecret ?? randomHex(16), name: DEFAULT_APP_NAME, created_at: now })
        .execute();
    } else if (config.imAppSecret && existing.secret !== config.imAppSecret) {
      await trx.updateTable('im_apps').set({ secret: config.imAppSecret }).where('app_key', '=', appKey).execute();
    }
    if (stored?.value !== appKey) {
      if (stored) await trx.updateTable('meta').set({ value: appKey }).where('key', '=', 'im.defaultAppKey').execute();
      else await trx.insertInto('meta').values({ key: 'im.defaultAppKey', value: appKey }).execute();
    }

    if (config.seedDemo) {
      for (const account of DEMO_ACCOUNTS) {
        const found = await trx
          .selectFrom('im_accounts')
          .select('id')
          .where('app_key', '=', appKey)
          .where('accid', '=', account.accid)
          .executeTakeFirst();
        if (!found) {
          await trx
            .insertInto('im_accounts')
            .values({ app_key: appKey, accid: account.accid, nick: account.nick, token: randomHex(16), disabled: 0, created_at: now, updated_at: now })
            .execute();
        }
      }
    }
    const demoAccounts = await trx
      .selectFrom('im_accounts')
      .select(['accid', 'token'])
      .where('app_key', '=', appKey)
      .where('accid', 'in', DEMO_ACCOUNTS.map((a) => a.accid))
      .orderBy('accid')
      .execute();
    return { appKey, demoAccounts };
  });
}
