// SMS codes are stored hashed (product/store/sms-captchas.ts): `salt$sha256` needs more room than
// the six digits had. Codes in flight when this runs were plaintext; they live 5 minutes and
// simply fail to match, so they are deleted rather than converted.
import type { Kysely } from 'kysely';
import { isSqlite } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('sms_captchas' as never).execute();
  // SQLite does not enforce varchar lengths; PostgreSQL does.
  if (!isSqlite(db)) {
    await db.schema
      .alterTable('sms_captchas')
      .alterColumn('code', (c) => c.setDataType('varchar(128)'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('sms_captchas' as never).execute();
  if (!isSqlite(db)) {
    await db.schema
      .alterTable('sms_captchas')
      .alterColumn('code', (c) => c.setDataType('varchar(8)'))
      .execute();
  }
}
