// Installs seeded before demo codes were generated per install hold the repository's public
// passwords and exchange codes (review finding M10), live until 2027. End them now: a password
// stops at this moment, an unused exchange code expires. Nothing is deleted, so history and
// awards that name them stay intact. Development installs get generated codes from the seed.
import type { Kysely } from 'kysely';

/** As stored: passwords are kept normalised (no spaces, Latin letters upper-cased). */
export const PUBLIC_DEMO_PASSWORDS = ['零食节快乐', 'MORSEL2026', '坚果自由', '年货节快乐'];
export const PUBLIC_DEMO_EXCHANGE_CODES = ['SNACK2026', 'NUTS8888'];

interface DemoCodeTables {
  campaign_passwords: { password: string; ends_at: number };
  coupon_exchange_codes: { code: string; expires_at: number; used_by: number | null };
}

export async function up(untyped: Kysely<unknown>, now: number = Date.now()): Promise<void> {
  const db = untyped as Kysely<DemoCodeTables>;
  await db
    .updateTable('campaign_passwords')
    .set({ ends_at: now })
    .where('password', 'in', PUBLIC_DEMO_PASSWORDS)
    .where('ends_at', '>', now)
    .execute();
  await db
    .updateTable('coupon_exchange_codes')
    .set({ expires_at: now })
    .where('code', 'in', PUBLIC_DEMO_EXCHANGE_CODES)
    .where('used_by', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function down(): Promise<void> {}
